package jsonschema

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/pb33f/libopenapi/datamodel"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// writeFiles writes name → content into a new temporary folder.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestMultiFile(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"api.yaml": `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /owner:
    post:
      requestBody:
        content:
          application/json:
            schema: {$ref: './common.yaml#/components/schemas/Owner'}
      responses: {"200": {description: ok}}
  /pet:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                local: {$ref: '#/components/schemas/Pet'}
                remote: {$ref: 'models/pet.yaml'}
                owner: {$ref: 'common.yaml#/components/schemas/Owner'}
      responses: {"200": {description: ok}}
components:
  schemas:
    Pet:
      type: object
      properties:
        name: {type: string}
`,
		"common.yaml": `components:
  schemas:
    Owner:
      type: object
      properties:
        pet: {$ref: './models/pet.yaml'}
        self: {$ref: '#/components/schemas/Owner'}
        favourite: {$ref: '#/components/schemas/Pet'}
    Pet: {type: string}
`,
		"models/pet.yaml": `type: object
properties:
  owner: {$ref: '../common.yaml#/components/schemas/Owner'}
  tag: {$ref: '#/$defs/Tag'}
$defs:
  Tag: {type: string}
`,
	})
	spec, err := os.ReadFile(filepath.Join(dir, "api.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	doc := loadV3(t, string(spec), &datamodel.DocumentConfiguration{
		BasePath: dir, SpecFilePath: "api.yaml", AllowFileReferences: true,
	})

	r := NewRegistry(OpenAPI30, Options{})
	type call struct {
		JSON string
		Refs []int
	}
	var got []call
	for _, path := range []string{"/owner", "/pet"} {
		js, refs, err := r.Schema(bodySchema(t, doc, path))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		got = append(got, call{js, refs})
	}
	want := []call{
		{`{"$ref":"#/$defs/Owner"}`, []int{0}},
		{`{"type":"object","properties":{"local":{"$ref":"#/$defs/Pet_2"},"remote":{"$ref":"#/$defs/pet"},"owner":{"$ref":"#/$defs/Owner"}}}`, []int{4, 1, 0}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("schemas (-want +got):\n%s", diff)
	}
	wantDefs := []ir.Def{
		{Name: "Owner", Schema: `{"type":"object","properties":{"pet":{"$ref":"#/$defs/pet"},"self":{"$ref":"#/$defs/Owner"},"favourite":{"$ref":"#/$defs/Pet"}}}`},
		{Name: "pet", Schema: `{"type":"object","properties":{"owner":{"$ref":"#/$defs/Owner"},"tag":{"$ref":"#/$defs/Tag"}}}`},
		{Name: "Pet", Schema: `{"type":"string"}`},
		{Name: "Tag", Schema: `{"type":"string"}`},
		{Name: "Pet_2", Schema: `{"type":"object","properties":{"name":{"type":"string"}}}`},
	}
	if diff := cmp.Diff(wantDefs, r.Defs()); diff != "" {
		t.Errorf("defs (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{4, 1, 0, 3, 2}, r.Closure(want[1].Refs)); diff != "" {
		t.Errorf("closure (-want +got):\n%s", diff)
	}
}

func TestErrorInOtherFile(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"api.yaml": `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /x:
    post:
      requestBody:
        content:
          application/json:
            schema: {$ref: 'defs/other.yaml#/Thing'}
      responses: {"200": {description: ok}}
`,
		"defs/other.yaml": `Thing:
  type: object
  properties:
    bad: {type: 12}
`,
	})
	spec, err := os.ReadFile(filepath.Join(dir, "api.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	doc := loadV3(t, string(spec), &datamodel.DocumentConfiguration{
		BasePath: dir, SpecFilePath: "api.yaml", AllowFileReferences: true,
	})
	r := NewRegistry(OpenAPI30, Options{})
	got, _, err := r.Schema(bodySchema(t, doc, "/x"))
	if got != `{"$ref":"#/$defs/Thing"}` {
		t.Errorf("schema = %s", got)
	}
	want := &Error{File: "defs/other.yaml", Line: 4, Col: 17, Msg: "type: expected a type name"}
	if diff := cmp.Diff(want, asError(t, err)); diff != "" {
		t.Errorf("error (-want +got):\n%s", diff)
	}
	if got, want := err.Error(), "defs/other.yaml:4:17: type: expected a type name"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	// The problem is reported once per registry.
	if _, _, err := r.Schema(bodySchema(t, doc, "/x")); err != nil {
		t.Errorf("second call: %v", err)
	}
}
