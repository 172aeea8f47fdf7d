package jsonschema

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/pb33f/go-yaml"
)

// wideSchema returns an object schema with n string properties, each with
// a nested object of one property.
func wideSchema(n int) string {
	var b strings.Builder
	b.WriteString("type: object\nproperties:\n")
	for i := range n {
		fmt.Fprintf(&b, "  p%04d: {type: object, properties: {v: {type: string, description: %q}}}\n", i, strings.Repeat("x", 40))
	}
	return b.String()
}

func TestTruncation(t *testing.T) {
	doc := loadV3(t, v3Spec("3.0.3", wideSchema(200), "Unused: {}"), nil)
	tests := []struct {
		name     string
		maxBytes int
		wantCut  bool
		wantAll  bool // the whole schema replaced
	}{
		{"fits", 1 << 20, false, false},
		{"inner parts cut", 12 << 10, true, false},
		{"whole schema cut", 1 << 10, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewRegistry(OpenAPI30, Options{MaxSchemaBytes: tt.maxBytes})
			got, _, err := r.Schema(bodySchema(t, doc, "/x"))
			if err != nil {
				t.Fatal(err)
			}
			mustJSON(t, got)
			if len(got) > max(tt.maxBytes, minSchemaBytes) {
				t.Errorf("len %d > budget %d", len(got), tt.maxBytes)
			}
			if cut := strings.Contains(got, "truncated: schema too large"); cut != tt.wantCut {
				t.Errorf("truncated = %v, want %v", cut, tt.wantCut)
			}
			if all := got == markTooLarge; all != tt.wantAll {
				t.Errorf("whole schema cut = %v, want %v: %.200s", all, tt.wantAll, got)
			}
			if tt.wantCut && !tt.wantAll && !strings.HasPrefix(got, `{"type":"object","properties":{"p0000":`) {
				t.Errorf("outer levels not kept: %.200s", got)
			}
		})
	}
}

func TestDepthLimit(t *testing.T) {
	nested := "{type: string}"
	for range 10 {
		nested = "{type: object, properties: {a: " + nested + "}}"
	}
	body := "type: object\nproperties:\n  a: " + nested
	doc := loadV3(t, v3Spec("3.0.3", body, "Unused: {}"), nil)
	r := NewRegistry(OpenAPI30, Options{MaxDepth: 3})
	got, _, err := r.Schema(bodySchema(t, doc, "/x"))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"object","properties":{"a":{"type":"object","properties":{"a":{"type":"object","properties":{"a":{"type":"object","properties":{"a":` +
		markTooDeep + `}}}}}}}}`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestAliasCycle(t *testing.T) {
	// A YAML structure that contains itself through an alias: build it by
	// hand, since the parser refuses it.
	root := &yaml.Node{Kind: yaml.MappingNode}
	props := &yaml.Node{Kind: yaml.MappingNode}
	str := func(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }
	root.Content = []*yaml.Node{str("type"), str("object"), str("properties"), props}
	props.Content = []*yaml.Node{str("self"), {Kind: yaml.AliasNode, Alias: root}}
	r := NewRegistry(OpenAPI30, Options{})
	got := r.render(root, nil)
	want := `{"type":"object","properties":{"self":` + markCircular + `}}`
	if diff := cmp.Diff(want, got.json); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestMalformed(t *testing.T) {
	tests := []struct {
		name     string
		body     string
		want     string
		wantLine int
		wantMsg  string
	}{
		{
			name:     "broken ref",
			body:     "type: object\nproperties:\n  a: {$ref: '#/components/schemas/Missing'}",
			want:     `{"type":"object","properties":{"a":{"$comment":"unresolved reference #/components/schemas/Missing"}}}`,
			wantLine: 12, wantMsg: `cannot resolve $ref "#/components/schemas/Missing"`,
		},
		{
			name:     "type is a number",
			body:     "type: 12\nminLength: 1",
			want:     `{"minLength":1}`,
			wantLine: 10, wantMsg: "type: expected a type name",
		},
		{
			name:     "unknown type",
			body:     "type: [string, text]",
			want:     `{"type":"string"}`,
			wantLine: 10, wantMsg: `type: unknown type "text"`,
		},
		{
			name:     "items is a list",
			body:     "type: array\nitems: [{type: string}, {type: integer}]",
			want:     `{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}]}`,
			wantLine: 11, wantMsg: "items: expected a schema, got a list (read as prefixItems)",
		},
		{
			name:     "missing property schema",
			body:     "type: object\nproperties:\n  a:\n  b: {type: string}",
			want:     `{"type":"object","properties":{"a":{},"b":{"type":"string"}}}`,
			wantLine: 12, wantMsg: "schema is missing",
		},
		{
			name:     "schema is a string",
			body:     "type: object\nadditionalProperties: yes",
			want:     `{"type":"object","additionalProperties":{}}`,
			wantLine: 11, wantMsg: `expected a schema object, got "yes"`,
		},
		{
			name:     "wrong value kinds",
			body:     "type: string\nminLength: -1\nmaximum: ten\nrequired: true\nenum: a\nreadOnly: 1",
			want:     `{"type":"string"}`,
			wantLine: 11, wantMsg: "minLength: expected a non-negative integer",
		},
		{
			name:     "empty ref",
			body:     "type: object\nproperties:\n  a: {$ref: ''}",
			want:     `{"type":"object","properties":{"a":{}}}`,
			wantLine: 12, wantMsg: "$ref: expected a reference string",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := loadV3(t, v3Spec("3.0.3", tt.body, "Unused: {}"), nil)
			r := NewRegistry(OpenAPI30, Options{})
			got, _, err := r.Schema(bodySchema(t, doc, "/x"))
			mustJSON(t, got)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("schema (-want +got):\n%s", diff)
			}
			if err == nil {
				t.Fatal("no error")
			}
			e := asError(t, err)
			if e.Line != tt.wantLine || e.Msg != tt.wantMsg || e.Col == 0 {
				t.Errorf("error = %d:%d: %s, want line %d: %s", e.Line, e.Col, e.Msg, tt.wantLine, tt.wantMsg)
			}
		})
	}
}

func TestDeterministic(t *testing.T) {
	spec := v3Spec("3.0.3", wideSchema(30)+"  z: {$ref: '#/components/schemas/B'}\n", `A: {type: object, properties: {b: {$ref: '#/components/schemas/B'}}}
B: {type: object, properties: {a: {$ref: '#/components/schemas/A'}, e: {enum: [1, 0x1F, 1e3, 1.0, "s", null, true]}}}`)
	render := func() (string, string) {
		doc := loadV3(t, spec, nil)
		r := NewRegistry(OpenAPI30, Options{})
		js, _, err := r.Schema(bodySchema(t, doc, "/x"))
		if err != nil {
			t.Fatal(err)
		}
		return js, fmt.Sprint(r.Defs())
	}
	js1, defs1 := render()
	for range 3 {
		js2, defs2 := render()
		if js1 != js2 || defs1 != defs2 {
			t.Fatal("output differs between runs")
		}
	}
	if !strings.Contains(defs1, `"enum":[1,31,1e3,1.0,"s",null,true]`) {
		t.Errorf("enum values not converted: %s", defs1)
	}
}
