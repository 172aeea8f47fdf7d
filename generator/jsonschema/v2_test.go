package jsonschema

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/pb33f/libopenapi"
	"github.com/pb33f/libopenapi/datamodel"
	v2high "github.com/pb33f/libopenapi/datamodel/high/v2"
)

const swaggerSpec = `swagger: "2.0"
info: {title: t, version: "1"}
paths:
  /pets:
    post:
      consumes: [multipart/form-data]
      parameters:
        - name: body
          in: body
          schema: {$ref: '#/definitions/Pet'}
        - name: upload
          in: formData
          type: file
        - name: ids
          in: query
          type: array
          collectionFormat: csv
          minItems: 1
          uniqueItems: true
          items:
            type: array
            items: {type: integer, format: int64, minimum: 0, exclusiveMinimum: true, enum: [1, 2]}
        - name: limit
          in: query
          type: integer
          x-nullable: true
          default: 20
          maximum: 100
          exclusiveMaximum: true
          enum: [10, 20]
        - name: q
          in: header
          description: stays with the parameter
          pattern: "^[a-z]+$"
          minLength: 1
          maxLength: 8
          type: string
      responses:
        "200":
          description: ok
          headers:
            X-Rate:
              type: array
              items: {type: number, maximum: 1.5}
          schema: {$ref: '#/definitions/Pet'}
definitions:
  Pet:
    type: object
    discriminator: kind
    required: [kind]
    properties:
      kind: {type: string, x-nullable: true, example: cat}
      photo: {type: file}
      owner: {$ref: '#/definitions/Owner'}
  Owner:
    type: object
    x-nullable: true
    properties:
      pets: {type: array, items: {$ref: '#/definitions/Pet'}}
`

func TestSwagger2(t *testing.T) {
	doc := loadV2(t, swaggerSpec)
	op := doc.Paths.PathItems.GetOrZero("/pets").Post
	r := NewRegistry(Swagger2, Options{})

	got := map[string]string{}
	for _, p := range op.Parameters {
		var js string
		var err error
		if p.In == "body" {
			js, _, err = r.Schema(p.Schema)
		} else {
			js, _, err = r.ParamSchemaV2(p)
		}
		if err != nil {
			t.Fatalf("parameter %s: %v", p.Name, err)
		}
		got[p.Name] = js
	}
	resp := op.Responses.Codes.GetOrZero("200")
	h, _, err := r.HeaderSchemaV2(resp.Headers.GetOrZero("X-Rate"))
	if err != nil {
		t.Fatal(err)
	}
	got["X-Rate"] = h
	it, _, err := r.ItemsSchemaV2(resp.Headers.GetOrZero("X-Rate").Items)
	if err != nil {
		t.Fatal(err)
	}
	got["X-Rate items"] = it

	want := map[string]string{
		"body":         `{"$ref":"#/$defs/Pet"}`,
		"upload":       `{"type":"string","format":"binary","contentEncoding":"base64"}`,
		"ids":          `{"type":"array","minItems":1,"uniqueItems":true,"items":{"type":"array","items":{"type":"integer","format":"int64","exclusiveMinimum":0,"enum":[1,2]}}}`,
		"limit":        `{"type":["integer","null"],"default":20,"exclusiveMaximum":100,"enum":[10,20,null]}`,
		"q":            `{"pattern":"^[a-z]+$","minLength":1,"maxLength":8,"type":"string"}`,
		"X-Rate":       `{"type":"array","items":{"type":"number","maximum":1.5}}`,
		"X-Rate items": `{"type":"number","maximum":1.5}`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("schemas (-want +got):\n%s", diff)
	}
	wantDefs := map[string]string{
		"Pet":   `{"type":"object","required":["kind"],"properties":{"kind":{"type":["string","null"],"examples":["cat"]},"photo":{"type":"string","format":"binary","contentEncoding":"base64"},"owner":{"$ref":"#/$defs/Owner"}}}`,
		"Owner": `{"type":["object","null"],"properties":{"pets":{"type":"array","items":{"$ref":"#/$defs/Pet"}}}}`,
	}
	if diff := cmp.Diff(wantDefs, defsMap(r)); diff != "" {
		t.Errorf("defs (-want +got):\n%s", diff)
	}
}

func TestSwagger2Detached(t *testing.T) {
	maxv, excl := 5, true
	p := &v2high.Parameter{
		Name: "n", In: "query", Type: "array",
		Items:   &v2high.Items{Type: "string", Pattern: "^a"},
		Maximum: &maxv, ExclusiveMaximum: &excl,
	}
	r := NewRegistry(Swagger2, Options{})
	got, refs, err := r.ParamSchemaV2(p)
	if err != nil || refs != nil {
		t.Fatalf("refs %v, err %v", refs, err)
	}
	want := `{"type":"array","items":{"type":"string","pattern":"^a"},"exclusiveMaximum":5}`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestSwagger2ParamFirst renders a parameter before any schema: with the
// document's index the raw YAML is read (fractional bounds kept); without it
// libopenapi's low-level fields are (which drop them).
func TestSwagger2ParamFirst(t *testing.T) {
	spec := `swagger: "2.0"
info: {title: t, version: "1"}
paths:
  /x:
    get:
      parameters:
        - {name: f, in: query, type: number, maximum: 2.5, minimum: 1, x-nullable: true, collectionFormat: csv}
      responses: {"200": {description: ok}}
`
	tests := []struct {
		name     string
		useIndex bool
		want     string
	}{
		{"with index", true, `{"type":["number","null"],"maximum":2.5,"minimum":1}`},
		{"without index", false, `{"type":["number","null"],"minimum":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := libopenapi.NewDocumentWithConfiguration([]byte(spec), &datamodel.DocumentConfiguration{Logger: quiet()})
			if err != nil {
				t.Fatal(err)
			}
			m, err := doc.BuildV2Model()
			if err != nil {
				t.Fatal(err)
			}
			opts := Options{}
			if tt.useIndex {
				opts.Index = m.Index
			}
			r := NewRegistry(Swagger2, opts)
			got, _, err := r.ParamSchemaV2(m.Model.Paths.PathItems.GetOrZero("/x").Get.Parameters[0])
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
