package load_test

import (
	"context"
	"os"
	"testing"

	"github.com/swag2mcp/swag2mcp/generator/load"
)

// BenchmarkLoad measures the loader alone (reading, libopenapi's parse,
// index and model, and our reference checks): the share of
// BenchmarkGenerate no later stage can win back. GitHub's and Graph
// beta's specs run when SWAG2MCP_GITHUB_SPEC and SWAG2MCP_GRAPH_SPEC name
// them (`make bench` sets both).
func BenchmarkLoad(b *testing.B) {
	cases := []struct{ name, spec string }{
		{"petstore", "../../golden/testdata/petstore/petstore.yaml"},
		{"github", os.Getenv("SWAG2MCP_GITHUB_SPEC")},
		{"graph-beta", os.Getenv("SWAG2MCP_GRAPH_SPEC")},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			if c.spec == "" {
				b.Skipf("the %s spec's variable is not set", c.name)
			}
			b.ReportAllocs()
			for b.Loop() {
				doc, diags := load.Load(context.Background(), c.spec, load.Options{})
				if doc == nil || diags.HasErrors() {
					b.Fatalf("load: %v", diags)
				}
			}
		})
	}
}
