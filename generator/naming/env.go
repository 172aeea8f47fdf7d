package naming

import (
	"slices"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

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

// def is s as the runtime's catalog describes it.
func (s Scheme) def() catalog.SecurityScheme {
	def := catalog.SecurityScheme{Name: s.Name, Type: s.Type, Scheme: s.HTTPScheme}
	if s.ClientCredentials {
		def.Flows = []string{"clientCredentials"}
	}
	return def
}

// SchemeEnvVars lists the plain environment variable names of a security
// scheme, those it has when no other variable takes them (see
// CredentialEnvVars). The rule is runtime/catalog.SchemeEnvVars.
func SchemeEnvVars(prefix string, s Scheme) []string {
	def := s.def()
	return catalog.SchemeEnvVars(prefix, &def)
}

// CredentialSpec is one spec as far as its credential variables depend on it.
type CredentialSpec struct {
	Prefix  string   // the spec's EnvPrefix
	Schemes []Scheme // in spec order
}

// Renamed is a scheme that could not have its plain variable names.
type Renamed struct {
	Spec, Scheme int      // indexes into the specs and their schemes
	Plain        []string // the names SchemeEnvVars gives
	Vars         []string // the names it reads instead
	Taken        string   // the first plain name that was taken
	// Holder is what has Taken: Holder.Scheme of spec Holder.Spec, or, when
	// Holder.Scheme is -1, one of that spec's own settings (SpecEnvVars).
	Holder struct{ Spec, Scheme int }
}

// CredentialEnvVars names the credential variables of every scheme of
// specs, indexed [spec][scheme], unique across the server, and lists the
// schemes that had to give up their plain names. The rule is
// runtime/catalog.CredentialEnvVars, which generated servers read the
// variables with, so names and reading always agree.
func CredentialEnvVars(specs []CredentialSpec) ([][][]string, []Renamed) {
	cat := make([]catalog.Spec, len(specs))
	for i, sp := range specs {
		cat[i].EnvPrefix = sp.Prefix
		for _, s := range sp.Schemes {
			cat[i].Security = append(cat[i].Security, s.def())
		}
	}
	vars := catalog.CredentialEnvVars(cat)

	type place struct{ spec, scheme int }
	holder := map[string]place{}
	for i, sp := range specs {
		for _, v := range catalog.SpecEnvVars(sp.Prefix) {
			holder[v] = place{i, -1}
		}
		for j := range sp.Schemes {
			for _, v := range vars[i][j] {
				holder[v] = place{i, j}
			}
		}
	}
	var renamed []Renamed
	for i, sp := range specs {
		for j, s := range sp.Schemes {
			plain := SchemeEnvVars(sp.Prefix, s)
			if slices.Equal(plain, vars[i][j]) {
				continue
			}
			r := Renamed{Spec: i, Scheme: j, Plain: plain, Vars: vars[i][j]}
			for _, v := range plain {
				if h, ok := holder[v]; ok {
					r.Taken = v
					r.Holder.Spec, r.Holder.Scheme = h.spec, h.scheme
					break
				}
			}
			renamed = append(renamed, r)
		}
	}
	return vars, renamed
}
