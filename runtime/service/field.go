package service

import (
	"encoding/json"
)

// Field is one parameter or request body member in a concise inspect
// answer: what a call needs to fill it.
type Field struct {
	Name string `json:"name"`
	In   string `json:"in,omitempty"` // path, query, header or cookie; absent for body fields
	// Arg is the parameter's name in invoke's parameters when it differs
	// from Name (two parameters of one name in different places).
	Arg         string            `json:"arg,omitempty"`
	Required    bool              `json:"required"`
	Type        string            `json:"type"` // compact TypeScript-like type
	Format      string            `json:"format,omitempty"`
	Enum        []json.RawMessage `json:"enum,omitempty"`
	Default     json.RawMessage   `json:"default,omitempty"`
	Description string            `json:"description,omitempty"`
	// Credential marks a parameter that carries credentials: the server
	// fills it from its configuration and refuses it from arguments.
	Credential bool `json:"credential,omitempty"`
}

// fieldOf describes the value schema raw for a field: a scalar (or an
// array of scalars) by its type, format and enum, anything else by its
// compact type. desc is the description the field's owner gives; the
// schema's own is used when it is empty. It reports whether it cut the
// description.
func (s *shaper) fieldOf(name string, required bool, raw json.RawMessage, desc string, depth int) (Field, bool) {
	f := Field{Name: name, Required: required}
	n := s.scalar(parseNode(raw))
	if desc == "" {
		desc = s.description(raw)
	}
	cut := false
	if desc != "" {
		f.Description, cut = firstSentence(desc)
	}
	if n != nil {
		f.Default = n["default"]
		elem, suffix := n, ""
		if t := n.types(); len(t) == 1 && t[0] == "array" {
			if items := s.scalar(parseNode(n["items"])); items != nil && items["enum"] != nil {
				elem, suffix = items, "[]"
			}
		}
		if e := elem["enum"]; e != nil {
			var vals []json.RawMessage
			if json.Unmarshal(e, &vals) == nil && len(vals) > 0 {
				if len(vals) > maxShapeEnum {
					vals, s.enumCut = vals[:maxShapeEnum], true
				}
				f.Enum = vals
				base := "string"
				if t := elem.types(); len(t) > 0 {
					base = t[0]
				}
				f.Type = base + suffix
			}
		}
		if fm := elem.str("format"); fm != "" {
			f.Format = fm
		}
	}
	if f.Type == "" {
		f.Type = s.typ(raw, depth)
		if f.Format != "" {
			f.Type = trimFormat(f.Type, f.Format)
		}
	}
	return f, cut
}

// description is a schema's own description, or that of the component
// it refers to.
func (s *shaper) description(raw json.RawMessage) string {
	n := parseNode(raw)
	for hop := 0; n != nil && hop < maxShapeRefHop; hop++ {
		if d := n.str("description"); d != "" {
			return d
		}
		def, ok := s.defs(n.refName())
		if n.refName() == "" || !ok {
			break
		}
		n = parseNode(def)
	}
	return ""
}

// scalar follows $refs to a schema without members (a component that is
// a string with an enum, say); objects give nil.
func (s *shaper) scalar(n schemaNode) schemaNode {
	for hop := 0; n != nil && hop < maxShapeRefHop; hop++ {
		ref := n.refName()
		if ref == "" {
			break
		}
		def, ok := s.defs(ref)
		if !ok {
			return nil
		}
		n = parseNode(def)
	}
	if n == nil || hasMembers(n) || n.refName() != "" {
		return nil
	}
	return n
}

// trimFormat drops "(format)" from a type whose field states the format.
func trimFormat(typ, format string) string {
	suffix := "(" + format + ")"
	if len(typ) > len(suffix) && typ[len(typ)-len(suffix):] == suffix {
		return typ[:len(typ)-len(suffix)]
	}
	return typ
}
