package invoke

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	jskind "github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Bounds of validation.
const (
	defaultSchemaCache = 256 // compiled endpoint schemas kept
	maxHealRounds      = 8   // parse-and-revalidate rounds per call
	maxProblems        = 12  // problems quoted in one error
	maxSchemaQuote     = 240 // bytes of schema quoted per problem
)

// Validator checks invoke arguments against each endpoint's input schema
// (JSON Schema 2020-12 with the spec's $defs). Schemas are compiled on
// first use and kept in a bounded cache. It is safe for concurrent use.
type Validator struct {
	cat   *catalog.Catalog
	mu    sync.Mutex
	cache map[string]*compiled
	order []string // cache keys, oldest first
	max   int
}

// compiled is one endpoint's schema, ready to validate.
type compiled struct {
	schema *jsonschema.Schema
	doc    map[string]any // the schema document, for quoting parts of it
	err    error
}

// NewValidator returns a validator for cat's endpoints.
func NewValidator(cat *catalog.Catalog) *Validator {
	return &Validator{cat: cat, cache: map[string]*compiled{}, max: defaultSchemaCache}
}

// Args are the invoke arguments the input schema describes. Check may
// rewrite Parameters and Body when it heals them.
type Args struct {
	Parameters map[string]json.RawMessage
	Body       json.RawMessage
	MediaType  string
}

// Fixes says what Check changed in the arguments.
type Fixes struct {
	Healed    []string // JSON pointers of arguments parsed from JSON text
	Defaulted []string // required parameters filled from their schema's default
}

// Check validates args against e's input schema. A required parameter the
// call leaves out is filled from its schema's default when it has one
// (optional ones are left out: the API applies its own defaults). An
// argument sent as a JSON string where the schema wants an object or array
// is parsed and checked again. An endpoint without an input schema passes.
func (v *Validator) Check(e *catalog.Endpoint, args *Args) (Fixes, error) {
	var fx Fixes
	if e.InputSchema.String() == "" {
		return fx, nil
	}
	c := v.compile(e)
	if c.err != nil {
		// Never send what could not be checked. The generator refuses such
		// schemas, so only a catalog written by hand or by another version
		// gets here.
		return fx, &ValidationError{Problems: []string{
			"the server cannot check this endpoint's arguments, so it sends nothing: its input schema does not compile (" +
				firstLine(c.err.Error()) + "); regenerate the server with a current swag2mcp"}}
	}
	fx.Defaulted = fillDefaults(c.doc, args)
	checked := args
	if ownShape(e, args.MediaType) {
		// The schema describes the default media type's body; a chosen
		// text or binary one has its shape checked when it is encoded.
		checked = &Args{Parameters: args.Parameters, MediaType: args.MediaType}
	}
	healed, err := c.check(checked)
	args.Parameters = checked.Parameters
	fx.Healed = healed
	return fx, err
}

// ownShape reports a chosen media type, other than the default, whose body
// is text or base64 rather than what the input schema describes.
func ownShape(e *catalog.Endpoint, chosen string) bool {
	if chosen == "" || e.Body == nil {
		return false
	}
	def, _ := chooseMediaType(e.Body, "")
	if strings.EqualFold(def, chosen) {
		return false
	}
	k := kindOf(chosen)
	return k == textMedia || k == binaryMedia
}

// fillDefaults sets missing required parameters that have a default.
func fillDefaults(doc any, args *Args) []string {
	ps, _ := resolvePointer(doc, "/properties/parameters").(map[string]any)
	props, _ := ps["properties"].(map[string]any)
	req, _ := ps["required"].([]any)
	var filled []string
	for _, r := range req {
		name, _ := r.(string)
		if _, given := args.Parameters[name]; given || name == "" {
			continue
		}
		schema, _ := props[name].(map[string]any)
		def, ok := schema["default"]
		if !ok {
			continue
		}
		b, err := json.Marshal(def)
		if err != nil {
			continue
		}
		if args.Parameters == nil {
			args.Parameters = map[string]json.RawMessage{}
		}
		args.Parameters[name] = b
		filled = append(filled, name)
	}
	slices.Sort(filled)
	return filled
}

// check validates and heals args.
func (c *compiled) check(args *Args) (healed []string, err error) {
	inst, err := instanceOf(args)
	if err != nil {
		return nil, &ValidationError{Problems: []string{err.Error()}}
	}
	for range maxHealRounds {
		verr := c.schema.Validate(inst)
		if verr == nil {
			break
		}
		ve, ok := verr.(*jsonschema.ValidationError)
		if !ok {
			return nil, &ValidationError{Problems: []string{verr.Error()}}
		}
		fixed := heal(inst, ve)
		if len(fixed) == 0 {
			return healed, &ValidationError{Problems: describe(ve, c.doc)}
		}
		healed = append(healed, fixed...)
	}
	if len(healed) > 0 {
		slices.Sort(healed)
		healed = slices.Compact(healed)
		if err := c.schema.Validate(inst); err != nil {
			if ve, ok := err.(*jsonschema.ValidationError); ok {
				return healed, &ValidationError{Problems: describe(ve, c.doc)}
			}
			return healed, &ValidationError{Problems: []string{err.Error()}}
		}
		writeBack(inst, args)
	}
	return healed, nil
}

// instanceOf builds the JSON value the input schema describes.
func instanceOf(args *Args) (map[string]any, error) {
	inst := map[string]any{}
	if args.Parameters != nil {
		params := map[string]any{}
		for k, raw := range args.Parameters {
			v, err := decodeJSON(raw)
			if err != nil {
				return nil, fmt.Errorf("parameter %q is not valid JSON", k)
			}
			params[k] = v
		}
		inst["parameters"] = params
	}
	if len(args.Body) > 0 {
		v, err := decodeJSON(args.Body)
		if err != nil {
			return nil, fmt.Errorf("requestBody is not valid JSON")
		}
		inst["requestBody"] = v
	}
	if args.MediaType != "" {
		inst["mediaType"] = args.MediaType
	}
	return inst, nil
}

// decodeJSON decodes as the validator wants: numbers as json.Number.
func decodeJSON(raw []byte) (any, error) {
	return jsonschema.UnmarshalJSON(bytes.NewReader(raw))
}

// writeBack stores healed values into args.
func writeBack(inst map[string]any, args *Args) {
	if params, ok := inst["parameters"].(map[string]any); ok {
		for k, v := range params {
			if b, err := json.Marshal(v); err == nil {
				args.Parameters[k] = b
			}
		}
	}
	if body, ok := inst["requestBody"]; ok {
		if b, err := json.Marshal(body); err == nil {
			args.Body = b
		}
	}
}

// heal parses, in place, every string the errors say should be an object or
// array and that holds one as JSON text. It returns the healed locations.
func heal(inst map[string]any, ve *jsonschema.ValidationError) []string {
	var fixed []string
	walkLeaves(ve, func(e *jsonschema.ValidationError) {
		t, ok := e.ErrorKind.(*jskind.Type)
		if !ok || t.Got != "string" || !(slices.Contains(t.Want, "object") || slices.Contains(t.Want, "array")) {
			return
		}
		loc := e.InstanceLocation
		s, ok := lookup(inst, loc).(string)
		if !ok {
			return
		}
		v, err := decodeJSON([]byte(s))
		if err != nil {
			return
		}
		switch v.(type) {
		case map[string]any:
			if !slices.Contains(t.Want, "object") {
				return
			}
		case []any:
			if !slices.Contains(t.Want, "array") {
				return
			}
		default:
			return
		}
		if replace(inst, loc, v) {
			fixed = append(fixed, pointer(loc))
		}
	})
	return fixed
}

// lookup finds the value at loc in v, or nil.
func lookup(v any, loc []string) any {
	for _, tok := range loc {
		switch c := v.(type) {
		case map[string]any:
			v = c[tok]
		case []any:
			i, err := index(tok, len(c))
			if err != nil {
				return nil
			}
			v = c[i]
		default:
			return nil
		}
	}
	return v
}

// replace sets the value at loc (non-empty) in v.
func replace(v any, loc []string, nv any) bool {
	if len(loc) == 0 {
		return false
	}
	parent := lookup(v, loc[:len(loc)-1])
	last := loc[len(loc)-1]
	switch c := parent.(type) {
	case map[string]any:
		c[last] = nv
		return true
	case []any:
		i, err := index(last, len(c))
		if err != nil {
			return false
		}
		c[i] = nv
		return true
	}
	return false
}

func index(tok string, n int) (int, error) {
	var i int
	if _, err := fmt.Sscanf(tok, "%d", &i); err != nil || i < 0 || i >= n {
		return 0, fmt.Errorf("bad index")
	}
	return i, nil
}

// pointer writes a JSON pointer.
func pointer(loc []string) string {
	var b strings.Builder
	for _, tok := range loc {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(tok))
	}
	return b.String()
}

// walkLeaves calls f on each error without causes.
func walkLeaves(ve *jsonschema.ValidationError, f func(*jsonschema.ValidationError)) {
	if len(ve.Causes) == 0 {
		f(ve)
		return
	}
	for _, c := range ve.Causes {
		walkLeaves(c, f)
	}
}

// compile returns e's compiled schema, compiling and caching it on first use.
func (v *Validator) compile(e *catalog.Endpoint) *compiled {
	v.mu.Lock()
	defer v.mu.Unlock()
	if c, ok := v.cache[e.ID]; ok {
		return c
	}
	c := v.compileNew(e)
	if len(v.order) >= v.max {
		delete(v.cache, v.order[0])
		v.order = v.order[1:]
	}
	v.cache[e.ID] = c
	v.order = append(v.order, e.ID)
	return c
}

// specOf finds e's spec without trusting the catalog's indexes.
func specOf(cat *catalog.Catalog, e *catalog.Endpoint) *catalog.Spec {
	if cat == nil || e.Tag < 0 || e.Tag >= len(cat.Tags) {
		return nil
	}
	col := cat.Tags[e.Tag].Collection
	if col < 0 || col >= len(cat.Collections) {
		return nil
	}
	s := cat.Collections[col].Spec
	if s < 0 || s >= len(cat.Specs) {
		return nil
	}
	return &cat.Specs[s]
}
