package auth

import (
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// kind is how a scheme's credentials are applied.
type kind int

const (
	kindUnsupported       kind = iota // e.g. mutualTLS: nothing this package can send
	kindAPIKey                        // PREFIX_SCHEME in a header, query parameter or cookie
	kindBasic                         // PREFIX_SCHEME_USERNAME, PREFIX_SCHEME_PASSWORD
	kindHTTPToken                     // PREFIX_SCHEME as "Authorization: <scheme> <value>"
	kindClientCredentials             // PREFIX_SCHEME_CLIENT_ID, _CLIENT_SECRET, _TOKEN_URL, _SCOPES
	kindToken                         // PREFIX_SCHEME_TOKEN as a bearer token
)

// Positions of a scheme's variables in scheme.vars, per kind.
const (
	varValue = 0 // apiKey, http token, oauth2/OIDC token

	varUsername = 0
	varPassword = 1

	varClientID     = 0
	varClientSecret = 1
	varTokenURL     = 2
	varScopes       = 3
)

// scheme is one security scheme of one spec with its variable names.
type scheme struct {
	spec int // index in Catalog.Specs
	idx  int // index in Spec.Security
	name string
	def  *catalog.SecurityScheme
	kind kind
	vars []string // in the order catalog.SchemeEnvVars gives them
}

// newScheme classifies def and takes its variable names from def.EnvVars,
// the list the README shows. A catalog without them (or with a list of
// another length) uses vars, the names catalog.CredentialEnvVars gives:
// the rule the generator named them by.
func newScheme(spec, idx int, vars []string, def *catalog.SecurityScheme) *scheme {
	s := &scheme{spec: spec, idx: idx, name: def.Name, def: def, kind: kindOf(def), vars: vars}
	if len(def.EnvVars) == len(s.vars) {
		s.vars = def.EnvVars
	}
	return s
}

// kindOf mirrors the switch of catalog.SchemeEnvVars.
func kindOf(def *catalog.SecurityScheme) kind {
	switch strings.ToLower(def.Type) {
	case "apikey":
		return kindAPIKey
	case "http", "basic":
		if strings.EqualFold(def.Scheme, "basic") || strings.EqualFold(def.Type, "basic") {
			return kindBasic
		}
		return kindHTTPToken
	case "oauth2":
		if slices.Contains(def.Flows, "clientCredentials") {
			return kindClientCredentials
		}
		return kindToken
	case "openidconnect":
		return kindToken
	}
	return kindUnsupported
}

// typeName describes the scheme for the auth tool, e.g. "http basic".
func (s *scheme) typeName() string {
	switch s.kind {
	case kindAPIKey:
		return "apiKey in " + s.def.In + " " + s.def.ParamName
	case kindBasic:
		return "http basic"
	case kindHTTPToken:
		return "http " + strings.ToLower(s.def.Scheme)
	case kindClientCredentials:
		return "oauth2 client credentials"
	case kindToken:
		if strings.EqualFold(s.def.Type, "openIdConnect") {
			return "openIdConnect token"
		}
		return "oauth2 token"
	}
	return s.def.Type
}

// optional reports whether variable i of the scheme may stay unset.
func (s *scheme) optional(i int) bool {
	switch s.kind {
	case kindBasic:
		return i == varPassword
	case kindClientCredentials:
		return i == varScopes || (i == varTokenURL && s.def.TokenURL != "")
	}
	return false
}

// secret reports whether variable i may hold a secret: everything but a
// token URL or scope list (a user name can be an API key, a client id is
// private to its owner).
func (s *scheme) secret(i int) bool {
	return s.kind != kindClientCredentials || i == varClientID || i == varClientSecret
}
