package service

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func testDefs(defs map[string]string) defFunc {
	return func(name string) (json.RawMessage, bool) {
		s, ok := defs[name]
		return json.RawMessage(s), ok
	}
}

func TestShape(t *testing.T) {
	defs := testDefs(map[string]string{
		"Pet":    `{"type":"object","properties":{"id":{"type":"integer","format":"int64"},"owner":{"$ref":"#/$defs/User"}},"required":["id"]}`,
		"User":   `{"type":"object","properties":{"login":{"type":"string"},"pets":{"type":"array","items":{"$ref":"#/$defs/Pet"}}}}`,
		"Status": `{"type":"string","enum":["open","closed"]}`,
	})
	many := make([]string, 30)
	for i := range many {
		many[i] = `"v` + string(rune('a'+i%26)) + string(rune('a'+i/26)) + `"`
	}
	tests := []struct {
		name     string
		schema   string
		depth    int
		expand   bool
		want     string
		wantCut  bool
		wantEnum bool
		named    []string
	}{
		{name: "scalar with format", schema: `{"type":"string","format":"date-time"}`, depth: 2, want: "string(date-time)"},
		{name: "int64 format adds nothing", schema: `{"type":"integer","format":"int64"}`, depth: 2, want: "integer"},
		{name: "nullable", schema: `{"type":["string","null"]}`, depth: 2, want: "string | null"},
		{name: "object members, required ones bare", schema: `{"type":"object","properties":{"a":{"type":"string"},"b c":{"type":"boolean"}},"required":["a"]}`,
			depth: 1, want: `{a: string; "b c"?: boolean}`},
		{name: "map", schema: `{"type":"object","additionalProperties":{"type":"integer"}}`, depth: 1, want: "{[key: string]: integer}"},
		{name: "deep object cut", schema: `{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"string"}}}}}`,
			depth: 1, want: "{a?: {…}}", wantCut: true},
		{name: "named component", schema: `{"$ref":"#/$defs/Pet"}`, depth: 2, want: "Pet", named: []string{"Pet"}},
		{name: "expanded component, cycle named", schema: `{"$ref":"#/$defs/Pet"}`, depth: 4, expand: true,
			want: "{id: integer; owner?: {login?: string; pets?: Pet[]}}", named: []string{"Pet"}},
		{name: "scalar component spelled out", schema: `{"$ref":"#/$defs/Status"}`, depth: 1, want: `"open" | "closed"`},
		{name: "union flattened", schema: `{"anyOf":[{"anyOf":[{"type":"string"},{"$ref":"#/$defs/Pet"}]},{"type":"null"}]}`, depth: 1,
			want: "string | Pet | null", named: []string{"Pet"}},
		{name: "array of union", schema: `{"type":"array","items":{"oneOf":[{"type":"string"},{"type":"integer"}]}}`, depth: 1, want: "(string | integer)[]"},
		{name: "long enum cut", schema: `{"enum":[` + strings.Join(many, ",") + `]}`, depth: 1,
			want: strings.Join(many[:maxShapeEnum], " | ") + " | …", wantEnum: true},
		{name: "unknown reference named", schema: `{"$ref":"#/$defs/Gone"}`, depth: 1, want: "Gone", named: []string{"Gone"}},
		{name: "true schema", schema: `true`, depth: 1, want: "any"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newShaper(defs, tt.depth, tt.expand)
			got := s.typ(json.RawMessage(tt.schema), 0)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("type mismatch (-want +got):\n%s", diff)
			}
			if s.cut != tt.wantCut || s.enumCut != tt.wantEnum {
				t.Errorf("cut = %v, enumCut = %v; want %v, %v", s.cut, s.enumCut, tt.wantCut, tt.wantEnum)
			}
			if diff := cmp.Diff(tt.named, s.named); diff != "" {
				t.Errorf("named mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFieldOf(t *testing.T) {
	defs := testDefs(map[string]string{"Status": `{"type":"string","enum":["open","closed"],"description":"State. More."}`})
	tests := []struct {
		name, schema, desc string
		want               Field
	}{
		{"enum of a component", `{"$ref":"#/$defs/Status"}`, "",
			Field{Name: "f", Type: "string", Enum: raws(`"open"`, `"closed"`), Description: "State."}},
		{"array of enums", `{"type":"array","items":{"type":"string","enum":["a","b"]},"default":["a"]}`, "Pick some. Or none.",
			Field{Name: "f", Type: "string[]", Enum: raws(`"a"`, `"b"`), Default: json.RawMessage(`["a"]`), Description: "Pick some."}},
		{"format apart", `{"type":"string","format":"uuid"}`, "", Field{Name: "f", Type: "string", Format: "uuid"}},
		{"no schema", ``, "", Field{Name: "f", Type: "any"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := newShaper(defs, 2, true).fieldOf("f", false, json.RawMessage(tt.schema), tt.desc, 1)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("field mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func raws(vals ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(vals))
	for i, v := range vals {
		out[i] = json.RawMessage(v)
	}
	return out
}

func TestFirstSentence(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Lists the pets. Paged by 30.", "Lists the pets."},
		{"Use e.g. a name. Then more.", "Use e.g. a name."},
		{"<p>Creates a <code>Card</code>.</p><p>More</p>", "Creates a Card."},
		{"See [the docs](https://docs.example.com/x) for more.\n\nDetails.", "See the docs for more."},
		{"Version 1.2 is current", "Version 1.2 is current"},
		{"The name without the `.git` extension. More.", "The name without the .git extension."},
		{strings.Repeat("word ", 60), strings.TrimSpace(strings.Repeat("word ", 40)) + "…"},
	}
	for _, tt := range tests {
		got, _ := firstSentence(tt.in)
		if got != tt.want {
			t.Errorf("firstSentence(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
