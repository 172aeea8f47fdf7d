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

// text is the names of e's request body's top-level properties, each
// followed by the start of its description: an intent like "archive a
// repository" is answered by the archived field of the repository's
// PATCH. It reads the invoke input schema, whose requestBody property
// holds the body's schema, resolving $refs into the spec's defs.
func (r *bodyReader) text(e *ir.Endpoint) []string {
	if e.Body == nil || e.InputSchema == "" {
		return nil
	}
	var in struct {
		Properties struct {
			RequestBody json.RawMessage `json:"requestBody"`
		} `json:"properties"`
	}
	if json.Unmarshal([]byte(e.InputSchema), &in) != nil || in.Properties.RequestBody == nil {
		return nil
	}
	// Many endpoints share a body (Graph beta: 7,633 bodies, 2,350
	// distinct); the texts are read only, so they share the answer too.
	body := string(in.Properties.RequestBody)
	if out, seen := r.texts[body]; seen {
		return out
	}
	out := r.propsText(parseNode(in.Properties.RequestBody))
	r.texts[body] = out
	return out
}

// propsText is the property list text gives for body schema n.
func (r *bodyReader) propsText(n *bodyNode) []string {
	props := map[string]string{}
	r.collectProps(n, props, 0)
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

// schemaNode is the part of a JSON Schema bodyReader reads.
type schemaNode struct {
	Ref        string                     `json:"$ref"`
	Properties map[string]json.RawMessage `json:"properties"`
	AllOf      []json.RawMessage          `json:"allOf"`
	OneOf      []json.RawMessage          `json:"oneOf"`
	AnyOf      []json.RawMessage          `json:"anyOf"`
	Desc       string                     `json:"description"`
}

// bodyNode is a schemaNode read for bodyReader: its properties with their
// descriptions' starts, sorted by name, and the members of its allOf,
// oneOf and anyOf.
type bodyNode struct {
	ref     string
	props   []bodyProp
	members []json.RawMessage
	parsed  []*bodyNode // members, parsed on the first visit
}

// memberNodes are n's members, parsed once: a def's node is visited by
// every body that reaches the def.
func (n *bodyNode) memberNodes() []*bodyNode {
	if n.parsed == nil && len(n.members) > 0 {
		n.parsed = make([]*bodyNode, len(n.members))
		for i, m := range n.members {
			n.parsed[i] = parseNode(m)
		}
	}
	return n.parsed
}

// bodyProp is a property's name and the start of its description.
type bodyProp struct{ name, desc string }

// parseNode reads schema s; nil when it is not a JSON object.
func parseNode(s json.RawMessage) *bodyNode {
	var n schemaNode
	if json.Unmarshal(s, &n) != nil {
		return nil
	}
	b := &bodyNode{ref: n.Ref, props: make([]bodyProp, 0, len(n.Properties))}
	for name, p := range n.Properties {
		var pn schemaNode
		_ = json.Unmarshal(p, &pn)
		b.props = append(b.props, bodyProp{name, descStart(pn.Desc)})
	}
	// In name order: which properties the bound keeps must not depend on
	// map order.
	sort.Slice(b.props, func(i, j int) bool { return b.props[i].name < b.props[j].name })
	for _, list := range [][]json.RawMessage{n.AllOf, n.OneOf, n.AnyOf} {
		b.members = append(b.members, list...)
	}
	return b
}

// bodyReader reads the request bodies of one spec whose defs' schemas
// are raw (by name): each def is parsed on first use only, since many
// bodies refer to the same ones, and each distinct body schema is read
// once.
type bodyReader struct {
	raw   map[string]string
	defs  map[string]*bodyNode // parsed so far
	texts map[string][]string  // by the body schema's text
}

func newBodyReader(raw map[string]string) *bodyReader {
	return &bodyReader{raw: raw, defs: map[string]*bodyNode{}, texts: map[string][]string{}}
}

// def is the def named name; nil when there is none or it is not JSON.
func (r *bodyReader) def(name string) *bodyNode {
	if n, ok := r.defs[name]; ok {
		return n
	}
	var n *bodyNode
	if s, ok := r.raw[name]; ok {
		n = parseNode(json.RawMessage(s))
	}
	r.defs[name] = n
	return n
}

// collectProps adds the properties of schema n (following $ref and the
// members of allOf, oneOf and anyOf) with their descriptions' starts.
func (r *bodyReader) collectProps(n *bodyNode, props map[string]string, depth int) {
	if n == nil || depth > maxBodyDepth || len(props) >= maxBodyProps {
		return
	}
	if name, ok := strings.CutPrefix(n.ref, "#/$defs/"); ok {
		r.collectProps(r.def(name), props, depth+1)
	}
	for _, p := range n.props {
		if _, seen := props[p.name]; seen || len(props) >= maxBodyProps {
			continue
		}
		props[p.name] = p.desc
	}
	if depth+1 > maxBodyDepth {
		return
	}
	for _, m := range n.memberNodes() {
		if len(props) < maxBodyProps {
			r.collectProps(m, props, depth+1)
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
