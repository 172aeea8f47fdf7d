package invoke

import (
	"cmp"
	"errors"
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/message"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/pattern"
)

// compileNew compiles e's input schema for the validator.
func (v *Validator) compileNew(e *catalog.Endpoint) *compiled {
	s, doc, err := compileSchema(e, specOf(v.cat, e))
	return &compiled{schema: s, doc: doc, err: err}
}

// CompileInputSchema compiles e's input schema, joined with the defs of
// spec it reaches, exactly as the validator of a generated server will. The
// generator calls it so that a schema that cannot compile is an error at
// generation time rather than an endpoint a server cannot check.
// A failure is a *SchemaError.
func CompileInputSchema(e *catalog.Endpoint, spec *catalog.Spec) error {
	_, _, err := compileSchema(e, spec)
	if err == nil {
		return nil
	}
	return schemaError(err)
}

// SchemaError is why an input schema does not compile.
type SchemaError struct {
	Problems []SchemaProblem // at least one
}

// SchemaProblem is one reason, at a place of the joined schema document.
type SchemaProblem struct {
	// Pointer is the JSON pointer of the offending value in the input
	// schema joined with its defs: "/$defs/{Name}/…" inside a def, else
	// inside the endpoint's own schema; "" when the library gives none.
	Pointer string
	Message string
}

func (e *SchemaError) Error() string {
	var parts []string
	for _, p := range e.Problems {
		parts = append(parts, cmp.Or(p.Pointer, "/")+": "+p.Message)
	}
	return "input schema does not compile: " + strings.Join(parts, "; ")
}

// schemaError describes a compile error by its leaves.
func schemaError(err error) *SchemaError {
	var sve *jsonschema.SchemaValidationError
	var ve *jsonschema.ValidationError
	var re *jsonschema.InvalidRegexError
	p := message.NewPrinter(message.MatchLanguage("en"))
	out := &SchemaError{}
	switch {
	case errors.As(err, &sve) && errors.As(sve.Err, &ve):
		walkLeaves(ve, func(l *jsonschema.ValidationError) {
			out.Problems = append(out.Problems, SchemaProblem{Pointer: pointer(l.InstanceLocation), Message: l.ErrorKind.LocalizedString(p)})
		})
	case errors.As(err, &re):
		_, frag, _ := strings.Cut(re.URL, "#")
		out.Problems = append(out.Problems, SchemaProblem{Pointer: frag, Message: fmt.Sprintf("%q is not a regular expression Go can compile", re.Regex)})
	}
	if len(out.Problems) == 0 {
		out.Problems = append(out.Problems, SchemaProblem{Message: firstLine(err.Error())})
	}
	return out
}

// compileSchema joins e's input schema with the defs of spec it reaches and
// compiles the result; doc is the joined schema document.
func compileSchema(e *catalog.Endpoint, spec *catalog.Spec) (s *jsonschema.Schema, doc map[string]any, err error) {
	root, err := decodeObject(e.InputSchema.String(), "input schema")
	if err != nil {
		return nil, nil, err
	}
	if spec != nil && len(e.Defs) > 0 {
		defs := map[string]any{}
		for _, i := range e.Defs {
			if i < 0 || i >= len(spec.Defs) {
				continue
			}
			d, err := decodeJSON([]byte(spec.Defs[i].Schema.String()))
			if err != nil {
				return nil, nil, fmt.Errorf("schema %q: %w", spec.Defs[i].Name, err)
			}
			defs[spec.Defs[i].Name] = d
		}
		root["$defs"] = defs
	}
	url := "mem:///endpoint/" + e.ID + ".json"
	comp, err := newCompiler(url, root)
	if err != nil {
		return nil, nil, err
	}
	s, err = comp.Compile(url)
	if err != nil {
		return nil, nil, err
	}
	return s, root, nil
}

// newCompiler is the compiler of every input schema, with doc added at url
// as a 2020-12 schema.
func newCompiler(url string, doc map[string]any) (*jsonschema.Compiler, error) {
	doc["$schema"] = draft2020
	comp := jsonschema.NewCompiler()
	comp.AssertContent() // a base64 file argument must be base64
	comp.UseRegexpEngine(compilePattern)
	if err := comp.AddResource(url, doc); err != nil {
		return nil, err
	}
	return comp, nil
}

// compilePattern is the validator's regular expression engine: Go's
// regexp, else bounded ECMAScript (see runtime/pattern).
func compilePattern(expr string) (jsonschema.Regexp, error) {
	re, err := pattern.Compile(expr)
	if err != nil {
		return nil, err
	}
	return re, nil
}

// decodeObject decodes a JSON object.
func decodeObject(text, what string) (map[string]any, error) {
	v, err := decodeJSON([]byte(text))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s is not an object", what)
	}
	return m, nil
}

// firstLine is s up to its first line break.
func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
