package script

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// testDefs are component schemas as a spec's $defs.
func testDefs(name string) (json.RawMessage, bool) {
	d, ok := map[string]string{
		"Pet":      `{"type":"object","properties":{"id":{"type":"integer","format":"int64"},"name":{"type":"string"},"category":{"$ref":"#/$defs/Category"},"tags":{"type":"array","items":{"$ref":"#/$defs/Tag"}}},"required":["name"]}`,
		"Category": `{"type":"object","properties":{"id":{"type":"integer"},"parent":{"$ref":"#/$defs/Category"}}}`,
		"Tag":      `{"type":"string","description":"A label"}`,
		"odd-name": `{"type":"boolean"}`,
	}[name]
	return json.RawMessage(d), ok
}

func TestTypeScript(t *testing.T) {
	tests := []struct {
		name      string
		schema    string
		budget    int
		want      string
		wantGuide []string
	}{
		{
			name: "parameters with formats and bounds",
			schema: `{"type":"object","properties":{"parameters":{"type":"object","properties":{` +
				`"status":{"description":"Statuses to filter by","type":"array","items":{"type":"string","enum":["available","pending","sold"]}},` +
				`"limit":{"description":"Largest number of pets","type":"integer","format":"int32","minimum":1,"maximum":100,"default":20},` +
				`"X-Request-ID":{"type":"string","format":"uuid"},"plain":{"type":"string"}},"required":["status"],"additionalProperties":false}},"required":["parameters"]}`,
			budget: 4096,
			want:   `{ parameters: { status: ("available" | "pending" | "sold")[]; limit?: number; "X-Request-ID"?: string; plain?: string } }`,
			wantGuide: []string{
				"parameters.status: Statuses to filter by",
				"parameters.limit: Largest number of pets; format int32; minimum 1; maximum 100; default 20",
				"parameters.X-Request-ID: format uuid",
			},
		},
		{
			name:   "references become declarations, recursion included",
			schema: `{"type":"object","properties":{"requestBody":{"$ref":"#/$defs/Pet"}},"required":["requestBody"]}`,
			budget: 4096,
			want: "{ requestBody: Pet }\n" +
				"type Pet = { id?: number; name: string; category?: Category; tags?: Tag[] };\n" +
				"type Category = { id?: number; parent?: Category };\n" +
				"type Tag = string;",
			wantGuide: []string{"Pet.id: format int64", "Tag: A label"},
		},
		{
			name:   "declarations over budget are named as omitted",
			schema: `{"type":"object","properties":{"requestBody":{"$ref":"#/$defs/Pet"}}}`,
			budget: 100,
			want:   "{ requestBody?: Pet }\n// 1 more referenced types omitted for size; see $defs",
		},
		{
			name:   "unions, nullables, maps, tuples, consts",
			schema: `{"type":"object","properties":{"a":{"oneOf":[{"type":"string"},{"type":"object","properties":{"x":{"type":"number"}}}]},"b":{"type":["string","null"]},"c":{"type":"object","additionalProperties":{"type":"integer"}},"d":{"type":"array","prefixItems":[{"type":"string"},{"const":1}]},"e":{"anyOf":[{"type":"string"},{"type":"number"}]},"f":{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"number"}]}},"g":{"$ref":"#/$defs/odd-name"},"h":{"$ref":"#/$defs/Missing"},"i":{}}}`,
			budget: 4096,
			want:   "{ a?: string | { x?: number }; b?: string | null; c?: { [key: string]: number }; d?: [string, 1]; e?: string | number; f?: (string | number)[]; g?: odd_name; h?: unknown; i?: unknown }\ntype odd_name = boolean;",
		},
		{"empty object", `{"type":"object","properties":{}}`, 100, "{ [key: string]: unknown }", nil},
		{"not JSON", `{`, 100, "unknown", nil},
		{"boolean schema", `false`, 100, "never", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, guide := TypeScript(json.RawMessage(tt.schema), testDefs, tt.budget)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("type mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantGuide, guide); diff != "" {
				t.Errorf("guidance mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOutputSchema(t *testing.T) {
	tests := []struct {
		name      string
		operation string
		budget    int
		want      string // "" when there is none
	}{
		{
			"200 JSON with references",
			`{"responses":{"404":{"description":"x"},"200":{"content":{"application/xml":{"schema":{"type":"string"}},"application/json":{"schema":{"$ref":"#/$defs/Category"}}}}}}`,
			4096,
			`{"$defs":{"Category":{"type":"object","properties":{"id":{"type":"integer"},"parent":{"$ref":"#/$defs/Category"}}}},"$ref":"#/$defs/Category"}`,
		},
		{
			"lowest 2xx, vendor JSON",
			`{"responses":{"202":{"content":{"application/json":{"schema":{"type":"boolean"}}}},"201":{"content":{"application/vnd.api+json":{"schema":{"type":"integer"}}}}}}`,
			4096,
			`{"type":"integer"}`,
		},
		{
			"definitions over budget are placeholders",
			`{"responses":{"200":{"content":{"application/json":{"schema":{"type":"array","items":{"$ref":"#/$defs/Pet"}}}}}}}`,
			250,
			`{"$defs":{"Category":{"$comment":"omitted to keep this answer small"},"Pet":{"type":"object","properties":{"id":{"type":"integer","format":"int64"},"name":{"type":"string"},"category":{"$ref":"#/$defs/Category"},"tags":{"type":"array","items":{"$ref":"#/$defs/Tag"}}},"required":["name"]},"Tag":{"$comment":"omitted to keep this answer small"}},"items":{"$ref":"#/$defs/Pet"},"type":"array"}`,
		},
		{"no success response", `{"responses":{"400":{"content":{"application/json":{"schema":{"type":"object"}}}}}}`, 4096, ""},
		{"no JSON content", `{"responses":{"200":{"content":{"text/plain":{"schema":{"type":"string"}}}}}}`, 4096, ""},
		{"no responses", `{}`, 4096, ""},
		{"broken operation", `{`, 4096, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := OutputSchema(tt.operation, testDefs, tt.budget)
			if ok != (tt.want != "") {
				t.Fatalf("ok = %v, schema %s", ok, got)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("schema mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
