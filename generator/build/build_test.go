package build

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// row summarises an endpoint's place and names.
type row struct {
	Collection, Tag, Method, Path, ID, GoName, BaseURL string
}

func rows(s *ir.Spec) []row {
	var out []row
	for _, c := range s.Collections {
		for _, t := range c.Tags {
			for _, e := range t.Endpoints {
				out = append(out, row{c.Title, t.Name, e.Method, e.Path, e.ID, e.GoName, e.BaseURL})
			}
		}
	}
	return out
}

func TestPetstore30(t *testing.T) {
	api, msgs := buildFiles(t, map[string]string{"petstore.yaml": petstore}, []string{"petstore.yaml"}, Options{})
	if len(msgs) != 0 {
		t.Fatalf("diagnostics: %v", msgs)
	}
	if api.Name != "petstore-mcp" || api.Module != "petstore-mcp" {
		t.Errorf("Name, Module = %q, %q", api.Name, api.Module)
	}
	s := api.Specs[0]
	if s.ID != "a748d94c1b42369ef4df9c7dbc53639a" || s.BaseURL != "https://api.example.com/v1" || s.EnvPrefix != "PETSTORE" {
		t.Errorf("spec ID, BaseURL, EnvPrefix = %q, %q, %q", s.ID, s.BaseURL, s.EnvPrefix)
	}
	want := []row{
		// md5("petstore GET /pets"), checked by hand with md5sum.
		{"Swagger Petstore", "pets", "GET", "/pets", "e098e40351ed9a5af8c70cf0e9f1100c", "ListPets", ""},
		{"Swagger Petstore", "pets", "POST", "/pets", "08b6dd4a4f7d9953d58852dac3b428f1", "CreatePets", ""},
		{"Swagger Petstore", "pets", "GET", "/pets/{petId}", "3f2e694c10eef44baeb5586900cb8c15", "ShowPetByID", ""},
		{"Swagger Petstore", "default", "DELETE", "/pets/{petId}", "e282dac58e3c58b0ffbe4b7ff088ffc0", "DeletePetsPetID", ""},
	}
	if diff := cmp.Diff(want, rows(s)); diff != "" {
		t.Errorf("endpoints (-want +got):\n%s", diff)
	}
	eps := endpoints(s)
	list, create, show := eps[0], eps[1], eps[2]
	no := false
	wantParams := []ir.Param{
		{Name: "limit", Key: "limit", In: "query", Description: "How many items to return at one time (max 100)",
			Type: ir.Type{Kind: ir.KindInteger}, GoName: "Limit"},
		{Name: "tags", Key: "tags", In: "query", Style: "form", Explode: &no,
			Type: ir.Type{Kind: ir.KindArray, Elem: ir.KindString}, GoName: "Tags"},
	}
	if diff := cmp.Diff(wantParams, list.Params); diff != "" {
		t.Errorf("listPets params (-want +got):\n%s", diff)
	}
	docs := []struct{ name, got, want string }{
		{"listPets input", list.InputSchema, `{"type":"object","properties":{"parameters":{"type":"object","properties":{` +
			`"limit":{"description":"How many items to return at one time (max 100)","type":"integer","format":"int32"},` +
			`"tags":{"type":"array","items":{"type":"string"}}},"additionalProperties":false}}}`},
		{"createPets input", create.InputSchema, `{"type":"object","properties":{"requestBody":{"$ref":"#/$defs/Pet"},` +
			`"mediaType":{"enum":["application/xml","application/json"],"default":"application/json"}},"required":["requestBody"]}`},
		{"showPetById operation", show.Operation, `{"id":"showPetById","tags":["pets","store"],"summary":"Info for a specific pet",` +
			`"deprecated":false,"parameters":[{"name":"petId","in":"path","description":"The id of the pet to retrieve","required":true,` +
			`"schema":{"type":"string"}}],"responses":{"200":{"description":"Expected response to a valid request",` +
			`"content":{"application/json":{"schema":{"$ref":"#/$defs/Pet"}}}}}}`},
		{"listPets operation", list.Operation, `{"id":"listPets","tags":["pets"],"summary":"List all pets","deprecated":false,` +
			`"parameters":[{"name":"limit","in":"query","description":"How many items to return at one time (max 100)","required":false,` +
			`"schema":{"type":"integer","format":"int32"}},{"name":"tags","in":"query","required":false,"style":"form","explode":false,` +
			`"schema":{"type":"array","items":{"type":"string"}}}],"responses":{"200":{"description":"A paged array of pets",` +
			`"headers":{"x-next":{"schema":{"type":"string"},"description":"A link to the next page of responses"}},` +
			`"content":{"application/json":{"schema":{"$ref":"#/$defs/Pets"}}}},"default":{"description":"unexpected error",` +
			`"content":{"application/json":{"schema":{"$ref":"#/$defs/Error"}}}}}}`},
	}
	for _, d := range docs {
		if diff := cmp.Diff(d.want, d.got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", d.name, diff)
		}
	}
	var names []string
	for _, i := range list.DefRefs {
		names = append(names, s.Defs[i].Name)
	}
	if diff := cmp.Diff([]string{"Pets", "Error", "Pet"}, names); diff != "" {
		t.Errorf("listPets DefRefs (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(&ir.Body{Required: true, MediaTypes: []string{"application/xml", "application/json"}}, create.Body); diff != "" {
		t.Errorf("createPets body (-want +got):\n%s", diff)
	}
	if got := list.Pos; got != (ir.Pos{File: "petstore.yaml", Line: 17, Col: 5}) {
		t.Errorf("listPets Pos = %+v", got)
	}
}

func TestSwagger2(t *testing.T) {
	spec := `swagger: "2.0"
info: {title: Store, version: "1"}
host: store.example.com
basePath: /v2
schemes: [http, https]
consumes: [application/json, text/xml]
paths:
  /pets:
    post:
      operationId: addPet
      parameters:
        - {name: body, in: body, required: true, description: the pet, schema: {$ref: "#/definitions/Pet"}}
        - {name: ids, in: query, type: array, items: {type: integer}, collectionFormat: pipes}
        - {name: tags, in: query, type: array, items: {type: string}}
      responses:
        200: {description: ok, schema: {$ref: "#/definitions/Pet"}}
  /pets/{id}/photo:
    post:
      operationId: uploadPhoto
      schemes: [http]
      parameters:
        - {name: id, in: path, required: true, type: string}
        - {name: note, in: formData, type: string, description: a note}
        - {name: file, in: formData, type: file, required: true}
      responses:
        default: {description: err}
  /pets/{id}/name:
    put:
      operationId: rename
      consumes: [application/x-www-form-urlencoded]
      parameters:
        - {name: id, in: path, required: true, type: string}
        - {name: id, in: query, type: string}
        - {name: name, in: formData, type: string}
      responses:
        204: {description: ok}
definitions:
  Pet: {type: object, properties: {name: {type: string}}}
`
	api, msgs := buildFiles(t, map[string]string{"store.yaml": spec}, []string{"store.yaml"}, Options{})
	if len(msgs) != 0 {
		t.Fatalf("diagnostics: %v", msgs)
	}
	s := api.Specs[0]
	if s.BaseURL != "https://store.example.com/v2" {
		t.Errorf("BaseURL = %q", s.BaseURL)
	}
	eps := endpoints(s)
	if len(eps) != 3 {
		t.Fatalf("%d endpoints", len(eps))
	}
	add, upload, rename := eps[0], eps[1], eps[2]
	tests := []struct {
		name      string
		got, want any
	}{
		{"addPet params", add.Params, []ir.Param{
			{Name: "ids", Key: "ids", In: "query", CollectionFormat: "pipes", Type: ir.Type{Kind: ir.KindArray, Elem: ir.KindInteger}, GoName: "Ids"},
			// No collectionFormat: Swagger 2.0's default csv is made explicit.
			{Name: "tags", Key: "tags", In: "query", CollectionFormat: "csv", Type: ir.Type{Kind: ir.KindArray, Elem: ir.KindString}, GoName: "Tags"},
		}},
		{"addPet body", add.Body, &ir.Body{Required: true, MediaTypes: []string{"application/json", "text/xml"}}},
		{"addPet input", add.InputSchema, `{"type":"object","properties":{"parameters":{"type":"object","properties":{` +
			`"ids":{"type":"array","items":{"type":"integer"}},"tags":{"type":"array","items":{"type":"string"}}},"additionalProperties":false},` +
			`"requestBody":{"description":"the pet","$ref":"#/$defs/Pet"},` +
			`"mediaType":{"enum":["application/json","text/xml"],"default":"application/json"}},"required":["requestBody"]}`},
		{"uploadPhoto base URL", upload.BaseURL, "http://store.example.com/v2"},
		{"uploadPhoto body", upload.Body, &ir.Body{Required: true, MediaTypes: []string{"multipart/form-data"}}},
		{"uploadPhoto input", upload.InputSchema, `{"type":"object","properties":{"parameters":{"type":"object","properties":{` +
			`"id":{"type":"string"}},"required":["id"],"additionalProperties":false},"requestBody":{"type":"object","properties":{` +
			`"note":{"description":"a note","type":"string"},"file":` + fileShape + `},` +
			`"required":["file"]}},"required":["parameters","requestBody"]}`},
		{"rename keys", []string{rename.Params[0].Key, rename.Params[1].Key}, []string{"id", "query.id"}},
		{"rename go names", []string{rename.Params[0].GoName, rename.Params[1].GoName}, []string{"ID", "QueryID"}},
		{"rename body", rename.Body, &ir.Body{MediaTypes: []string{"application/x-www-form-urlencoded"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestBaseURLV2(t *testing.T) {
	tests := []struct {
		schemes          []string
		host, base, want string
	}{
		{nil, "h.com", "/v1", "https://h.com/v1"},
		{[]string{"http"}, "h.com", "", "http://h.com"},
		{[]string{"ws", "https"}, "h.com", "/", "https://h.com/"},
		{[]string{"http"}, "", "/api", "/api"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := baseURLV2(tt.schemes, tt.host, tt.base); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
