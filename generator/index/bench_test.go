package index

import (
	"testing"

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
