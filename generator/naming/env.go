package naming

import "github.com/swag2mcp/swag2mcp/runtime/catalog"

// EnvPrefix is the prefix of every environment variable of a spec:
// the domain upper-cased with '-' turned into '_' (petstore → PETSTORE).
func EnvPrefix(domain string) string {
	return catalog.EnvWord(domain)
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
// scheme. The rule is runtime/catalog.SchemeEnvVars, which generated
// servers read the variables with, so names and reading always agree.
func SchemeEnvVars(prefix string, s Scheme) []string {
	def := &catalog.SecurityScheme{Name: s.Name, Type: s.Type, Scheme: s.HTTPScheme}
	if s.ClientCredentials {
		def.Flows = []string{"clientCredentials"}
	}
	return catalog.SchemeEnvVars(prefix, def)
}
