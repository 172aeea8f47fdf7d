package auth

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/generator/naming"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// TestEnvNamesMatchGenerator checks that the runtime's copy of the naming
// rule gives the generator's names, so a catalog without EnvVars reads the
// variables the README lists.
func TestEnvNamesMatchGenerator(t *testing.T) {
	tests := []catalog.SecurityScheme{
		{Name: "api_key", Type: "apiKey"},
		{Name: "Api-Key 2", Type: "apiKey"},
		{Name: "basicAuth", Type: "http", Scheme: "basic"},
		{Name: "BasicAuth", Type: "http", Scheme: "Basic"},
		{Name: "legacy", Type: "basic"},
		{Name: "jwt", Type: "http", Scheme: "bearer"},
		{Name: "digest", Type: "http", Scheme: "digest"},
		{Name: "cc", Type: "oauth2", Flows: []string{"clientCredentials"}},
		{Name: "both", Type: "oauth2", Flows: []string{"authorizationCode", "clientCredentials"}},
		{Name: "petstore_auth", Type: "oauth2", Flows: []string{"implicit"}},
		{Name: "oidc", Type: "openIdConnect"},
		{Name: "mtls", Type: "mutualTLS"},
		{Name: "ünï.cöde", Type: "apiKey"},
	}
	for _, def := range tests {
		t.Run(def.Name, func(t *testing.T) {
			want := naming.SchemeEnvVars("MY_API", naming.Scheme{
				Name: def.Name, Type: def.Type, HTTPScheme: def.Scheme,
				ClientCredentials: slices.Contains(def.Flows, "clientCredentials"),
			})
			got := newScheme(0, 0, "MY_API", &def).vars
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestEnvVarsFromCatalog checks that the catalog's names are used as given.
func TestEnvVarsFromCatalog(t *testing.T) {
	def := catalog.SecurityScheme{Name: "k", Type: "apiKey", In: "header", ParamName: "K", EnvVars: []string{"CUSTOM_NAME"}}
	cat := &catalog.Catalog{Specs: []catalog.Spec{{ID: "x", Domain: "x", EnvPrefix: "X", Security: []catalog.SecurityScheme{def}}}}
	p := mustNew(t, cat, Options{Getenv: env(map[string]string{"CUSTOM_NAME": "v", "X_K": "w"})})
	if got := p.value(p.schemes[0][0], varValue); got != "v" {
		t.Errorf("value = %q, want %q", got, "v")
	}
}
