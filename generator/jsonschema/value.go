package jsonschema

import (
	"math"
	"strconv"

	"github.com/pb33f/go-yaml"
)

// maxValueDepth bounds how deep a literal value (enum, default, const,
// examples) is copied; deeper parts become null.
const maxValueDepth = 128

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
			b = AppendString(b, k)
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
	return AppendString(b, n.Value)
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
