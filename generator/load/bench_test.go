package load_test

import (
	"context"
	"testing"

	"github.com/swag2mcp/swag2mcp/generator/load"
	"github.com/swag2mcp/swag2mcp/internal/benchspec"
)

// BenchmarkLoad measures the loader alone (reading, libopenapi's parse,
// index and model, and our reference checks): the share of
// BenchmarkGenerate no later stage can win back.
func BenchmarkLoad(b *testing.B) {
	benchspec.Run(b, "../..", func(b *testing.B, spec string) {
		for b.Loop() {
			doc, diags := load.Load(context.Background(), spec, load.Options{})
			if doc == nil || diags.HasErrors() {
				b.Fatalf("load: %v", diags)
			}
		}
	})
}
