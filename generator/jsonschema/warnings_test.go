package jsonschema

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// warnings formats r's warnings as "line:col: msg".
func warnings(r *Registry) []string {
	var out []string
	for _, w := range r.Warnings() {
		out = append(out, w.Error())
	}
	return out
}

// TestLossWarnings checks that every cut the bounds make and every pattern
// left out is a located warning: nothing is lost silently.
func TestLossWarnings(t *testing.T) {
	nested := "{type: string}"
	for range 5 {
		nested = "{type: object, properties: {a: " + nested + "}}"
	}
	tests := []struct {
		name string
		body string
		opts Options
		want []string
	}{
		{name: "fits", body: wideSchema(20)},
		{
			name: "inner parts cut for size", body: wideSchema(200), opts: Options{MaxSchemaBytes: 12 << 10},
			want: []string{`10:15: schema too large: rendered, it passes 12288 bytes, so its subschemas below nesting level 0 are replaced by {"$comment":"truncated: schema too large"}`},
		},
		{
			name: "whole schema cut for size", body: wideSchema(200), opts: Options{MaxSchemaBytes: 1 << 10},
			want: []string{`10:15: schema too large: rendered, it passes 1024 bytes, so it is replaced by {"$comment":"truncated: schema too large"}`},
		},
		{
			name: "cut for depth", body: "type: object\nproperties:\n  a: " + nested, opts: Options{MaxDepth: 3},
			want: []string{`12:113: schema nested deeper than 3 levels: the subschemas below are replaced by {"$comment":"truncated: schema nested too deeply"}`},
		},
		{
			name: "pattern no engine reads", body: "type: object\nproperties:\n  a: {type: string, pattern: '^[z-a]$'}\n  b: {type: string, pattern: '^(?!admin)[a-z]{1,2048}$'}",
			want: []string{"12:44: pattern \"^[z-a]$\" is left out of the schema: it is not a regular expression a server can compile ([z-a] range in reverse order)"},
		},
		{
			name: "patternProperties key no engine reads", body: "type: object\npatternProperties:\n  '^(x': {type: string}\n  '^(a)\\1$': {type: integer}",
			want: []string{`12:17: patternProperties key "^(x" is left out of the schema: it is not a regular expression a server can compile (missing closing ))`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := loadV3(t, v3Spec("3.0.3", tt.body, "Unused: {}"), nil)
			r := NewRegistry(OpenAPI30, tt.opts)
			got, _, err := r.Schema(bodySchema(t, doc, "/x"))
			if err != nil {
				t.Fatal(err)
			}
			mustJSON(t, got)
			if diff := cmp.Diff(tt.want, warnings(r)); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			for _, bad := range []string{"[z-a]", "^(x"} {
				if strings.Contains(got, bad) {
					t.Errorf("the unreadable pattern %q is still in %s", bad, got)
				}
			}
			if strings.Contains(tt.body, "(?!admin)") && !strings.Contains(got, "(?!admin)") {
				t.Errorf("a pattern the ECMAScript engine reads was left out: %s", got)
			}
		})
	}
}
