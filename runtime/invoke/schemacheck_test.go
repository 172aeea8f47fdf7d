package invoke

import (
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// TestInputSchemasCompileAgrees checks that the one-pass check answers as
// CompileInputSchema does for each endpoint, on what its own metaschema
// step reads differently from the compiler's if set up wrong: patterns
// (the validator's engine, not Go's regexp), formats, and the shape of an
// endpoint's own schema beside its defs.
func TestInputSchemasCompileAgrees(t *testing.T) {
	cases := []struct {
		name, def, input string
	}{
		{"ECMAScript pattern", `{"type":"string","pattern":"^(?!admin$)[a-z]+$"}`, ""},
		{"pattern no engine reads", `{"type":"string","pattern":"(["}`, ""},
		{"patternProperties key", `{"type":"object","patternProperties":{"(?<=a)b":{}}}`, ""},
		{"bad format of $ref", `{"$ref":"#/$defs/Def","minLength":"3"}`, ""},
		{"bad keyword type in the endpoint's schema", `{"type":"string"}`, `{"type":"object","required":"name"}`},
		{"unknown type name", `{"type":"text"}`, ""},
		{"good", `{"type":"object","properties":{"a":{"type":"integer","minimum":1}}}`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			spec := &catalog.Spec{Defs: []catalog.Def{{Name: "Def", Schema: catalog.Text(c.def)}}}
			e := bodyEndpoint("e", "Def", 0)
			if c.input != "" {
				e.InputSchema = catalog.Text(c.input)
			}
			want := CompileInputSchema(e, spec) == nil
			if got := InputSchemasCompile(spec, []*catalog.Endpoint{e}); got != want {
				t.Errorf("InputSchemasCompile = %v, CompileInputSchema compiles: %v", got, want)
			}
		})
	}
}
