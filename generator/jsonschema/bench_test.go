package jsonschema

import (
	"os"
	"testing"

	"github.com/pb33f/libopenapi/datamodel"
	"github.com/pb33f/libopenapi/datamodel/high/base"
	v3high "github.com/pb33f/libopenapi/datamodel/high/v3"
)

// operationSchemas lists every parameter, request body and response schema
// of doc's operations, in spec order.
func operationSchemas(doc *v3high.Document) []*base.SchemaProxy {
	var out []*base.SchemaProxy
	for _, pi := range doc.Paths.PathItems.FromOldest() {
		for _, op := range pi.GetOperations().FromOldest() {
			for _, p := range append(pi.Parameters, op.Parameters...) {
				if p.Schema != nil {
					out = append(out, p.Schema)
				}
			}
			if op.RequestBody != nil {
				for _, mt := range op.RequestBody.Content.FromOldest() {
					out = append(out, mt.Schema)
				}
			}
			if op.Responses != nil {
				for _, resp := range op.Responses.Codes.FromOldest() {
					for _, mt := range resp.Content.FromOldest() {
						out = append(out, mt.Schema)
					}
				}
			}
		}
	}
	return out
}

// BenchmarkRegistryGitHub renders every operation schema of GitHub's REST
// spec (with its defs). Set SWAG2MCP_GITHUB_SPEC to the spec's path, e.g.
// package/generated/api.github.com.json from `npm pack @octokit/openapi`.
func BenchmarkRegistryGitHub(b *testing.B) {
	path := os.Getenv("SWAG2MCP_GITHUB_SPEC")
	if path == "" {
		b.Skip("SWAG2MCP_GITHUB_SPEC not set")
	}
	spec, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	doc := loadV3(b, string(spec), &datamodel.DocumentConfiguration{})
	schemas := operationSchemas(doc)
	b.ResetTimer()
	var bytes, defs int
	for b.Loop() {
		r := NewRegistry(OpenAPI30, Options{})
		bytes = 0
		for _, sp := range schemas {
			js, _, _ := r.Schema(sp)
			bytes += len(js)
		}
		defs = len(r.Defs())
		for _, d := range r.Defs() {
			bytes += len(d.Schema)
		}
	}
	b.ReportMetric(float64(len(schemas)), "schemas")
	b.ReportMetric(float64(defs), "defs")
	b.ReportMetric(float64(bytes), "json-bytes")
}
