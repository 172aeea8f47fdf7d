package generator_test

import (
	"context"
	"testing"

	"github.com/swag2mcp/swag2mcp/generator"
	"github.com/swag2mcp/swag2mcp/internal/benchspec"
	_ "github.com/swag2mcp/swag2mcp/internal/updateflag" // go test ./... -update must not fail here
)

// BenchmarkGenerate renders whole modules in memory (load → build → emit)
// for the specs of internal/benchspec. Peak memory of a real run is
// measured by `make report`.
func BenchmarkGenerate(b *testing.B) {
	benchspec.Run(b, "..", func(b *testing.B, spec string) {
		opts := generator.Options{Specs: []string{spec}, OutDir: b.TempDir(), RuntimeDir: ".."}
		for b.Loop() {
			if _, _, err := generator.Render(context.Background(), opts); err != nil {
				b.Fatal(err)
			}
		}
	})
}
