package generator_test

import (
	"context"
	"os"
	"testing"

	"github.com/swag2mcp/swag2mcp/generator"
	_ "github.com/swag2mcp/swag2mcp/internal/updateflag" // go test ./... -update must not fail here
)

// BenchmarkGenerate renders whole modules in memory (load → build → emit).
// GitHub's spec runs when SWAG2MCP_GITHUB_SPEC names it and Microsoft
// Graph beta's (22,361 operations) when SWAG2MCP_GRAPH_SPEC does (`make
// bench` sets both). Peak memory of a real run is measured by `make report`.
func BenchmarkGenerate(b *testing.B) {
	cases := []struct{ name, spec string }{
		{"petstore", "../golden/testdata/petstore/petstore.yaml"},
		{"github", os.Getenv("SWAG2MCP_GITHUB_SPEC")},
		{"graph-beta", os.Getenv("SWAG2MCP_GRAPH_SPEC")},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			if c.spec == "" {
				b.Skipf("the %s spec's variable is not set", c.name)
			}
			opts := generator.Options{Specs: []string{c.spec}, OutDir: b.TempDir(), RuntimeDir: ".."}
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := generator.Render(context.Background(), opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
