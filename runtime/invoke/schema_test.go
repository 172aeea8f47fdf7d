package invoke

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// brokenSpec has one def a validator cannot compile (dependentRequired
// must list strings) and one it can.
func brokenSpec() *catalog.Spec {
	return &catalog.Spec{Defs: []catalog.Def{
		{Name: "Bad", Schema: catalog.Text(`{"type":"object","dependentRequired":{"a":[1]}}`)},
		{Name: "Good", Schema: catalog.Text(`{"type":"object","required":["name"]}`)},
	}}
}

func bodyEndpoint(id, def string, defs ...int) *catalog.Endpoint {
	return &catalog.Endpoint{ID: id, Method: "POST", Path: "/x",
		Body:        &catalog.Body{MediaTypes: []string{"application/json"}},
		InputSchema: catalog.Text(`{"type":"object","properties":{"requestBody":{"$ref":"#/$defs/` + def + `"}}}`), Defs: defs}
}

// TestCompileInputSchema checks the generator's view of a schema that
// cannot compile: a *SchemaError pointing into the def, and the one-pass
// check of a whole spec agreeing with the per-endpoint one.
func TestCompileInputSchema(t *testing.T) {
	spec := brokenSpec()
	bad, good := bodyEndpoint("bad", "Bad", 0), bodyEndpoint("good", "Good", 1)
	var se *SchemaError
	if err := CompileInputSchema(bad, spec); !errors.As(err, &se) {
		t.Fatalf("CompileInputSchema = %v, want a *SchemaError", err)
	}
	want := []SchemaProblem{{Pointer: "/$defs/Bad/dependentRequired/a/0", Message: "got number, want string"}}
	if diff := cmp.Diff(want, se.Problems); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
	if err := CompileInputSchema(good, spec); err != nil {
		t.Errorf("good schema: %v", err)
	}
	if !InputSchemasCompile(spec, []*catalog.Endpoint{good}) {
		t.Error("InputSchemasCompile refuses a spec whose endpoints all compile")
	}
	if InputSchemasCompile(spec, []*catalog.Endpoint{good, bad}) {
		t.Error("InputSchemasCompile accepts an endpoint that does not compile")
	}
}

// TestCheckRefusesWhatItCannotCompile checks that a schema the validator
// cannot compile fails the call instead of letting unchecked arguments
// through.
func TestCheckRefusesWhatItCannotCompile(t *testing.T) {
	spec := brokenSpec()
	spec.Defs[0].Name = "Bad"
	bad := bodyEndpoint("bad", "Bad", 0)
	bad.Tag = 0
	cat := &catalog.Catalog{Specs: []catalog.Spec{*spec}, Collections: []catalog.Collection{{Spec: 0}}, Tags: []catalog.Tag{{Collection: 0}},
		Endpoints: []catalog.Endpoint{*bad}}
	v := NewValidator(cat)
	_, err := v.Check(&cat.Endpoints[0], &Args{Body: json.RawMessage(`{"a":1}`)})
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("Check = %v, want a *ValidationError", err)
	}
	if msg := strings.Join(ve.Problems, "; "); !strings.Contains(msg, "sends nothing") || !strings.Contains(msg, "does not compile") {
		t.Errorf("message %q does not say the schema cannot compile and nothing is sent", msg)
	}
}

// TestCheckECMAScriptPattern checks that a pattern Go's regexp cannot
// read (JSON Schema's regular expressions are ECMAScript's) is still
// checked.
func TestCheckECMAScriptPattern(t *testing.T) {
	e := catalog.Endpoint{ID: "e", Method: "GET", Path: "/users/{name}", Params: []catalog.Param{{Name: "name", In: "path", Required: true}},
		InputSchema: catalog.Text(`{"type":"object","properties":{"parameters":{"type":"object","properties":{"name":{"type":"string","pattern":"^(?!admin$)[a-z]{1,2000}$"}}}}}`)}
	cat := &catalog.Catalog{Specs: []catalog.Spec{{}}, Collections: []catalog.Collection{{}}, Tags: []catalog.Tag{{}}, Endpoints: []catalog.Endpoint{e}}
	v := NewValidator(cat)
	for name, ok := range map[string]bool{"bob": true, "admin": false, "Bob": false, "administrator": true} {
		_, err := v.Check(&cat.Endpoints[0], &Args{Parameters: map[string]json.RawMessage{"name": json.RawMessage(`"` + name + `"`)}})
		if (err == nil) != ok {
			t.Errorf("name %q: Check = %v, want accepted %v", name, err, ok)
		}
	}
}
