package jsonschema

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/pb33f/go-yaml"
)

// maxValueDepth bounds how deep a literal value (enum, default, const,
// examples) is copied; deeper parts become null.
const maxValueDepth = 128

// appendString appends s as a JSON string. Invalid UTF-8 becomes U+FFFD;
// U+2028 and U+2029 are escaped so the text is also valid JavaScript.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, "\ufffd"...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendValue appends the YAML value n as JSON: mappings become objects (keys
// in spec order, later duplicates dropped), sequences arrays, scalars by their
// resolved YAML tag. It stops early once the buffer passes limit.
func appendValue(b []byte, n *yaml.Node, depth, limit int) []byte {
	n = deref(n)
	if n == nil || depth > maxValueDepth || len(b) > limit {
		return append(b, "null"...)
	}
	switch n.Kind {
	case yaml.MappingNode:
		b = append(b, '{')
		first := true
		var seen []string
		for _, kv := range pairs(n) {
			k := kv.key.Value
			if contains(seen, k) {
				continue
			}
			seen = append(seen, k)
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendString(b, k)
			b = append(b, ':')
			b = appendValue(b, kv.val, depth+1, limit)
			if len(b) > limit {
				break
			}
		}
		return append(b, '}')
	case yaml.SequenceNode:
		b = append(b, '[')
		for i, item := range n.Content {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendValue(b, item, depth+1, limit)
			if len(b) > limit {
				break
			}
		}
		return append(b, ']')
	case yaml.ScalarNode:
		return appendScalar(b, n)
	}
	return append(b, "null"...)
}

// appendScalar appends a YAML scalar as JSON according to its resolved tag.
func appendScalar(b []byte, n *yaml.Node) []byte {
	switch n.ShortTag() {
	case "!!null":
		return append(b, "null"...)
	case "!!bool":
		if v, err := strconv.ParseBool(n.Value); err == nil {
			return strconv.AppendBool(b, v)
		}
	case "!!int", "!!float":
		if num, ok := jsonNumber(n.Value); ok {
			return append(b, num...)
		}
	}
	return appendString(b, n.Value)
}

// jsonNumber returns s as a JSON number: verbatim when it already is one
// (keeping big integers exact), else reformatted from YAML notations such as
// 0x1F, 0o17 or +1. NaN and infinities are not numbers in JSON.
func jsonNumber(s string) (string, bool) {
	if isJSONNumber(s) {
		return s, true
	}
	if i, err := strconv.ParseInt(s, 0, 64); err == nil {
		return strconv.FormatInt(i, 10), true
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
		return strconv.FormatFloat(f, 'g', -1, 64), true
	}
	return "", false
}

// isJSONNumber reports whether s matches the JSON number grammar.
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	return i == len(s)
}

// isNumber reports whether n is a numeric scalar.
func isNumber(n *yaml.Node) bool {
	if n == nil || n.Kind != yaml.ScalarNode {
		return false
	}
	switch n.ShortTag() {
	case "!!int", "!!float":
		_, ok := jsonNumber(n.Value)
		return ok
	}
	return false
}

// boolValue returns the value of a boolean scalar.
func boolValue(n *yaml.Node) (v, ok bool) {
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
		return false, false
	}
	v, err := strconv.ParseBool(n.Value)
	return v, err == nil
}

// isNull reports whether n is missing or a YAML null.
func isNull(n *yaml.Node) bool {
	return n == nil || n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
