package script

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Bounds of TypeScript's output.
const (
	maxTSDepth       = 12  // nesting rendered before "unknown"
	maxEnumValues    = 20  // enum members listed before the base type is used
	maxGuidanceLines = 60  // lines of guidance
	maxGuidanceLine  = 300 // bytes of one guidance line
	maxOmittedNote   = 64  // bytes kept free for the closing comment
)

// DefLookup finds a component schema by its name under #/$defs/.
type DefLookup func(name string) (json.RawMessage, bool)

// TypeScript renders a JSON Schema (2020-12; references point to
// #/$defs/{name}) as a compact TypeScript-like type for a script's
// arguments: the main type first, then "type Name = …;" for each
// referenced schema, nearest first, within budget bytes (the rest are
// named in a closing comment). Guidance lists what the type drops for
// documented properties: descriptions, formats and bounds, as
// "path: details" lines. Undocumented properties add no guidance.
func TypeScript(schema json.RawMessage, defs DefLookup, budget int) (ts string, guidance []string) {
	w := &tsWriter{defs: defs, seen: map[string]bool{}}
	var b strings.Builder
	b.WriteString(w.typ(schema, "", 0))
	omitted := 0
	for i := 0; i < len(w.queue); i++ {
		name := w.queue[i]
		raw, _ := defs(name)
		queued, guided := len(w.queue), len(w.guide)
		w.note(tsName(name), raw)
		decl := "\ntype " + tsName(name) + " = " + w.typ(raw, tsName(name), 0) + ";"
		if b.Len()+len(decl)+maxOmittedNote > budget {
			// Forget what only this declaration referenced, then stop.
			for _, n := range w.queue[queued:] {
				delete(w.seen, n)
			}
			w.queue, w.guide = w.queue[:queued], w.guide[:guided]
			omitted = len(w.queue) - i
			break
		}
		b.WriteString(decl)
	}
	if omitted > 0 {
		fmt.Fprintf(&b, "\n// %d more referenced types omitted for size; see $defs", omitted)
	}
	out := b.String()
	if len(out) > budget {
		out = strings.ToValidUTF8(out[:budget], "") + "…"
	}
	if len(w.guide) == 0 {
		return out, nil
	}
	return out, w.guide
}

// tsWriter renders one schema and the definitions it reaches.
type tsWriter struct {
	defs  DefLookup
	queue []string        // referenced definitions, in order of first use
	seen  map[string]bool // queued definitions
	guide []string
}

// node is one schema object's members, raw.
type node map[string]json.RawMessage

func (n node) str(key string) string {
	var s string
	_ = json.Unmarshal(n[key], &s) // a non-string reads as ""
	return s
}

func (w *tsWriter) typ(raw json.RawMessage, path string, depth int) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "true" {
		return "unknown"
	}
	if string(raw) == "false" {
		return "never"
	}
	var n node
	if json.Unmarshal(raw, &n) != nil {
		return "unknown"
	}
	if depth > maxTSDepth {
		return "unknown"
	}
	if ref := n.str("$ref"); ref != "" {
		name, ok := strings.CutPrefix(ref, "#/$defs/")
		if _, found := w.defs(name); !ok || !found {
			return "unknown"
		}
		if !w.seen[name] {
			w.seen[name] = true
			w.queue = append(w.queue, name)
		}
		return tsName(name)
	}
	if c, ok := n["const"]; ok {
		return compactJSON(c)
	}
	if e, ok := n["enum"]; ok {
		var vals []json.RawMessage
		if json.Unmarshal(e, &vals) == nil && len(vals) > 0 && len(vals) <= maxEnumValues {
			lits := make([]string, len(vals))
			for i, v := range vals {
				lits[i] = compactJSON(v)
			}
			return strings.Join(lits, " | ")
		}
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		if alts := w.list(n[key], path, depth); len(alts) > 0 {
			return strings.Join(alts, " | ")
		}
	}
	if parts := w.list(n["allOf"], path, depth); len(parts) > 0 {
		return strings.Join(parts, " & ")
	}
	types := typeNames(n["type"])
	if len(types) == 0 {
		switch {
		case n["properties"] != nil || n["additionalProperties"] != nil:
			types = []string{"object"}
		case n["items"] != nil:
			types = []string{"array"}
		default:
			return "unknown"
		}
	}
	out := make([]string, 0, len(types))
	for _, t := range types {
		out = append(out, w.typeOf(t, n, path, depth))
	}
	return strings.Join(out, " | ")
}

// list renders each schema of a oneOf, anyOf or allOf array, wrapping
// unions and intersections in parentheses.
func (w *tsWriter) list(raw json.RawMessage, path string, depth int) []string {
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		return nil
	}
	out := make([]string, 0, len(items))
	for _, it := range items {
		out = append(out, paren(w.typ(it, path, depth+1)))
	}
	return out
}

func (w *tsWriter) typeOf(t string, n node, path string, depth int) string {
	switch t {
	case "integer", "number":
		return "number"
	case "string", "boolean", "null":
		return t
	case "array":
		if n["prefixItems"] != nil {
			if items := w.list(n["prefixItems"], path+"[]", depth); len(items) > 0 {
				return "[" + strings.Join(items, ", ") + "]"
			}
		}
		if n["items"] == nil {
			return "unknown[]"
		}
		w.note(path+"[]", n["items"])
		return paren(w.typ(n["items"], path+"[]", depth+1)) + "[]"
	case "object":
		return w.object(n, path, depth)
	}
	return "unknown"
}

func (w *tsWriter) object(n node, path string, depth int) string {
	required := map[string]bool{}
	var req []string
	_ = json.Unmarshal(n["required"], &req)
	for _, r := range req {
		required[r] = true
	}
	var fields []string
	var props map[string]json.RawMessage
	_ = json.Unmarshal(n["properties"], &props)
	for _, name := range orderedKeys(n["properties"]) {
		p := joinPath(path, name)
		w.note(p, props[name])
		opt := "?"
		if required[name] {
			opt = ""
		}
		fields = append(fields, propName(name)+opt+": "+w.typ(props[name], p, depth+1))
	}
	if ap := bytes.TrimSpace(n["additionalProperties"]); len(ap) > 0 && string(ap) != "false" {
		if string(ap) != "true" || len(fields) == 0 {
			fields = append(fields, "[key: string]: "+w.typ(ap, joinPath(path, "*"), depth+1))
		}
	} else if len(ap) == 0 && len(fields) == 0 {
		fields = append(fields, "[key: string]: unknown")
	}
	if len(fields) == 0 {
		return "{}"
	}
	return "{ " + strings.Join(fields, "; ") + " }"
}

// typeNames reads "type" as a list.
func typeNames(raw json.RawMessage) []string {
	var one string
	if json.Unmarshal(raw, &one) == nil && one != "" {
		return []string{one}
	}
	var many []string
	_ = json.Unmarshal(raw, &many)
	return many
}

// orderedKeys lists an object's keys in document order (encoding/json maps
// would sort them, losing the spec's order).
func orderedKeys(raw json.RawMessage) []string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return keys
		}
		k, _ := t.(string)
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return keys
		}
		keys = append(keys, k)
	}
	return keys
}

// compactJSON is raw without insignificant space.
func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return "unknown"
	}
	return b.String()
}

// paren wraps a union or intersection so it can be an element type.
func paren(t string) string {
	if topLevelOperator(t) {
		return "(" + t + ")"
	}
	return t
}

// topLevelOperator reports whether t has " | " or " & " outside brackets
// and string literals.
func topLevelOperator(t string) bool {
	depth, inString := 0, false
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[' || c == '(':
			depth++
		case c == '}' || c == ']' || c == ')':
			depth--
		case depth == 0 && (c == '|' || c == '&') && i > 0 && t[i-1] == ' ':
			return true
		}
	}
	return false
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// propName is name as an object key: bare when it is an identifier.
func propName(name string) string {
	if isIdentifier(name) {
		return name
	}
	b, _ := json.Marshal(name)
	return string(b)
}

// tsName is a definition's name as a type name.
func tsName(name string) string {
	if isIdentifier(name) {
		return name
	}
	var b strings.Builder
	for _, r := range name {
		if r == '_' || r == '$' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if s == "" || (s[0] >= '0' && s[0] <= '9') {
		s = "_" + s
	}
	return s
}

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		ok := r == '_' || r == '$' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (i > 0 && r >= '0' && r <= '9')
		if !ok {
			return false
		}
	}
	return true
}
