package build

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// TestCredentialVarsUnique checks that schemes whose names map to the same
// variable get distinct ones, in spec order, with a warning at each scheme
// that had to give up its plain name; Swagger 2.0 and a second spec included.
func TestCredentialVarsUnique(t *testing.T) {
	files := map[string]string{
		"spec.yaml": `openapi: 3.0.3
info: {title: t, version: "1"}
components:
  securitySchemes:
    api-key: {type: apiKey, in: header, name: X-Key}
    api_key: {type: apiKey, in: query, name: key}
    API.KEY: {type: http, scheme: bearer}
    base_url: {type: apiKey, in: header, name: X-Base}
paths:
  /a:
    get: {security: [{api-key: []}, {api_key: []}, {API.KEY: []}], responses: {"200": {description: ok}}}
`,
		"spec-api.yaml": `swagger: "2.0"
info: {title: t2, version: "1"}
securityDefinitions:
  key: {type: apiKey, in: header, name: K}
paths:
  /b:
    get: {security: [{key: []}], responses: {"200": {description: ok}}}
`,
	}
	api, msgs := buildFiles(t, files, []string{"spec.yaml", "spec-api.yaml"}, Options{})
	wantMsgs := []string{
		`spec-api.yaml:4:3: warning: security scheme "key" reads SPEC_API_KEY_4, not SPEC_API_KEY: that name is taken by security scheme "api-key" of spec "spec"`,
		`spec.yaml:6:5: warning: security scheme "api_key" reads SPEC_API_KEY_2, not SPEC_API_KEY: that name is taken by security scheme "api-key"`,
		`spec.yaml:7:5: warning: security scheme "API.KEY" reads SPEC_API_KEY_3, not SPEC_API_KEY: that name is taken by security scheme "api-key"`,
		`spec.yaml:8:5: warning: security scheme "base_url" reads SPEC_BASE_URL_2, not SPEC_BASE_URL: that name is taken by a setting of spec "spec"`,
	}
	if diff := cmp.Diff(wantMsgs, msgs); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	var got [][]string
	for _, sp := range api.Specs {
		for _, s := range sp.Security {
			got = append(got, s.EnvVars)
		}
	}
	want := [][]string{{"SPEC_API_KEY"}, {"SPEC_API_KEY_2"}, {"SPEC_API_KEY_3"}, {"SPEC_BASE_URL_2"}, {"SPEC_API_KEY_4"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("variables (-want +got):\n%s", diff)
	}
	if p := api.Specs[1].Security[0].Pos; p != (ir.Pos{File: "spec-api.yaml", Line: 4, Col: 3}) {
		t.Errorf("2.0 scheme at %+v", p)
	}
}
