package build

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/generator/load"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// fuzzSpecs place a hostile schema (indented to fit) where each spec
// version reads one: a 3.1 request body, a 3.0 component a parameter and
// a body reference, a Swagger 2.0 body parameter and definition.
func fuzzSpecs() []string {
	return []string{
		`openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /a:
    post:
      requestBody:
        content:
          application/json:
            schema:
SCHEMA12
      responses: {"200": {description: ok}}
`,
		`openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a/{p}:
    put:
      parameters: [{name: p, in: path, required: true, schema: {$ref: "#/components/schemas/S"}}]
      requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/S"}}}}
      responses: {"200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/S"}}}}}
components:
  schemas:
    S:
SCHEMA6
`,
		`swagger: "2.0"
info: {title: t, version: "1"}
paths:
  /a:
    post:
      parameters: [{name: b, in: body, schema: {$ref: "#/definitions/S"}}]
      responses: {"200": {description: ok}}
definitions:
  S:
SCHEMA4
`,
	}
}

// FuzzLowerSchema lowers specs around hostile schemas. Nothing panics,
// every problem names its file, and a spec that lowers without errors has
// input schemas a generated server's validator compiles (the generator
// refuses the others) and inspect documents that are JSON.
func FuzzLowerSchema(f *testing.F) {
	for _, seed := range []string{
		"type: object\nproperties: {a: {type: string, pattern: '^(?!x)'}}",
		"type: object\nrequired: [a, a]\ndependentRequired: {a: [1]}",
		"type: [string, 12]\nnullable: true\nenum: [a, ~]",
		"allOf: [{$ref: '#/components/schemas/S'}]\nminLength: -1",
		"items: [{type: string}, 3]\nadditionalItems: {type: integer}",
		"patternProperties: {'(?<=a)b': {}}\nminimum: x",
		"$ref: '#/definitions/S'\nx-nullable: true",
		"a: &a {b: *a}\nproperties: {p: *a}",
		"type: string\nformat: binary\ncontentEncoding: base64\nmaxLength: 1e400",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, schema string) {
		dir := t.TempDir()
		for i, tmpl := range fuzzSpecs() {
			spec := tmpl
			for _, pad := range []int{12, 6, 4} {
				spec = strings.Replace(spec, "SCHEMA"+strconv.Itoa(pad)+"\n", indentBy(schema, pad), 1)
			}
			path := filepath.Join(dir, "s"+strconv.Itoa(i)+".yaml")
			if err := os.WriteFile(path, []byte(spec), 0o644); err != nil {
				t.Fatal(err)
			}
			doc, diags := load.Load(context.Background(), path, load.Options{})
			if doc == nil {
				continue
			}
			api, ds := Build([]*load.Doc{doc}, Options{})
			diags = append(diags, ds...)
			for _, d := range diags {
				if d.File == "" {
					t.Fatalf("unlocated problem: %s", d)
				}
				if strings.Contains(d.Msg, "internal error") {
					t.Fatalf("recovered panic: %s", d)
				}
			}
			if diags.HasErrors() {
				continue
			}
			for _, sp := range api.Specs {
				defs := &catalog.Spec{}
				for _, d := range sp.Defs {
					defs.Defs = append(defs.Defs, catalog.Def{Name: d.Name, Schema: catalog.Text(d.Schema)})
				}
				for _, e := range endpoints(sp) {
					if !json.Valid([]byte(e.Operation)) {
						t.Fatalf("%s %s: inspect document is not JSON: %.300s", e.Method, e.Path, e.Operation)
					}
					ce := &catalog.Endpoint{ID: e.ID, InputSchema: catalog.Text(e.InputSchema), Defs: e.DefRefs}
					if err := invoke.CompileInputSchema(ce, defs); err != nil {
						t.Fatalf("%s %s: generated without error, but its input schema does not compile: %v", e.Method, e.Path, err)
					}
				}
			}
		}
	})
}

// indentBy indents every line of s by n spaces and ends it with a newline.
func indentBy(s string, n int) string {
	pad := strings.Repeat(" ", n)
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = pad + l
	}
	return strings.Join(lines, "\n") + "\n"
}
