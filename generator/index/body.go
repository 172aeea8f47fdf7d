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
func bodyText(e *ir.Endpoint, defs *defNodes) []string {
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
	if out, seen := defs.bodies[body]; seen {
		return out
	}
	out := propsText(parseNode(in.Properties.RequestBody), defs)
	defs.bodies[body] = out
	return out
}

// propsText is the property list bodyText gives for body schema n.
func propsText(n *bodyNode, defs *defNodes) []string {
	props := map[string]string{}
	collectProps(n, defs, props, 0)
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

// bodyNode is a schemaNode read for bodyText: its properties with their
// descriptions' starts, sorted by name, and the members of its allOf,
// oneOf and anyOf.
type bodyNode struct {
	ref     string
	props   []bodyProp
	members []json.RawMessage
	read    []*bodyNode // members, parsed on the first visit
}

// memberNodes are n's members, parsed once: a def's node is visited by
// every body that refers to it (Graph beta's bodies reach its allOf
// members 0.3 s of CPU's worth of times).
func (n *bodyNode) memberNodes() []*bodyNode {
	if n.read == nil && len(n.members) > 0 {
		n.read = make([]*bodyNode, len(n.members))
		for i, m := range n.members {
			n.read[i] = parseNode(m)
		}
	}
	return n.read
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

// defNodes are a spec's defs, each read on first use only: many bodies
// refer to the same ones; and the texts of the bodies read so far.
type defNodes struct {
	raw    map[string]string
	read   map[string]*bodyNode
	bodies map[string][]string // by the body schema's text
}

func newDefNodes(raw map[string]string) *defNodes {
	return &defNodes{raw: raw, read: map[string]*bodyNode{}, bodies: map[string][]string{}}
}

// node is the def named name; nil when there is none or it is not JSON.
func (d *defNodes) node(name string) *bodyNode {
	if n, ok := d.read[name]; ok {
		return n
	}
	var n *bodyNode
	if s, ok := d.raw[name]; ok {
		n = parseNode(json.RawMessage(s))
	}
	d.read[name] = n
	return n
}

// collectProps adds the properties of schema n (following $ref and the
// members of allOf, oneOf and anyOf) with their descriptions' starts.
func collectProps(n *bodyNode, defs *defNodes, props map[string]string, depth int) {
	if n == nil || depth > maxBodyDepth || len(props) >= maxBodyProps {
		return
	}
	if name, ok := strings.CutPrefix(n.ref, "#/$defs/"); ok {
		collectProps(defs.node(name), defs, props, depth+1)
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
