package auth

import (
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// TestEnvVarsFromCatalog checks that the catalog's names are used as given.
func TestEnvVarsFromCatalog(t *testing.T) {
	def := catalog.SecurityScheme{Name: "k", Type: "apiKey", In: "header", ParamName: "K", EnvVars: []string{"CUSTOM_NAME"}}
	cat := &catalog.Catalog{Specs: []catalog.Spec{{ID: "x", Domain: "x", EnvPrefix: "X", Security: []catalog.SecurityScheme{def}}}}
	p := mustNew(t, cat, Options{Getenv: env(map[string]string{"CUSTOM_NAME": "v", "X_K": "w"})})
	if got := p.value(p.schemes[0][0], varValue); got != "v" {
		t.Errorf("value = %q, want %q", got, "v")
	}
}

// TestCollidingSchemesReadTheirOwnVariables checks that schemes whose
// plain names clash (api-key, api_key and API.KEY all give SPEC_API_KEY)
// each read and send their own variable: from the names the generator
// wrote into the catalog and, for a catalog without them, from
// catalog.CredentialEnvVars, the same rule.
func TestCollidingSchemesReadTheirOwnVariables(t *testing.T) {
	schemes := func() []catalog.SecurityScheme {
		return []catalog.SecurityScheme{
			{Name: "api-key", Type: "apiKey", In: "header", ParamName: "X-API-Key"},
			{Name: "api_key", Type: "apiKey", In: "query", ParamName: "key"},
			{Name: "API.KEY", Type: "http", Scheme: "bearer"},
		}
	}
	written := schemes()
	names := catalog.CredentialEnvVars([]catalog.Spec{{EnvPrefix: "SPEC", Security: written}})
	for j := range written {
		written[j].EnvVars = names[0][j]
	}
	vars := map[string]string{"SPEC_API_KEY": "header-secret", "SPEC_API_KEY_2": "query-secret", "SPEC_API_KEY_3": "bearer-secret"}
	for name, security := range map[string][]catalog.SecurityScheme{"names in the catalog": written, "names by the rule": schemes()} {
		t.Run(name, func(t *testing.T) {
			cat := &catalog.Catalog{Specs: []catalog.Spec{{ID: "s", Domain: "spec", EnvPrefix: "SPEC", Security: security}}}
			p := mustNew(t, cat, Options{Getenv: env(vars)})
			u := newUpstream(t)
			want := []recorded{{APIKey: "header-secret"}, {RawQuery: "key=query-secret"}, {Authorization: "Bearer bearer-secret"}}
			for i, w := range want {
				got, err := u.send(t, p, []catalog.Requirement{req1(i)}, "", nil)
				if err != nil {
					t.Fatalf("scheme %d: %v", i, err)
				}
				if got != w {
					t.Errorf("scheme %q sent %+v, want %+v", security[i].Name, got, w)
				}
			}
		})
	}
}
