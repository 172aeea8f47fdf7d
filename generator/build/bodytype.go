package build

import (
	"strings"
	"unicode"

	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/naming"
)

// Bounds of the typed API's body types. A body past them is typed as
// json.RawMessage from that point on: the call still works, only without
// Go types for that part.
const (
	maxTypeDepth      = 8     // nesting of objects and arrays below the body
	maxStructFields   = 300   // properties of one object schema
	maxFieldsPerSpec  = 20000 // fields of all named types of one spec
	bodyTypeSuffix    = "Body"
	paramsTypeSuffix  = "Params"
	defsRefPrefix     = "#/$defs/"
	requestBodyMember = "requestBody"
)

// reservedTypeNames are the package-level names a generated package uses
// itself (see generator/emit): no body type may take them.
var reservedTypeNames = []string{"Client", "NewClient", "Main", "Response", "Options"}

// assignBodyTypes derives the Go type of every endpoint's request body
// from the JSON Schema of invoke's requestBody argument, and names the
// struct types it needs, uniquely across the API.
func assignBodyTypes(api *ir.API) {
	names := &naming.Namer{}
	names.Reserve(reservedTypeNames...)
	forEachEndpoint(api, func(_ *ir.Spec, e *ir.Endpoint) {
		names.Reserve(e.GoName + paramsTypeSuffix)
	})
	for _, s := range api.Specs {
		t := &typer{spec: s, names: names, defs: map[string]*ir.GoType{}, defSchemas: map[string]*jnode{}}
		for _, d := range s.Defs {
			if n, err := parseOrdered(d.Schema); err == nil {
				t.defSchemas[d.Name] = n
			}
		}
		forEachEndpoint(&ir.API{Specs: []*ir.Spec{s}}, func(_ *ir.Spec, e *ir.Endpoint) {
			if e.Body == nil {
				return
			}
			raw := ir.GoType{Kind: ir.GoRaw}
			e.BodyType = &raw
			in, err := parseOrdered(e.InputSchema)
			if err != nil {
				return
			}
			body := in.member("properties").member(requestBodyMember)
			if body == nil {
				return
			}
			typ := t.typeOf(body, e.GoName+bodyTypeSuffix, 0)
			e.BodyType = &typ
		})
	}
}

// forEachEndpoint calls f for every endpoint of api in catalog order.
func forEachEndpoint(api *ir.API, f func(*ir.Spec, *ir.Endpoint)) {
	for _, s := range api.Specs {
		for _, c := range s.Collections {
			for _, t := range c.Tags {
				for _, e := range t.Endpoints {
					f(s, e)
				}
			}
		}
	}
}

// typer turns one spec's schemas into Go types.
type typer struct {
	spec       *ir.Spec
	names      *naming.Namer
	defs       map[string]*ir.GoType // def name → its type, once made; nil while being made
	defSchemas map[string]*jnode
	fields     int // fields of the spec's named types so far
}

// typeOf is the Go type of schema n; name is the type name to give an
// inline object.
func (t *typer) typeOf(n *jnode, name string, depth int) ir.GoType {
	raw := ir.GoType{Kind: ir.GoRaw}
	if n == nil || n.kind != 'o' || depth > maxTypeDepth {
		return raw
	}
	if ref := n.member("$ref"); ref != nil {
		if ref.kind != 's' || len(n.obj) > 2 { // $ref with siblings other than a description
			return raw
		}
		return t.defType(ref.str, depth)
	}
	if all := n.member("allOf"); all != nil && all.kind == 'a' && len(all.arr) == 1 {
		return t.typeOf(all.arr[0], name, depth)
	}
	for _, k := range combinators {
		if n.member(k) != nil {
			return raw
		}
	}
	switch typeName(n) {
	case "string":
		return ir.GoType{Kind: ir.GoString}
	case "integer":
		return ir.GoType{Kind: ir.GoInt}
	case "number":
		return ir.GoType{Kind: ir.GoFloat}
	case "boolean":
		return ir.GoType{Kind: ir.GoBool}
	case "array":
		elem := t.typeOf(n.member("items"), name+"Item", depth+1)
		return ir.GoType{Kind: ir.GoSlice, Elem: &elem}
	case "object":
		return t.objectType(n, name, depth)
	}
	return raw
}

// objectType types an object schema: a named struct for its properties, a
// map for additionalProperties alone.
func (t *typer) objectType(n *jnode, name string, depth int) ir.GoType {
	raw := ir.GoType{Kind: ir.GoRaw}
	props := n.member("properties")
	if props == nil || props.kind != 'o' || len(props.obj) == 0 {
		if ap := n.member("additionalProperties"); ap != nil && ap.kind == 'o' {
			elem := t.typeOf(ap, name+"Value", depth+1)
			return ir.GoType{Kind: ir.GoMap, Elem: &elem}
		}
		return raw
	}
	if len(props.obj) > maxStructFields || t.fields+len(props.obj) > maxFieldsPerSpec {
		return raw
	}
	if !taggable(props) {
		rawElem := raw
		return ir.GoType{Kind: ir.GoMap, Elem: &rawElem}
	}
	typeName := t.names.Unique(name)
	t.fields += len(props.obj)
	// Appended before its fields are typed, so types appear parent first.
	idx := len(t.spec.Types)
	t.spec.Types = append(t.spec.Types, ir.NamedType{Name: typeName, Doc: n.member("description").text()})
	fields := t.structFields(n, props, typeName, depth)
	t.spec.Types[idx].Fields = fields
	return ir.GoType{Kind: ir.GoNamed, Name: typeName}
}

// structFields types the properties of object schema n, named inside owner.
func (t *typer) structFields(n, props *jnode, owner string, depth int) []ir.GoField {
	required := map[string]bool{}
	if req := n.member("required"); req != nil && req.kind == 'a' {
		for _, r := range req.arr {
			if r.kind == 's' {
				required[r.str] = true
			}
		}
	}
	var fieldNames naming.Namer
	out := make([]ir.GoField, 0, len(props.obj))
	for _, m := range props.obj {
		goName := fieldNames.Unique(naming.GoName(m.key))
		out = append(out, ir.GoField{
			Name:     goName,
			JSON:     m.key,
			Type:     t.typeOf(m.value, owner+goName, depth+1),
			Required: required[m.key],
			Doc:      m.value.member("description").text(),
		})
	}
	return out
}

// defType is the Go type of the component schema a $ref names, made once
// per component: a named struct for a plain object schema, else the type
// of its schema (a string enum, an array, a map).
func (t *typer) defType(ref string, depth int) ir.GoType {
	raw := ir.GoType{Kind: ir.GoRaw}
	def, ok := strings.CutPrefix(ref, defsRefPrefix)
	if !ok {
		return raw
	}
	if typ, ok := t.defs[def]; ok {
		if typ == nil {
			return raw // a component that refers to itself other than through a struct
		}
		return *typ
	}
	t.defs[def] = nil // in progress
	schema := t.defSchemas[def]
	var typ ir.GoType
	if props := schema.member("properties"); isPlainObject(schema) && taggable(props) &&
		len(props.obj) <= maxStructFields && t.fields+len(props.obj) <= maxFieldsPerSpec {
		name := t.names.Unique(naming.GoName(def))
		typ = ir.GoType{Kind: ir.GoNamed, Name: name}
		t.defs[def] = &typ // before the fields: recursive schemas refer to it
		t.fields += len(props.obj)
		doc := schema.member("description").text()
		if doc == "" {
			doc = "the component schema " + quote(def)
		}
		idx := len(t.spec.Types)
		t.spec.Types = append(t.spec.Types, ir.NamedType{Name: name, Doc: doc})
		t.spec.Types[idx].Fields = t.structFields(schema, props, name, 0)
		return typ
	}
	typ = t.typeOf(schema, naming.GoName(def), depth)
	t.defs[def] = &typ
	return typ
}

// isPlainObject reports whether schema n is an object with properties and
// no combinators: what a Go struct expresses.
func isPlainObject(n *jnode) bool {
	props := n.member("properties")
	if n == nil || typeName(n) != "object" || props == nil || props.kind != 'o' || len(props.obj) == 0 {
		return false
	}
	for _, k := range combinators {
		if n.member(k) != nil {
			return false
		}
	}
	return true
}

// taggable reports whether every property name of props can be a JSON
// struct tag: encoding/json ignores a tag with other characters and would
// send the Go field name instead. Such objects are typed as maps.
func taggable(props *jnode) bool {
	for _, m := range props.obj {
		if m.key == "" || m.key == "-" {
			return false
		}
		for _, c := range m.key {
			if !strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) && !unicode.IsLetter(c) && !unicode.IsDigit(c) {
				return false
			}
		}
	}
	return true
}

// combinators are the keywords whose schemas a Go type cannot express.
var combinators = []string{"oneOf", "anyOf", "allOf", "not", "if"}

// typeName is the JSON type of schema n: its "type", the single non-null
// entry of a type list, or "object" for a schema with properties only.
func typeName(n *jnode) string {
	typ := n.member("type")
	switch {
	case typ == nil:
		if n.member("properties") != nil {
			return "object"
		}
		return ""
	case typ.kind == 's':
		return typ.str
	case typ.kind == 'a':
		var nonNull []string
		for _, v := range typ.arr {
			if v.kind == 's' && v.str != "null" {
				nonNull = append(nonNull, v.str)
			}
		}
		if len(nonNull) == 1 {
			return nonNull[0]
		}
	}
	return ""
}
