package jsonschema

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	"github.com/pb33f/libopenapi/datamodel"
)

// FuzzSchema converts arbitrary component schemas: the output must be valid
// JSON within budget, and no panic may be recovered on the way.
func FuzzSchema(f *testing.F) {
	for _, seed := range []string{
		"type: object\nproperties: {a: {$ref: '#/components/schemas/S'}}",
		"type: [string, 12]\nnullable: true\nenum: [a, ~]",
		"items: [{type: string}, 3]\nadditionalItems: {type: integer}",
		"allOf: {}\nanyOf: [~]\noneOf: [true, {not: false}]",
		"minimum: 1\nexclusiveMinimum: true\nmaximum: x\nexclusiveMaximum: 3",
		"$ref: './nowhere.yaml#/x'\nnullable: true",
		"a: &a {b: *a}\nproperties: {p: {<<: {type: string}, format: x}}",
		"example: {a: [1, 0x10, .inf, 2001-01-01]}\nexamples: 3\ndefault: !!binary aGk=",
		"properties: {\"~1/\": {$ref: '#/components/schemas/S/properties/~01'}}",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, schema string) {
		for _, v := range []string{"3.0.3", "3.1.0"} {
			spec := "openapi: " + v + "\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    S:\n" +
				indent(schema, "      ")
			doc, err := libopenapi.NewDocumentWithConfiguration([]byte(spec), &datamodel.DocumentConfiguration{Logger: quiet()})
			if err != nil {
				return
			}
			m, _ := doc.BuildV3Model()
			if m == nil || m.Model.Components == nil || m.Model.Components.Schemas == nil {
				return
			}
			r := NewRegistry(OpenAPI30, Options{MaxSchemaBytes: 4 << 10})
			for _, sp := range m.Model.Components.Schemas.FromOldest() {
				js, _, _ := r.Schema(sp)
				if !json.Valid([]byte(js)) || len(js) > 4<<10 {
					t.Fatalf("bad output %q", js)
				}
			}
			for _, d := range r.Defs() {
				if !json.Valid([]byte(d.Schema)) {
					t.Fatalf("bad def %s: %q", d.Name, d.Schema)
				}
			}
			for _, e := range r.Errors() {
				if strings.HasPrefix(e.Msg, "internal error") {
					t.Fatalf("recovered panic: %s", e.Msg)
				}
			}
		}
	})
}
