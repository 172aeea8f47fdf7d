package catalog

import (
	"slices"
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
// The generator names the variables with it (the README lists them) and
// the runtime reads them with it, so both always agree.
func SchemeEnvVars(prefix string, s *SecurityScheme) []string {
	p := prefix + "_" + EnvWord(s.Name)
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
