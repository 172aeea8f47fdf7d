package service

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// Markers a compact type uses where it leaves something out. The concise
// inspect answer's note explains them and names the argument that returns
// what they stand for.
const (
	cutObject = "{…}" // an object whose members are not shown
	cutMore   = "…"   // more enum values or union members than shown
)

// Bounds of a compact type.
const (
	maxShapeEnum   = 25 // enum values listed before cutMore
	maxShapeUnion  = 12 // oneOf/anyOf members listed before cutMore
	maxShapeRefHop = 8  // $ref hops followed to find a schema's own members
)

// schemaNode is one JSON Schema object's members, raw.
type schemaNode map[string]json.RawMessage

// parseNode reads a schema object; true, false and broken schemas are nil.
func parseNode(raw json.RawMessage) schemaNode {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil
	}
	var n schemaNode
	if json.Unmarshal(raw, &n) != nil {
		return nil
	}
	return n
}

func (n schemaNode) str(key string) string {
	var s string
	_ = json.Unmarshal(n[key], &s) // a non-string reads as ""
	return s
}

// refName is the component name of a "#/$defs/NAME" reference.
func (n schemaNode) refName() string {
	name, _ := strings.CutPrefix(n.str("$ref"), "#/$defs/")
	return name
}

// types are the schema's type names (a string or an array of them).
func (n schemaNode) types() []string {
	raw := n["type"]
	var one string
	if json.Unmarshal(raw, &one) == nil && one != "" {
		return []string{one}
	}
	var many []string
	_ = json.Unmarshal(raw, &many)
	return many
}

// shaper renders JSON Schemas as compact TypeScript-like types:
// {name: string; tags?: string[]; owner: simple-user}. A component schema
// it does not expand appears by its name, which it records; an object
// below the depth it may show becomes cutObject.
type shaper struct {
	defs     func(name string) (json.RawMessage, bool)
	maxDepth int  // object levels shown; deeper objects are cutObject
	expand   bool // expand component schemas (within maxDepth) instead of naming them
	named    []string
	seen     map[string]bool
	cut      bool // an object was shown as cutObject
	enumCut  bool // an enum or union was cut after its first members
	stack    []string
}

func newShaper(defs func(string) (json.RawMessage, bool), maxDepth int, expand bool) *shaper {
	return &shaper{defs: defs, maxDepth: maxDepth, expand: expand, seen: map[string]bool{}}
}

// name records a component schema the answer names without showing it.
func (s *shaper) name(n string) string {
	if !s.seen[n] {
		s.seen[n] = true
		s.named = append(s.named, n)
	}
	return n
}

// typ renders raw at depth (0: the top object, whose members are shown
// when maxDepth ≥ 1).
func (s *shaper) typ(raw json.RawMessage, depth int) string {
	switch strings.TrimSpace(string(raw)) {
	case "", "true", "{}":
		return "any"
	case "false":
		return "never"
	}
	n := parseNode(raw)
	if n == nil {
		return "any"
	}
	if ref := n.refName(); ref != "" {
		def, ok := s.defs(ref)
		if !ok || s.onStack(ref) || len(s.stack) >= maxShapeRefHop {
			return s.name(ref)
		}
		// An object component is named unless it may be expanded here; a
		// scalar, enum or union component reads better spelled out.
		if hasMembers(parseNode(def)) && (!s.expand || depth >= s.maxDepth) {
			return s.name(ref)
		}
		s.stack = append(s.stack, ref)
		defer func() { s.stack = s.stack[:len(s.stack)-1] }()
		return s.typ(def, depth)
	}
	if c, ok := n["const"]; ok {
		return compactJSON(c)
	}
	if e, ok := n["enum"]; ok {
		if lits := s.enumLiterals(e); lits != "" {
			return lits
		}
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		if alts := s.alternatives(n[key], depth); alts != "" {
			return alts
		}
	}
	if parts := s.list(n["allOf"], depth); len(parts) > 0 {
		if len(parts) == 1 {
			return parts[0]
		}
		return strings.Join(parts, " & ")
	}
	types := n.types()
	if len(types) == 0 {
		switch {
		case n["properties"] != nil || n["additionalProperties"] != nil:
			types = []string{"object"}
		case n["items"] != nil:
			types = []string{"array"}
		default:
			return "any"
		}
	}
	out := make([]string, 0, len(types))
	for _, t := range types {
		out = append(out, s.typeOf(t, n, depth))
	}
	return strings.Join(out, " | ")
}

func (s *shaper) onStack(name string) bool { return slices.Contains(s.stack, name) }

// hasMembers reports an object schema with properties: one worth naming
// rather than spelling out when it is deep.
func hasMembers(n schemaNode) bool {
	return n != nil && (len(bytes.TrimSpace(n["properties"])) > 2 || n["allOf"] != nil)
}

// enumLiterals lists an enum's values, cut after maxShapeEnum.
func (s *shaper) enumLiterals(raw json.RawMessage) string {
	var vals []json.RawMessage
	if json.Unmarshal(raw, &vals) != nil || len(vals) == 0 {
		return ""
	}
	lits := make([]string, 0, min(len(vals), maxShapeEnum)+1)
	for i, v := range vals {
		if i == maxShapeEnum {
			s.enumCut = true
			lits = append(lits, cutMore)
			break
		}
		lits = append(lits, compactJSON(v))
	}
	return strings.Join(lits, " | ")
}

// alternatives renders a oneOf or anyOf as a union; a member that is a
// union itself is merged in, so no parentheses are needed.
func (s *shaper) alternatives(raw json.RawMessage, depth int) string {
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil || len(items) == 0 {
		return ""
	}
	var uniq []string
	for _, it := range items {
		for _, a := range splitUnion(s.typ(it, depth)) {
			if !slices.Contains(uniq, a) {
				uniq = append(uniq, a)
			}
		}
	}
	if len(uniq) > maxShapeUnion {
		uniq = append(uniq[:maxShapeUnion], cutMore)
		s.enumCut = true
	}
	for i, a := range uniq {
		uniq[i] = paren(a) // an intersection
	}
	return strings.Join(uniq, " | ")
}

// splitUnion splits a type at its top-level " | ".
func splitUnion(t string) []string {
	var out []string
	start := 0
	topLevel(t, func(i int) {
		if t[i] == '|' {
			out = append(out, strings.TrimSpace(t[start:i]))
			start = i + 1
		}
	})
	return append(out, strings.TrimSpace(t[start:]))
}

// topLevel calls fn with the index of each byte of t outside brackets
// and quoted strings.
func topLevel(t string, fn func(i int)) {
	depth := 0
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth--
		case '"':
			for i++; i < len(t) && t[i] != '"'; i++ {
				if t[i] == '\\' {
					i++
				}
			}
		default:
			if depth == 0 {
				fn(i)
			}
		}
	}
}

// list renders each schema of an array of schemas, unions parenthesized.
func (s *shaper) list(raw json.RawMessage, depth int) []string {
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		return nil
	}
	out := make([]string, 0, len(items))
	for _, it := range items {
		out = append(out, paren(s.typ(it, depth)))
	}
	return out
}

// scalarFormats are formats a type shows; int32, int64, float and double
// add nothing a caller needs.
func showFormat(f string) bool {
	switch f {
	case "", "int32", "int64", "float", "double":
		return false
	}
	return true
}

func (s *shaper) typeOf(t string, n schemaNode, depth int) string {
	switch t {
	case "string", "integer", "number":
		if f := n.str("format"); showFormat(f) {
			return t + "(" + f + ")"
		}
		return t
	case "boolean", "null":
		return t
	case "array":
		if n["items"] == nil {
			return "any[]"
		}
		return paren(s.typ(n["items"], depth)) + "[]"
	case "object":
		return s.object(n, depth)
	}
	return "any"
}

// object renders an object's members while depth allows.
func (s *shaper) object(n schemaNode, depth int) string {
	props := orderedMembers(n["properties"])
	extra := n["additionalProperties"]
	hasExtra := len(extra) > 0 && strings.TrimSpace(string(extra)) != "false"
	if len(props) == 0 && !hasExtra {
		return "object"
	}
	if depth >= s.maxDepth {
		s.cut = true
		return cutObject
	}
	required := map[string]bool{}
	var req []string
	_ = json.Unmarshal(n["required"], &req)
	for _, r := range req {
		required[r] = true
	}
	fields := make([]string, 0, len(props)+1)
	for _, p := range props {
		opt := "?"
		if required[p.key] {
			opt = ""
		}
		fields = append(fields, memberName(p.key)+opt+": "+s.typ(p.value, depth+1))
	}
	if hasExtra {
		fields = append(fields, "[key: string]: "+s.typ(extra, depth+1))
	}
	return "{" + strings.Join(fields, "; ") + "}"
}

// rawMember is one member of a JSON object, in document order.
type rawMember struct {
	key   string
	value json.RawMessage
}

// orderedMembers lists an object's members in document order (the
// catalog keeps the spec's order).
func orderedMembers(raw json.RawMessage) []rawMember {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var out []rawMember
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return out
		}
		k, _ := t.(string)
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return out
		}
		out = append(out, rawMember{k, v})
	}
	return out
}

// memberName quotes a member name that is not a plain identifier.
func memberName(name string) string {
	for i, r := range name {
		if !(r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return strconv.Quote(name)
		}
	}
	if name == "" {
		return `""`
	}
	return name
}

// paren wraps a union or intersection so it can take [] or join others.
func paren(t string) string {
	wrap := false
	topLevel(t, func(i int) { wrap = wrap || t[i] == '|' || t[i] == '&' })
	if wrap {
		return "(" + t + ")"
	}
	return t
}
