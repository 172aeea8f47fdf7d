package jsonschema

import (
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/swag2mcp/swag2mcp/runtime/pattern"
)

// facts are what a schema object's keywords say about each other; they are
// gathered before writing because one keyword rewrites another (nullable
// changes type and enum, a boolean exclusiveMinimum changes minimum, …).
type facts struct {
	types       []string // valid type names in order, "file" read as "string"
	file        bool     // Swagger 2.0 type: file
	nullable    bool     // nullable: true or x-nullable: true
	exclMin     bool     // boolean exclusiveMinimum: true
	exclMax     bool     // boolean exclusiveMaximum: true
	examples    bool     // examples is a list
	prefixItems bool
	itemsList   bool // items is a list (draft-04 tuple)
	composite   bool // $ref, allOf, anyOf or oneOf present
}

// gather reads the facts of the entries ps, reporting a bad type.
func (c *conv) gather(ps []pair, f *file) facts {
	var s facts
	for _, p := range ps {
		v := deref(p.val)
		switch p.key.Value {
		case "type":
			s.types, s.file = c.types(v, f)
		case "nullable", "x-nullable":
			b, _ := boolValue(v)
			s.nullable = s.nullable || b
		case "exclusiveMinimum":
			s.exclMin, _ = boolValue(v)
		case "exclusiveMaximum":
			s.exclMax, _ = boolValue(v)
		case "examples":
			s.examples = v != nil && v.Kind == yaml.SequenceNode
		case "prefixItems":
			s.prefixItems = true
		case "items":
			s.itemsList = v != nil && v.Kind == yaml.SequenceNode
		case "$ref", "allOf", "anyOf", "oneOf":
			s.composite = true
		}
	}
	return s
}

// types reads a type keyword: one name or a list of names.
func (c *conv) types(v *yaml.Node, f *file) (out []string, file bool) {
	add := func(at *yaml.Node) {
		n := deref(at)
		if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
			c.fail(f, at, "type: expected a type name")
			return
		}
		name := n.Value
		switch name {
		case "string", "number", "integer", "boolean", "array", "object", "null":
		case "file":
			file, name = true, "string"
		default:
			c.fail(f, n, "type: unknown type %q", name)
			return
		}
		if !contains(out, name) {
			out = append(out, name)
		}
	}
	if v != nil && v.Kind == yaml.SequenceNode {
		for _, n := range v.Content {
			add(n)
		}
	} else {
		add(v)
	}
	return out, file
}

// object writes the schema object n.
func (c *conv) object(n *yaml.Node, f *file, depth int) {
	ps := pairs(n)
	if c.r.dialect != OpenAPI31 && refValue(n) != nil {
		// 2.0 and 3.0 ignore the siblings of $ref; annotations are kept.
		kept := ps[:0]
		for _, p := range ps {
			if k := p.key.Value; k == "$ref" || refSibling(k) {
				kept = append(kept, p)
			}
		}
		ps = kept
	}
	s := c.gather(ps, f)
	// nullable without a type, on a reference or a composition, cannot be
	// folded into "type"; the schema is wrapped instead.
	wrap := s.nullable && len(s.types) == 0 && s.composite
	if wrap {
		c.raw(`{"anyOf":[`)
	}
	c.raw("{")
	o := objWriter{c: c}
	for _, p := range ps {
		if c.overflow {
			return
		}
		c.keyword(&o, p.key.Value, p.val, &s, f, depth)
	}
	c.raw("}")
	if wrap {
		c.raw(`,{"type":"null"}]}`)
	}
}

// refSibling reports whether keyword k is kept beside a $ref in 2.0 and 3.0:
// annotations that help a reader, and nullable.
func refSibling(k string) bool {
	switch k {
	case "title", "description", "default", "example", "examples", "readOnly", "writeOnly", "deprecated",
		"nullable", "x-nullable", "$comment":
		return true
	}
	return false
}

// keyword writes one entry of a schema object, converted to 2020-12.
// Keywords that are not JSON Schema 2020-12 (discriminator, xml,
// externalDocs, x-* extensions, $id, $schema, nested $defs/definitions, …)
// are dropped: references into nested $defs become top-level defs anyway,
// and strict validators reject unknown keywords.
func (c *conv) keyword(o *objWriter, k string, v *yaml.Node, s *facts, f *file, depth int) {
	switch k {
	case "$ref":
		c.ref(o, v, f)
	case "type":
		c.writeType(o, s)
	case "enum":
		c.enum(o, v, s, f)
	case "const", "default":
		if o.key(k) {
			c.value(v)
		}
	case "examples":
		if o.key(k) {
			if s.examples {
				c.value(v)
			} else {
				c.raw("[")
				c.value(v)
				c.raw("]")
			}
		}
	case "example":
		if !s.examples && o.key("examples") {
			c.raw("[")
			c.value(v)
			c.raw("]")
		}
	case "title", "description", "format", "contentMediaType", "contentEncoding", "$comment":
		c.text(o, k, v, f)
	case "pattern":
		if n := deref(v); n != nil && n.Kind == yaml.ScalarNode && !c.checkPattern(f, n, k, n.Value) {
			return
		}
		c.text(o, k, v, f)
	case "minimum":
		c.bound(o, k, "exclusiveMinimum", s.exclMin, v, f)
	case "maximum":
		c.bound(o, k, "exclusiveMaximum", s.exclMax, v, f)
	case "exclusiveMinimum", "exclusiveMaximum":
		if _, isBool := boolValue(deref(v)); !isBool {
			c.number(o, k, v, f)
		}
	case "multipleOf":
		c.number(o, k, v, f)
	case "maxLength", "minLength", "maxItems", "minItems", "maxContains", "minContains", "maxProperties", "minProperties":
		c.count(o, k, v, f)
	case "readOnly", "writeOnly", "deprecated", "uniqueItems":
		c.flag(o, k, v, f)
	case "required":
		c.names(o, k, v, f)
	case "dependentRequired":
		if m := deref(v); m != nil && m.Kind == yaml.MappingNode && o.key(k) {
			c.value(m)
		}
	case "items":
		c.items(o, v, s, f, depth)
	case "additionalItems":
		if s.itemsList && o.key("items") {
			c.schema(v, f, depth+1)
		}
	case "not", "additionalProperties", "propertyNames", "contains", "if", "then", "else",
		"unevaluatedItems", "unevaluatedProperties", "contentSchema":
		if o.key(k) {
			c.schema(v, f, depth+1)
		}
	case "allOf", "anyOf", "oneOf", "prefixItems":
		c.schemaList(o, k, v, f, depth)
	case "properties", "patternProperties", "dependentSchemas":
		c.schemaMap(o, k, v, f, depth)
	}
}

// writeType writes type, with "null" added for nullable and Swagger 2.0's
// file read as a base64 binary string.
func (c *conv) writeType(o *objWriter, s *facts) {
	types := s.types
	if s.nullable && len(types) > 0 && !contains(types, "null") {
		types = append(types[:len(types):len(types)], "null")
	}
	if len(types) == 0 || !o.key("type") {
		return
	}
	if len(types) == 1 {
		c.buf = AppendString(c.buf, types[0])
	} else {
		c.raw("[")
		for i, t := range types {
			if i > 0 {
				c.raw(",")
			}
			c.buf = AppendString(c.buf, t)
		}
		c.raw("]")
	}
	if s.file {
		if o.key("format") {
			c.raw(`"binary"`)
		}
		if o.key("contentEncoding") {
			c.raw(`"base64"`)
		}
	}
}

// items writes items; a list (the draft-04 tuple form) is read as
// prefixItems.
func (c *conv) items(o *objWriter, v *yaml.Node, s *facts, f *file, depth int) {
	if !s.itemsList {
		if o.key("items") {
			c.schema(v, f, depth+1)
		}
		return
	}
	c.fail(f, v, "items: expected a schema, got a list (read as prefixItems)")
	if !s.prefixItems {
		c.schemaList(o, "prefixItems", v, f, depth)
	}
}

// checkPattern reports whether re is a regular expression a generated
// server's validator can compile (runtime/pattern: Go's regexp, else
// ECMAScript, JSON Schema's own dialect). One it cannot compile would fail
// the whole schema there, so it is left out, with a warning at node n: the
// API still checks it.
func (c *conv) checkPattern(f *file, n *yaml.Node, k, re string) bool {
	if _, err := pattern.Compile(re); err != nil {
		c.warn(f, n, "%s %q is left out of the schema: it is not a regular expression a server can compile (%v)",
			k, re, unwrapRegexp(err))
		return false
	}
	return true
}

// unwrapRegexp keeps the reason of a regexp error, without the pattern
// it repeats.
func unwrapRegexp(err error) string {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "error parsing regexp: ")
	if i := strings.LastIndex(msg, " in `"); i > 0 {
		msg = msg[:i]
	}
	return msg
}

// ref writes a $ref to the def of its target.
func (c *conv) ref(o *objWriter, v *yaml.Node, f *file) {
	n := deref(v)
	if n == nil || n.Kind != yaml.ScalarNode || strings.TrimSpace(n.Value) == "" {
		c.fail(f, v, "$ref: expected a reference string")
		return
	}
	t, ok := c.r.pinned[n]
	var err error
	if !ok {
		t, err = c.r.resolve(f, n.Value)
	}
	if err != nil {
		c.fail(f, n, "%v", err)
		if o.key("$comment") {
			c.buf = AppendString(c.buf, "unresolved reference "+n.Value)
		}
		return
	}
	i := c.r.register(t)
	c.addRef(i)
	if o.key("$ref") {
		c.buf = AppendString(c.buf, "#/$defs/"+c.r.defs[i].name)
	}
}
