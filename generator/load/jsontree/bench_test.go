package jsontree

import (
	"os"
	"runtime"
	"testing"

	"github.com/pb33f/libopenapi/datamodel"

	"github.com/swag2mcp/swag2mcp/internal/benchspec"
)

// BenchmarkParse reads each spec with Parse on every core and, as the
// peer in the same run, with libopenapi's reader.
func BenchmarkParse(b *testing.B) {
	benchspec.Run(b, "../../..", func(b *testing.B, spec string) {
		data, err := os.ReadFile(spec)
		if err != nil {
			b.Fatal(err)
		}
		if _, ok := Parse(data, 0); !ok {
			b.Skip("jsontree leaves this spec to libopenapi (the golden petstore is YAML)")
		}
		b.Run("jsontree", func(b *testing.B) {
			for b.Loop() {
				if _, ok := Parse(data, runtime.GOMAXPROCS(0)); !ok {
					b.Fatal("declined")
				}
			}
		})
		b.Run("libopenapi", func(b *testing.B) {
			cfg := &datamodel.DocumentConfiguration{BypassDocumentCheck: true, SkipJSONConversion: true}
			for b.Loop() {
				if _, err := datamodel.ExtractSpecInfoWithConfig(data, cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
}
