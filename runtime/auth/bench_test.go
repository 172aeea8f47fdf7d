package auth

import (
	"net/http"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// BenchmarkApply measures what auth adds to one invoke: an API key header,
// and a cached client-credentials token.
func BenchmarkApply(b *testing.B) {
	ts := newTokenServer(b)
	vars := ccVars(map[string]string{"PETSTORE_API_KEY": "k-123"})
	p, err := New(testCatalog(ts.URL), Options{Getenv: env(vars)})
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		reqs []catalog.Requirement
	}{
		{"apiKey", []catalog.Requirement{req1(sBearer), req1(sHeaderKey)}},
		{"clientCredentialsCached", []catalog.Requirement{req1(sOAuth, "read")}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1/pets?x=1", nil)
			for b.Loop() {
				if err := p.Apply(b.Context(), &p.cat.Specs[0], bc.reqs, req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
