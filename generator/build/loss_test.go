package build

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// lossSpec has duplicate operationIds, two templates of one shape, a
// schema too large for the size bound and a pattern Go cannot read.
func lossSpec(properties int) string {
	var b strings.Builder
	b.WriteString(`openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a/{id}:
    get: {operationId: getA, parameters: [{name: id, in: path, required: true, schema: {type: string}}], responses: {"200": {description: ok}}}
  /a/{name}:
    put: {operationId: getA, parameters: [{name: name, in: path, required: true, schema: {type: string}}], responses: {"200": {description: ok}}}
  /b:
    post:
      operationId: postB
      requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/Wide"}}}}
      responses: {"200": {description: ok}}
  /c:
    get:
      operationId: getC
      parameters: [{name: q, in: query, schema: {type: string, pattern: "^[z-a]"}}]
      responses: {"200": {description: ok}}
components:
  schemas:
    Wide:
      type: object
      properties:
`)
	for i := range properties {
		fmt.Fprintf(&b, "        p%05d: {type: string, description: %s}\n", i, strings.Repeat("d", 200))
	}
	return b.String()
}

// TestLossIsNeverSilent checks that a schema cut to the size bound,
// duplicate operationIds, templates that match the same requests and a
// pattern left out each get a located warning, and an error under strict.
func TestLossIsNeverSilent(t *testing.T) {
	want := []string{
		`spec.yaml:7:5: warning: operation "getA" (PUT /a/{name}): operationId is already the one of GET /a/{id} at spec.yaml:5:5; operationIds must be unique`,
		`spec.yaml:7:5: warning: path "/a/{name}" matches the same requests as "/a/{id}" at spec.yaml:5:5: the templates differ only in parameter names`,
		`spec.yaml:16:73: warning: pattern "^[z-a]" is left out of the schema: it is not a regular expression a server can compile ([z-a] range in reverse order)`,
		`spec.yaml:21:7: warning: schema too large: rendered, it passes 262144 bytes, so its subschemas below nesting level 0 are replaced by {"$comment":"truncated: schema too large"}`,
	}
	for _, strict := range []bool{false, true} {
		t.Run(fmt.Sprintf("strict=%v", strict), func(t *testing.T) {
			api, msgs := buildFiles(t, map[string]string{"spec.yaml": lossSpec(2_000)}, []string{"spec.yaml"}, Options{Strict: strict})
			w := want
			if strict {
				w = nil
				for _, m := range want {
					w = append(w, strings.Replace(m, "warning: ", "", 1))
				}
			}
			if diff := cmp.Diff(w, msgs); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			if !strict && len(endpoints(api.Specs[0])) != 4 {
				t.Errorf("endpoints %d, want all 4 kept", len(endpoints(api.Specs[0])))
			}
		})
	}
}

// TestSchemaThatCannotCompile checks that an input schema a server's
// validator could not compile is a located generation error, at the
// component it is in, once however many operations use it.
func TestSchemaThatCannotCompile(t *testing.T) {
	spec := `openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /a:
    post: {requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}, responses: {"200": {description: ok}}}
    put: {requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}, responses: {"200": {description: ok}}}
  /b:
    post:
      requestBody:
        content:
          application/json:
            schema: {type: object, dependentRequired: {x: [{}]}}
      responses: {"200": {description: ok}}
components:
  schemas:
    Pet:
      type: object
      dependentRequired: {a: [1]}
`
	_, msgs := buildFiles(t, map[string]string{"spec.yaml": spec}, []string{"spec.yaml"}, Options{})
	want := []string{
		`spec.yaml:8:5: operation "POST /b": input schema cannot be compiled for argument validation: at /properties/requestBody/dependentRequired/x/0: got object, want string`,
		`spec.yaml:17:7: schema "Pet" cannot be compiled for argument validation: at /dependentRequired/a/0: got number, want string`,
	}
	if diff := cmp.Diff(want, msgs); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}
