package naming

import "strings"

// EnvPrefix is the prefix of every environment variable of a spec:
// the domain upper-cased with '-' turned into '_' (petstore → PETSTORE).
func EnvPrefix(domain string) string {
	return envWord(domain)
}

// BaseURLVar is the environment variable that overrides a spec's base URL.
func BaseURLVar(prefix string) string { return prefix + "_BASE_URL" }

// Scheme describes a security scheme as far as its variable names depend on it.
type Scheme struct {
	Name              string // key in the spec
	Type              string // apiKey, http, oauth2, openIdConnect, mutualTLS
	HTTPScheme        string // http: basic, bearer, …
	ClientCredentials bool   // oauth2: has a clientCredentials (2.0: application) flow
}

// SchemeEnvVars lists the environment variables that configure a security
// scheme, {prefix}_{SCHEME}[_SUFFIX] with SCHEME the scheme key upper-cased
// and every non-alphanumeric turned into '_':
//
//	apiKey, http bearer (and other http schemes)  {P}_{S}
//	http basic                                    {P}_{S}_USERNAME, {P}_{S}_PASSWORD
//	oauth2 with client credentials                {P}_{S}_CLIENT_ID, {P}_{S}_CLIENT_SECRET,
//	                                              {P}_{S}_TOKEN_URL, {P}_{S}_SCOPES (both optional)
//	other oauth2, openIdConnect                   {P}_{S}_TOKEN
//	mutualTLS                                     none
func SchemeEnvVars(prefix string, s Scheme) []string {
	p := prefix + "_" + envWord(s.Name)
	switch strings.ToLower(s.Type) {
	case "apikey":
		return []string{p}
	case "http", "basic":
		if strings.EqualFold(s.HTTPScheme, "basic") || strings.EqualFold(s.Type, "basic") {
			return []string{p + "_USERNAME", p + "_PASSWORD"}
		}
		return []string{p}
	case "oauth2":
		if s.ClientCredentials {
			return []string{p + "_CLIENT_ID", p + "_CLIENT_SECRET", p + "_TOKEN_URL", p + "_SCOPES"}
		}
		return []string{p + "_TOKEN"}
	case "openidconnect":
		return []string{p + "_TOKEN"}
	}
	return nil
}

// envWord upper-cases s and turns every character outside [A-Z0-9] into '_'.
func envWord(s string) string {
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
