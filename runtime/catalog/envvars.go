package catalog

import (
	"slices"
	"strconv"
	"strings"
)

// SchemeEnvVars lists the environment variables that configure a security
// scheme of a spec whose variables start with prefix: {prefix}_{SCHEME}
// with SCHEME the scheme's name upper-cased and every non-alphanumeric
// turned into '_', plus a suffix by kind:
//
//	apiKey, http bearer (and other http schemes)  {P}_{S}
//	http basic                                    {P}_{S}_USERNAME, {P}_{S}_PASSWORD
//	oauth2 with client credentials                {P}_{S}_CLIENT_ID, {P}_{S}_CLIENT_SECRET,
//	                                              {P}_{S}_TOKEN_URL, {P}_{S}_SCOPES (both optional)
//	other oauth2, openIdConnect                   {P}_{S}_TOKEN
//	mutualTLS                                     none
//
// These are a scheme's names when no other variable of the server has them;
// CredentialEnvVars gives the names a scheme really reads.
func SchemeEnvVars(prefix string, s *SecurityScheme) []string {
	return schemeVars(prefix+"_"+EnvWord(s.Name), s)
}

// schemeVars is SchemeEnvVars for the stem {P}_{S}.
func schemeVars(p string, s *SecurityScheme) []string {
	switch strings.ToLower(s.Type) {
	case "apikey":
		return []string{p}
	case "http", "basic":
		if strings.EqualFold(s.Scheme, "basic") || strings.EqualFold(s.Type, "basic") {
			return []string{p + "_USERNAME", p + "_PASSWORD"}
		}
		return []string{p}
	case "oauth2":
		if slices.Contains(s.Flows, "clientCredentials") {
			return []string{p + "_CLIENT_ID", p + "_CLIENT_SECRET", p + "_TOKEN_URL", p + "_SCOPES"}
		}
		return []string{p + "_TOKEN"}
	case "openidconnect":
		return []string{p + "_TOKEN"}
	}
	return nil
}

// SpecEnvVars lists the variables a spec reads besides credentials: its
// base URL override, cooldown and timeout.
func SpecEnvVars(prefix string) []string {
	return []string{prefix + "_BASE_URL", prefix + "_COOLDOWN", prefix + "_TIMEOUT"}
}

// CredentialEnvVars names the variables of every security scheme of specs,
// indexed [spec][scheme], so that no two schemes share a variable and no
// scheme takes a spec's own (SpecEnvVars): security schemes "api-key",
// "api_key" and "API.KEY" all map to {P}_API_KEY by SchemeEnvVars, and one
// secret would be sent three ways. Specs, then schemes, are named in
// order; a scheme any of whose SchemeEnvVars names is taken gets the stem
// {P}_{S}_2 (or _3, …: the first whose names are all free). So the first
// scheme keeps its plain names and the result depends only on the specs'
// prefixes and schemes, in order.
//
// The generator names the variables with it (the README lists them) and
// the runtime reads them with it, so both always agree.
func CredentialEnvVars(specs []Spec) [][][]string {
	taken := map[string]bool{}
	for _, sp := range specs {
		for _, v := range SpecEnvVars(sp.EnvPrefix) {
			taken[v] = true
		}
	}
	free := func(vars []string) bool {
		for _, v := range vars {
			if taken[v] {
				return false
			}
		}
		return true
	}
	out := make([][][]string, len(specs))
	for i, sp := range specs {
		out[i] = make([][]string, len(sp.Security))
		for j := range sp.Security {
			s := &sp.Security[j]
			stem := sp.EnvPrefix + "_" + EnvWord(s.Name)
			vars := schemeVars(stem, s)
			for n := 2; !free(vars); n++ {
				vars = schemeVars(stem+"_"+strconv.Itoa(n), s)
			}
			for _, v := range vars {
				taken[v] = true
			}
			out[i][j] = vars
		}
	}
	return out
}

// EnvWord upper-cases s and turns every character outside [A-Z0-9] into '_'.
func EnvWord(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}
