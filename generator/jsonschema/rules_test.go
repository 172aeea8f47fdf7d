package jsonschema

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/pb33f/libopenapi/datamodel"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

func TestSchemaRules(t *testing.T) {
	tests := []struct {
		name       string
		version    string
		dialect    Dialect
		body       string
		components string
		want       string
		wantDefs   map[string]string
	}{
		{
			name:    "3.0 nullable adds null to type and enum",
			version: "3.0.3", dialect: OpenAPI30,
			body: `type: object
properties:
  a: {type: string, nullable: true}
  b: {type: string, enum: [x, y], nullable: true}
  c: {type: [integer], nullable: false}`,
			want:     `{"type":"object","properties":{"a":{"type":["string","null"]},"b":{"type":["string","null"],"enum":["x","y",null]},"c":{"type":"integer"}}}`,
			wantDefs: map[string]string{},
		},
		{
			name:    "3.0 nullable on a composition wraps it",
			version: "3.0.3", dialect: OpenAPI30,
			body: `type: object
properties:
  pet:
    allOf: [{$ref: '#/components/schemas/Pet'}]
    nullable: true`,
			components: `Pet: {type: object}`,
			want:       `{"type":"object","properties":{"pet":{"anyOf":[{"allOf":[{"$ref":"#/$defs/Pet"}]},{"type":"null"}]}}}`,
			wantDefs:   map[string]string{"Pet": `{"type":"object"}`},
		},
		{
			name:    "3.0 boolean exclusive bounds become numeric",
			version: "3.0.3", dialect: OpenAPI30,
			body: `type: number
minimum: 1
exclusiveMinimum: true
maximum: 10.5
exclusiveMaximum: false
multipleOf: 0.5`,
			want:     `{"type":"number","exclusiveMinimum":1,"maximum":10.5,"multipleOf":0.5}`,
			wantDefs: map[string]string{},
		},
		{
			name:    "3.0 example becomes examples, OpenAPI-only keywords drop",
			version: "3.0.3", dialect: OpenAPI30,
			body: `type: object
title: T
description: D
example: {a: 1}
xml: {name: x}
externalDocs: {url: "https://example.com"}
discriminator: {propertyName: kind}
x-internal: true
readOnly: true
deprecated: true
properties:
  d: {type: string, format: date-time, default: "2020-01-01T00:00:00Z", writeOnly: true}`,
			want:     `{"type":"object","title":"T","description":"D","examples":[{"a":1}],"readOnly":true,"deprecated":true,"properties":{"d":{"type":"string","format":"date-time","default":"2020-01-01T00:00:00Z","writeOnly":true}}}`,
			wantDefs: map[string]string{},
		},
		{
			name:    "3.0 siblings of $ref keep annotations only",
			version: "3.0.3", dialect: OpenAPI30,
			body: `type: object
properties:
  p: {$ref: '#/components/schemas/Pet', description: the pet, type: string, maxLength: 3}`,
			components: `Pet: {type: object}`,
			want:       `{"type":"object","properties":{"p":{"$ref":"#/$defs/Pet","description":"the pet"}}}`,
			wantDefs:   map[string]string{"Pet": `{"type":"object"}`},
		},
		{
			name:    "3.0 body $ref with a description",
			version: "3.0.3", dialect: OpenAPI30,
			body:       "$ref: '#/components/schemas/Pet'\ndescription: the pet\nmaxLength: 2",
			components: `Pet: {type: object}`,
			want:       `{"$ref":"#/$defs/Pet","description":"the pet"}`,
			wantDefs:   map[string]string{"Pet": `{"type":"object"}`},
		},
		{
			name:    "3.1 keywords pass through",
			version: "3.1.0", dialect: OpenAPI31,
			body: `type: [object, "null"]
properties:
  t:
    type: array
    prefixItems: [{type: string}, {const: 3}]
    items: false
    contains: {type: integer}
    minContains: 1
  c:
    if: {properties: {k: {const: a}}}
    then: {required: [a]}
    else: {required: [b]}
  s: {type: string, contentMediaType: image/png, contentEncoding: base64, examples: [x, y], exclusiveMinimum: 3}
  m: {$ref: '#/components/schemas/Pet', description: sibling kept}
dependentSchemas:
  a: {required: [b]}
dependentRequired: {a: [c]}
unevaluatedProperties: false
patternProperties:
  "^x-": {type: string}`,
			components: `Pet: {type: object, $id: "https://example.com/pet", $schema: "https://json-schema.org/draft/2020-12/schema"}`,
			want: `{"type":["object","null"],"properties":{"t":{"type":"array","prefixItems":[{"type":"string"},{"const":3}],"items":false,"contains":{"type":"integer"},"minContains":1},` +
				`"c":{"if":{"properties":{"k":{"const":"a"}}},"then":{"required":["a"]},"else":{"required":["b"]}},` +
				`"s":{"type":"string","contentMediaType":"image/png","contentEncoding":"base64","examples":["x","y"],"exclusiveMinimum":3},` +
				`"m":{"$ref":"#/$defs/Pet","description":"sibling kept"}},` +
				`"dependentSchemas":{"a":{"required":["b"]}},"dependentRequired":{"a":["c"]},"unevaluatedProperties":false,"patternProperties":{"^x-":{"type":"string"}}}`,
			wantDefs: map[string]string{"Pet": `{"type":"object"}`},
		},
		{
			name:    "recursive def is a plain reference",
			version: "3.0.3", dialect: OpenAPI30,
			body: `$ref: '#/components/schemas/Node'`,
			components: `Node:
  type: object
  properties:
    children: {type: array, items: {$ref: '#/components/schemas/Node'}}`,
			want:     `{"$ref":"#/$defs/Node"}`,
			wantDefs: map[string]string{"Node": `{"type":"object","properties":{"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}}}`},
		},
		{
			name:    "mutual recursion",
			version: "3.0.3", dialect: OpenAPI30,
			body: `$ref: '#/components/schemas/A'`,
			components: `A: {type: object, properties: {b: {$ref: '#/components/schemas/B'}}}
B: {type: object, properties: {a: {$ref: '#/components/schemas/A'}}}`,
			want: `{"$ref":"#/$defs/A"}`,
			wantDefs: map[string]string{
				"A": `{"type":"object","properties":{"b":{"$ref":"#/$defs/B"}}}`,
				"B": `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}}}`,
			},
		},
		{
			name:    "refs to other places become defs named by the last segment",
			version: "3.0.3", dialect: OpenAPI30,
			body: `type: object
properties:
  o: {$ref: '#/components/schemas/Pet/properties/owner'}
  f: {$ref: '#/components/schemas/Pet/allOf/0'}`,
			components: `Pet:
  allOf: [{type: object}]
  properties:
    owner: {type: string}`,
			want: `{"type":"object","properties":{"o":{"$ref":"#/$defs/owner"},"f":{"$ref":"#/$defs/allOf_0"}}}`,
			wantDefs: map[string]string{
				"owner":   `{"type":"string"}`,
				"allOf_0": `{"type":"object"}`,
			},
		},
		{
			name:    "names are sanitized",
			version: "3.0.3", dialect: OpenAPI30,
			body:       `$ref: '#/components/schemas/a~1b c'`,
			components: `"a/b c": {type: string}`,
			want:       `{"$ref":"#/$defs/a_b_c"}`,
			wantDefs:   map[string]string{"a_b_c": `{"type":"string"}`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			comps := tt.components
			if comps == "" {
				comps = "Unused: {}"
			}
			doc := loadV3(t, v3Spec(tt.version, tt.body, comps), nil)
			r := NewRegistry(tt.dialect, Options{})
			got, refs, err := r.Schema(bodySchema(t, doc, "/x"))
			if err != nil {
				t.Fatalf("Schema: %v", err)
			}
			mustJSON(t, got)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("schema (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantDefs, defsMap(r)); diff != "" {
				t.Errorf("defs (-want +got):\n%s", diff)
			}
			if len(r.Closure(refs)) != len(r.Defs()) {
				t.Errorf("closure %v does not reach all %d defs", r.Closure(refs), len(r.Defs()))
			}
		})
	}
}

// TestSiblingRefs checks 3.1 $ref-with-siblings under the configuration
// libopenapi recommends (siblings transformed to allOf, referenced
// properties merged): the output follows the spec as written.
func TestSiblingRefs(t *testing.T) {
	spec := v3Spec("3.1.0", `$ref: '#/components/schemas/Pet'
description: a pet`, `Pet: {type: object, properties: {n: {$ref: '#/components/schemas/Name', maxLength: 3}}}
Name: {type: string}`)
	cfg := &datamodel.DocumentConfiguration{TransformSiblingRefs: true, MergeReferencedProperties: true}
	doc := loadV3(t, spec, cfg)
	r := NewRegistry(OpenAPI31, Options{})
	got, refs, err := r.Schema(bodySchema(t, doc, "/x"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(`{"$ref":"#/$defs/Pet","description":"a pet"}`, got); diff != "" {
		t.Errorf("schema (-want +got):\n%s", diff)
	}
	wantDefs := []ir.Def{
		{Name: "Pet", Schema: `{"type":"object","properties":{"n":{"$ref":"#/$defs/Name","maxLength":3}}}`},
		{Name: "Name", Schema: `{"type":"string"}`},
	}
	if diff := cmp.Diff(wantDefs, r.Defs()); diff != "" {
		t.Errorf("defs (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{0, 1}, r.Closure(refs)); diff != "" {
		t.Errorf("closure (-want +got):\n%s", diff)
	}
}
