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
