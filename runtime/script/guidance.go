package script

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// note adds guidance for the property at path when its schema documents
// something the type cannot show.
func (w *tsWriter) note(path string, raw json.RawMessage) {
	if len(w.guide) >= maxGuidanceLines {
		return
	}
	var n node
	if json.Unmarshal(raw, &n) != nil {
		return
	}
	var parts []string
	if d := strings.Join(strings.Fields(n.str("description")), " "); d != "" {
		parts = append(parts, d)
	}
	if f := n.str("format"); f != "" {
		parts = append(parts, "format "+f)
	}
	for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
		"minLength", "maxLength", "pattern", "minItems", "maxItems", "default"} {
		if v, ok := n[k]; ok {
			parts = append(parts, k+" "+compactJSON(v))
		}
	}
	if e, ok := n["enum"]; ok {
		var vals []json.RawMessage
		if json.Unmarshal(e, &vals) == nil && len(vals) > maxEnumValues {
			parts = append(parts, fmt.Sprintf("one of %d values, e.g. %s", len(vals), compactJSON(vals[0])))
		}
	}
	if string(bytes.TrimSpace(n["deprecated"])) == "true" {
		parts = append(parts, "deprecated")
	}
	if len(parts) == 0 {
		return
	}
	line := path + ": " + strings.Join(parts, "; ")
	if len(line) > maxGuidanceLine {
		line = strings.ToValidUTF8(line[:maxGuidanceLine], "") + "…"
	}
	w.guide = append(w.guide, line)
}
