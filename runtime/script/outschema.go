package script

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
)

// OutputSchemaTarget says where in a successful call's envelope the output
// schema applies: the API's response body inside {ok: true, data}.
const OutputSchemaTarget = "data.body"

// omittedSchema stands in for a referenced schema left out for size.
const omittedSchema = `{"$comment":"omitted to keep this answer small"}`

// OutputSchema finds the schema of an operation's successful JSON answer in
// operation, inspect's operation object: the 200 response, else the lowest
// other 2xx, else 2XX; its application/json content, else another JSON
// media type. The schema comes back with the definitions it reaches under
// its own $defs, within budget bytes (larger ones are replaced by a
// placeholder). ok is false when the spec describes no such schema.
func OutputSchema(operation string, defs DefLookup, budget int) (schema json.RawMessage, ok bool) {
	var op struct {
		Responses map[string]struct {
			Content map[string]struct {
				Schema json.RawMessage `json:"schema"`
			} `json:"content"`
		} `json:"responses"`
	}
	if json.Unmarshal([]byte(operation), &op) != nil {
		return nil, false
	}
	var raw json.RawMessage
	for _, code := range successCodes(op.Responses) {
		content := op.Responses[code].Content
		for _, mt := range jsonMediaTypes(content) {
			if s := bytes.TrimSpace(content[mt].Schema); len(s) > 0 && s[0] == '{' {
				raw = s
				break
			}
		}
		if raw != nil {
			break
		}
	}
	if raw == nil {
		return nil, false
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(raw, &top) != nil {
		return nil, false
	}
	names := reachable(raw, defs)
	if len(names) > 0 {
		all := make(map[string]json.RawMessage, len(names))
		used := 0
		for _, name := range names {
			d, _ := defs(name)
			if used+len(d) > budget {
				all[name] = json.RawMessage(omittedSchema)
				continue
			}
			used += len(d)
			all[name] = d
		}
		b, err := json.Marshal(all)
		if err != nil {
			return nil, false
		}
		top["$defs"] = b
	}
	out, err := json.Marshal(top) // keys sorted: deterministic
	if err != nil {
		return nil, false
	}
	return out, true
}

// successCodes lists the 2xx response keys in the order OutputSchema tries
// them.
func successCodes[V any](responses map[string]V) []string {
	var codes []string
	for code := range responses {
		if n, err := strconv.Atoi(code); err == nil && n >= 200 && n < 300 {
			codes = append(codes, code)
		}
	}
	sort.Slice(codes, func(i, j int) bool {
		if (codes[i] == "200") != (codes[j] == "200") {
			return codes[i] == "200"
		}
		return codes[i] < codes[j]
	})
	for code := range responses {
		if strings.EqualFold(code, "2XX") {
			codes = append(codes, code)
		}
	}
	return codes
}

// jsonMediaTypes lists the JSON media types of content, application/json
// first, then the others sorted.
func jsonMediaTypes[V any](content map[string]V) []string {
	var out []string
	for mt := range content {
		base, _, _ := strings.Cut(strings.ToLower(mt), ";")
		base = strings.TrimSpace(base)
		if base == "application/json" || strings.HasSuffix(base, "+json") || strings.HasSuffix(base, "/json") {
			out = append(out, mt)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		ai := strings.HasPrefix(strings.ToLower(out[i]), "application/json")
		aj := strings.HasPrefix(strings.ToLower(out[j]), "application/json")
		if ai != aj {
			return ai
		}
		return out[i] < out[j]
	})
	return out
}

// reachable lists the definitions raw references, transitively, in order
// of discovery.
func reachable(raw json.RawMessage, defs DefLookup) []string {
	seen := map[string]bool{}
	var order []string
	queue := []json.RawMessage{raw}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, name := range refs(cur) {
			if seen[name] {
				continue
			}
			d, ok := defs(name)
			if !ok {
				continue
			}
			seen[name] = true
			order = append(order, name)
			queue = append(queue, d)
		}
	}
	return order
}

// refs lists the #/$defs/ names referenced anywhere in raw.
func refs(raw json.RawMessage) []string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if s, ok := x["$ref"].(string); ok {
				if name, ok := strings.CutPrefix(s, "#/$defs/"); ok {
					out = append(out, name)
				}
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(x[k])
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}
