package index

import (
	"context"
	"testing"

	"github.com/swag2mcp/swag2mcp/generator/build"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/load"
	"github.com/swag2mcp/swag2mcp/internal/benchspec"
)

// BenchmarkDocs times the endpoints' search texts (bodies' properties
// included) of each bench spec, lowered once outside the loop.
func BenchmarkDocs(b *testing.B) {
	benchspec.Run(b, "../..", func(b *testing.B, spec string) {
		api := lowered(b, spec)
		for b.Loop() {
			Docs(api)
		}
	})
}

// BenchmarkBuild times the whole search index of each bench spec.
func BenchmarkBuild(b *testing.B) {
	benchspec.Run(b, "../..", func(b *testing.B, spec string) {
		api := lowered(b, spec)
		for b.Loop() {
			Build(api)
		}
	})
}

// lowered loads and lowers spec.
func lowered(b *testing.B, spec string) *ir.API {
	b.Helper()
	doc, ds := load.Load(context.Background(), spec, load.Options{})
	if doc == nil || ds.HasErrors() {
		b.Fatalf("load: %v", ds)
	}
	api, ds := build.Build([]*load.Doc{doc}, build.Options{})
	if api == nil || ds.HasErrors() {
		b.Fatalf("build: %v", ds)
	}
	return api
}
