package load

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// examplesSpec holds example maps everywhere OpenAPI 3 allows them, a
// schema's own examples, and a broken reference inside an example map.
const examplesSpec = `openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /a/{id}:
    parameters:
      - {name: id, in: path, required: true, schema: {type: string}, examples: {one: {value: "1"}}}
    post:
      parameters:
        - name: q
          in: query
          content: {application/json: {schema: {type: string}, examples: {q: {value: x}}}}
      requestBody:
        content:
          application/json:
            schema: {type: object, examples: [{kept: true}]}
            examples: {body: {$ref: "#/components/examples/missing"}}
      responses:
        "200":
          description: ok
          headers: {X-Rate: {schema: {type: integer}, examples: {r: {value: 1}}}}
          content: {application/json: {schema: {type: object}, examples: {ok: {value: {}}}}}
components:
  examples:
    kept: {value: 1}
  responses:
    gone: {description: gone, content: {application/json: {examples: {g: {value: 1}}}}}
`

// TestDropExamples: libopenapi builds no example map of a media type,
// parameter or header, in the paths or the components; a schema's
// examples and components.examples stay; a broken reference inside a
// dropped map is still reported.
func TestDropExamples(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"spec.yaml": examplesSpec})
	d, diags := Load(context.Background(), filepath.Join(dir, "spec.yaml"), Options{})
	if d == nil {
		t.Fatalf("no model: %v", diags)
	}
	if !strings.Contains(diags.Error(), "components/examples/missing") {
		t.Errorf("the broken reference in a dropped example map was not reported: %v", diags)
	}
	for p := range d.PathsV3() {
		if p.Item == nil {
			t.Fatalf("%s: %v", p.Path, p.Diags)
		}
		if n := p.Item.Parameters[0].Examples.Len(); n != 0 {
			t.Errorf("path parameter: %d examples built", n)
		}
		op := p.Item.Post
		if n := op.Parameters[0].Content.GetOrZero("application/json").Examples.Len(); n != 0 {
			t.Errorf("parameter content: %d examples built", n)
		}
		if op.RequestBody == nil {
			t.Fatalf("no request body built")
		}
		body := op.RequestBody.Content.GetOrZero("application/json")
		if body == nil || body.Schema == nil {
			t.Fatalf("request body media type %v, want one with a schema", body)
		}
		if n := body.Examples.Len(); n != 0 {
			t.Errorf("request body: %d examples built", n)
		}
		if n := len(body.Schema.Schema().Examples); n != 1 {
			t.Errorf("the request body schema has %d examples, want its own one kept", n)
		}
		ok := op.Responses.Codes.GetOrZero("200")
		if n := ok.Headers.GetOrZero("X-Rate").Examples.Len(); n != 0 {
			t.Errorf("header: %d examples built", n)
		}
		if n := ok.Content.GetOrZero("application/json").Examples.Len(); n != 0 {
			t.Errorf("response: %d examples built", n)
		}
	}
	c := d.V3.Components
	if n := c.Responses.GetOrZero("gone").Content.GetOrZero("application/json").Examples.Len(); n != 0 {
		t.Errorf("component response: %d examples built", n)
	}
	if c.Examples.GetOrZero("kept") == nil {
		t.Errorf("components.examples was dropped")
	}
}
