package build

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSchemesInSpecOrder checks that security schemes are lowered in the
// order the spec writes them, run after run, for Swagger 2.0 (whose
// definitions libopenapi builds on a goroutine each, keeping them in the
// order they finish) and OpenAPI 3.
func TestSchemesInSpecOrder(t *testing.T) {
	var want []string
	var v2, v3 strings.Builder
	v2.WriteString("swagger: \"2.0\"\ninfo: {title: t, version: \"1\"}\nsecurityDefinitions:\n")
	v3.WriteString("openapi: 3.0.3\ninfo: {title: t, version: \"1\"}\ncomponents:\n  securitySchemes:\n")
	// Names out of alphabetical order, so a sort by name is no answer either.
	for i := range 16 {
		name := fmt.Sprintf("k%02d", (i*7)%16)
		want = append(want, name)
		fmt.Fprintf(&v2, "  %s: {type: apiKey, in: header, name: X-%s}\n", name, name)
		fmt.Fprintf(&v3, "    %s: {type: apiKey, in: header, name: X-%s}\n", name, name)
	}
	v2.WriteString("paths:\n  /a:\n    get: {responses: {\"200\": {description: ok}}}\n")
	v3.WriteString("paths:\n  /a:\n    get: {responses: {\"200\": {description: ok}}}\n")
	for _, tc := range []struct{ name, text string }{{"swagger2", v2.String()}, {"openapi3", v3.String()}} {
		t.Run(tc.name, func(t *testing.T) {
			for run := range 20 {
				api, _ := buildFiles(t, map[string]string{"spec.yaml": tc.text}, []string{"spec.yaml"}, Options{})
				var got []string
				for _, s := range api.Specs[0].Security {
					got = append(got, s.Name)
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("run %d: schemes (-want +got):\n%s", run, diff)
				}
			}
		})
	}
}
