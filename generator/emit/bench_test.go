package emit

import (
	"testing"

	"github.com/swag2mcp/swag2mcp"
)

// BenchmarkEmit emits an API of 1,000 endpoints with 2 KB documents.
func BenchmarkEmit(b *testing.B) {
	api := synthetic(1000, 2048)
	opts := Options{Version: "0.1.0", GoMod: swag2mcp.GoMod(), GoSum: swag2mcp.GoSum()}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Emit(api, opts); err != nil {
			b.Fatal(err)
		}
	}
}
