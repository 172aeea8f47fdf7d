package build

import (
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// TestLoweredPathsReleased shows a lowered path item is dropped from both
// libopenapi models (so a giant spec's model shrinks while it is lowered)
// and that every operation was lowered first.
func TestLoweredPathsReleased(t *testing.T) {
	spec := `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get: {operationId: getA, responses: {"200": {description: ok}}}
    post: {operationId: postA, responses: {"200": {description: ok}}}
  /b/{id}:
    parameters: [{name: id, in: path, required: true, schema: {type: string}}]
    get: {operationId: getB, responses: {"200": {$ref: "#/components/responses/ok"}}}
  /c:
    delete: {operationId: delC, responses: {"204": {description: gone}}}
components:
  responses:
    ok: {description: ok, content: {application/json: {schema: {type: object}}}}
`
	d := loadSpec(t, spec)
	s, _, _, ds := lowerSpec(d, "t.example", false, filter.Rules{})
	if ds.HasErrors() {
		t.Fatalf("lower: %v", ds)
	}
	if got := len(endpoints(s)); got != 4 {
		t.Fatalf("lowered %d endpoints, want 4", got)
	}
	for path, pi := range d.V3.Paths.PathItems.FromOldest() {
		if pi != nil {
			t.Errorf("high model still holds path %s", path)
		}
	}
	for k, v := range d.V3.Paths.GoLow().PathItems.FromOldest() {
		if v.Value != nil {
			t.Errorf("low model still holds path %s", k.Value)
		}
	}
}
