package index

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// Bounds on the request-body text of one endpoint.
const (
	maxBodyProps     = 64  // properties named
	maxBodyDescBytes = 160 // of each property's description
	maxBodyDepth     = 3   // $ref, allOf/oneOf/anyOf and media-type levels followed
)

// bodyText is the names of the request body's top-level properties, each
// followed by the start of its description: an intent like "archive a
// repository" is answered by the archived field of the repository's
// PATCH. It reads the invoke input schema, whose requestBody property
// holds the body's schema, resolving $refs into the spec's defs.
func bodyText(e *ir.Endpoint, defs map[string]string) []string {
	if e.Body == nil || e.InputSchema == "" {
		return nil
	}
	var in struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if json.Unmarshal([]byte(e.InputSchema), &in) != nil {
		return nil
	}
	body, ok := in.Properties["requestBody"]
	if !ok {
		return nil
	}
	props := map[string]string{}
	collectProps(body, defs, props, 0)
	if len(props) == 0 {
		return nil
	}
	names := make([]string, 0, len(props))
	for n := range props {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) > maxBodyProps {
		names = names[:maxBodyProps]
	}
	out := make([]string, 0, len(names))
	for _, n := range names {
		out = append(out, strings.TrimSpace(n+" "+props[n]))
	}
	return out
}

// schemaNode is the part of a JSON Schema bodyText reads.
type schemaNode struct {
	Ref        string                     `json:"$ref"`
	Properties map[string]json.RawMessage `json:"properties"`
	AllOf      []json.RawMessage          `json:"allOf"`
	OneOf      []json.RawMessage          `json:"oneOf"`
	AnyOf      []json.RawMessage          `json:"anyOf"`
	Desc       string                     `json:"description"`
}

// collectProps adds the properties of schema s (following $ref and the
// members of allOf, oneOf and anyOf) with their descriptions' starts.
func collectProps(s json.RawMessage, defs map[string]string, props map[string]string, depth int) {
	if depth > maxBodyDepth || len(props) >= maxBodyProps {
		return
	}
	var n schemaNode
	if json.Unmarshal(s, &n) != nil {
		return
	}
	if name, ok := strings.CutPrefix(n.Ref, "#/$defs/"); ok {
		if d, ok := defs[name]; ok {
			collectProps(json.RawMessage(d), defs, props, depth+1)
		}
	}
	for name, p := range n.Properties {
		if _, seen := props[name]; seen || len(props) >= maxBodyProps {
			continue
		}
		var pn schemaNode
		_ = json.Unmarshal(p, &pn)
		props[name] = descStart(pn.Desc)
	}
	for _, list := range [][]json.RawMessage{n.AllOf, n.OneOf, n.AnyOf} {
		for _, m := range list {
			collectProps(m, defs, props, depth+1)
		}
	}
}

// descStart is a description's first sentence, at most maxBodyDescBytes.
func descStart(d string) string {
	if i := strings.Index(d, ". "); i >= 0 {
		d = d[:i]
	}
	if len(d) > maxBodyDescBytes {
		d = d[:maxBodyDescBytes]
	}
	return d
}
