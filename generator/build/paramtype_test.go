package build

import (
	"testing"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// TestParamTypeFromNodes checks that a parameter's Go shape read from its
// YAML nodes (nodeTypeOf) is the one libopenapi's built schema gives, for
// each way a spec can write the schema, in OpenAPI 3.0 and 3.1.
func TestParamTypeFromNodes(t *testing.T) {
	params := `
      parameters:
        - {name: s, in: query, schema: {type: string}}
        - {name: i, in: query, schema: {type: integer, format: int64}}
        - {name: none, in: query, schema: {description: no type}}
        - {name: arr, in: query, schema: {type: array, items: {type: integer}}}
        - {name: arrObj, in: query, schema: {type: array, items: {type: object}}}
        - {name: arrRef, in: query, schema: {type: array, items: {$ref: "#/components/schemas/Str"}}}
        - {name: arrNoItems, in: query, schema: {type: array}}
        - {name: arrBoolItems, in: query, schema: {type: array, items: true}}
        - {name: ref, in: query, schema: {$ref: "#/components/schemas/Str"}}
        - {name: refArr, in: query, schema: {$ref: "#/components/schemas/Arr"}}
        - {name: refRef, in: query, schema: {$ref: "#/components/schemas/StrAgain"}}
        - {name: nullable, in: query, schema: {type: string, nullable: true}}
        - {name: list, in: query, schema: {type: [string, "null"]}}
        - {name: list2, in: query, schema: {type: [string, integer]}}
        - {name: refSiblings, in: query, schema: {$ref: "#/components/schemas/Str", description: d}}
        - {name: content, in: query, content: {application/json: {schema: {type: object}}}}
        - {name: merged, in: query, schema: {<<: {type: boolean}, description: merged}}
        - $ref: "#/components/parameters/Shared"
`
	components := `
components:
  parameters:
    Shared: {name: shared, in: query, schema: {type: number}}
  schemas:
    Str: {type: string}
    StrAgain: {$ref: "#/components/schemas/Str"}
    Arr: {type: array, items: {type: boolean}}
`
	for _, version := range []string{"3.0.3", "3.1.0"} {
		t.Run(version, func(t *testing.T) {
			spec := "openapi: " + version + "\ninfo: {title: t, version: \"1\"}\npaths:\n  /a:\n    get:" + params +
				"      responses: {\"200\": {description: ok}}\n" + components
			doc := loadSpec(t, spec)
			op := pathItemV3(t, doc, "/a").Get
			read := 0
			for _, p := range op.Parameters {
				sp := p.Schema
				if sp == nil {
					for _, mt := range p.Content.FromOldest() {
						sp = mt.Schema
						break
					}
				}
				got, ok := nodeTypeOf(sp)
				if !ok {
					continue // typeOf builds the schema, as before
				}
				read++
				k, s := schemaKind(sp)
				want := ir.Type{Kind: k}
				if k == ir.KindArray {
					elem := ir.KindAny
					if s.Items != nil && s.Items.IsA() {
						elem, _ = schemaKind(s.Items.A)
					}
					want = arrayOf(elem)
				}
				if got != want {
					t.Errorf("parameter %s: from nodes %+v, from the built schema %+v", p.Name, got, want)
				}
			}
			if read < len(op.Parameters)-2 {
				t.Errorf("only %d of %d parameters read from nodes", read, len(op.Parameters))
			}
		})
	}
}
