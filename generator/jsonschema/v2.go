package jsonschema

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/pb33f/go-yaml"
	v2high "github.com/pb33f/libopenapi/datamodel/high/v2"
	"github.com/pb33f/libopenapi/datamodel/low"
	"github.com/pb33f/libopenapi/orderedmap"
)

// ParamSchemaV2 builds the schema of a Swagger 2.0 non-body parameter from
// its type, format, items (nested), enum, default, bounds, pattern, lengths,
// item counts, uniqueItems and x-nullable; type: file becomes a base64
// binary string. The parameter's own description stays with the parameter.
// Results and errors are as for Schema.
func (r *Registry) ParamSchemaV2(p *v2high.Parameter) (json string, refs []int, err error) {
	return r.v2(func() *yaml.Node {
		if p == nil {
			return nil
		}
		if l := p.GoLow(); l != nil {
			return r.v2Node(cmp.Or(l.Type.KeyNode, l.Name.KeyNode), []field{
				{"type", l.Type.KeyNode, l.Type.ValueNode},
				{"format", l.Format.KeyNode, l.Format.ValueNode},
				{"items", l.Items.KeyNode, l.Items.ValueNode},
				{"default", l.Default.KeyNode, l.Default.ValueNode},
				{"maximum", l.Maximum.KeyNode, l.Maximum.ValueNode},
				{"exclusiveMaximum", l.ExclusiveMaximum.KeyNode, l.ExclusiveMaximum.ValueNode},
				{"minimum", l.Minimum.KeyNode, l.Minimum.ValueNode},
				{"exclusiveMinimum", l.ExclusiveMinimum.KeyNode, l.ExclusiveMinimum.ValueNode},
				{"maxLength", l.MaxLength.KeyNode, l.MaxLength.ValueNode},
				{"minLength", l.MinLength.KeyNode, l.MinLength.ValueNode},
				{"pattern", l.Pattern.KeyNode, l.Pattern.ValueNode},
				{"maxItems", l.MaxItems.KeyNode, l.MaxItems.ValueNode},
				{"minItems", l.MinItems.KeyNode, l.MinItems.ValueNode},
				{"uniqueItems", l.UniqueItems.KeyNode, l.UniqueItems.ValueNode},
				{"enum", l.Enum.KeyNode, l.Enum.ValueNode},
				{"multipleOf", l.MultipleOf.KeyNode, l.MultipleOf.ValueNode},
			}, l.Extensions)
		}
		h := &yamlBuilder{}
		h.str("type", p.Type).str("format", p.Format).node("items", r.itemsNode(p.Items)).node("default", p.Default)
		h.intp("maximum", p.Maximum).boolp("exclusiveMaximum", p.ExclusiveMaximum)
		h.intp("minimum", p.Minimum).boolp("exclusiveMinimum", p.ExclusiveMinimum)
		h.intp("maxLength", p.MaxLength).intp("minLength", p.MinLength).str("pattern", p.Pattern)
		h.intp("maxItems", p.MaxItems).intp("minItems", p.MinItems).boolp("uniqueItems", p.UniqueItems)
		h.list("enum", p.Enum).intp("multipleOf", p.MultipleOf)
		if p.Extensions != nil {
			h.node("x-nullable", p.Extensions.GetOrZero("x-nullable"))
		}
		return h.done()
	})
}

// HeaderSchemaV2 builds the schema of a Swagger 2.0 response header, by the
// rules of ParamSchemaV2.
func (r *Registry) HeaderSchemaV2(h *v2high.Header) (json string, refs []int, err error) {
	return r.v2(func() *yaml.Node {
		if h == nil {
			return nil
		}
		if l := h.GoLow(); l != nil {
			return r.v2Node(l.Type.KeyNode, []field{
				{"type", l.Type.KeyNode, l.Type.ValueNode},
				{"format", l.Format.KeyNode, l.Format.ValueNode},
				{"items", l.Items.KeyNode, l.Items.ValueNode},
				{"default", l.Default.KeyNode, l.Default.ValueNode},
				{"maximum", l.Maximum.KeyNode, l.Maximum.ValueNode},
				{"exclusiveMaximum", l.ExclusiveMaximum.KeyNode, l.ExclusiveMaximum.ValueNode},
				{"minimum", l.Minimum.KeyNode, l.Minimum.ValueNode},
				{"exclusiveMinimum", l.ExclusiveMinimum.KeyNode, l.ExclusiveMinimum.ValueNode},
				{"maxLength", l.MaxLength.KeyNode, l.MaxLength.ValueNode},
				{"minLength", l.MinLength.KeyNode, l.MinLength.ValueNode},
				{"pattern", l.Pattern.KeyNode, l.Pattern.ValueNode},
				{"maxItems", l.MaxItems.KeyNode, l.MaxItems.ValueNode},
				{"minItems", l.MinItems.KeyNode, l.MinItems.ValueNode},
				{"uniqueItems", l.UniqueItems.KeyNode, l.UniqueItems.ValueNode},
				{"enum", l.Enum.KeyNode, l.Enum.ValueNode},
				{"multipleOf", l.MultipleOf.KeyNode, l.MultipleOf.ValueNode},
			}, l.Extensions)
		}
		b := &yamlBuilder{}
		b.str("type", h.Type).str("format", h.Format).node("items", r.itemsNode(h.Items))
		return b.done()
	})
}

// ItemsSchemaV2 builds the schema of a Swagger 2.0 items object (of a
// parameter or a header), by the rules of ParamSchemaV2.
func (r *Registry) ItemsSchemaV2(it *v2high.Items) (json string, refs []int, err error) {
	return r.v2(func() *yaml.Node { return r.itemsNode(it) })
}

// v2 renders the schema node build returns as Swagger 2.0.
func (r *Registry) v2(build func() *yaml.Node) (string, []int, error) {
	return r.guard(func() result {
		n := build()
		if n == nil {
			return result{json: "{}"}
		}
		return r.render(n, r.root)
	})
}

// itemsNode returns the YAML of a Swagger 2.0 items object.
func (r *Registry) itemsNode(it *v2high.Items) *yaml.Node {
	if it == nil {
		return nil
	}
	if l := it.GoLow(); l != nil {
		return r.v2Node(l.Type.KeyNode, []field{
			{"type", l.Type.KeyNode, l.Type.ValueNode},
			{"format", l.Format.KeyNode, l.Format.ValueNode},
			{"items", l.Items.KeyNode, l.Items.ValueNode},
			{"default", l.Default.KeyNode, l.Default.ValueNode},
			{"maximum", l.Maximum.KeyNode, l.Maximum.ValueNode},
			{"exclusiveMaximum", l.ExclusiveMaximum.KeyNode, l.ExclusiveMaximum.ValueNode},
			{"minimum", l.Minimum.KeyNode, l.Minimum.ValueNode},
			{"exclusiveMinimum", l.ExclusiveMinimum.KeyNode, l.ExclusiveMinimum.ValueNode},
			{"maxLength", l.MaxLength.KeyNode, l.MaxLength.ValueNode},
			{"minLength", l.MinLength.KeyNode, l.MinLength.ValueNode},
			{"pattern", l.Pattern.KeyNode, l.Pattern.ValueNode},
			{"maxItems", l.MaxItems.KeyNode, l.MaxItems.ValueNode},
			{"minItems", l.MinItems.KeyNode, l.MinItems.ValueNode},
			{"uniqueItems", l.UniqueItems.KeyNode, l.UniqueItems.ValueNode},
			{"enum", l.Enum.KeyNode, l.Enum.ValueNode},
			{"multipleOf", l.MultipleOf.KeyNode, l.MultipleOf.ValueNode},
		}, l.Extensions)
	}
	b := &yamlBuilder{}
	b.str("type", it.Type).str("format", it.Format).node("items", r.itemsNode(it.Items)).node("default", it.Default)
	b.list("enum", it.Enum).str("pattern", it.Pattern)
	return b.done()
}

// v2Node returns the schema mapping of a Swagger 2.0 parameter, header or
// items object: its YAML mapping (found as the parent of anchor, one of its
// key nodes) without the keys that are not about the value, or, when the
// mapping cannot be found, one assembled from libopenapi's low-level fields
// (which drop fractional bounds).
func (r *Registry) v2Node(anchor *yaml.Node, fs []field, ext *orderedmap.Map[low.KeyReference[string], low.ValueReference[*yaml.Node]]) *yaml.Node {
	m := r.parentOf(anchor)
	if m == nil {
		return fieldsNode(fs, ext)
	}
	out := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: m.Line, Column: m.Column}
	for _, p := range pairs(m) {
		switch p.key.Value {
		case "name", "in", "description", "required", "allowEmptyValue", "collectionFormat", "schema":
			continue
		}
		out.Content = append(out.Content, p.key, p.val)
	}
	return out
}

// parentOf returns the mapping holding key node k. The lookup table covers
// the keys "type" and "name" of every mapping in the spec's files; it is
// built on first use.
func (r *Registry) parentOf(k *yaml.Node) *yaml.Node {
	if k == nil || r.root == nil {
		return nil
	}
	if r.parents == nil {
		r.parents = map[*yaml.Node]*yaml.Node{}
		var walk func(n *yaml.Node, depth int)
		walk = func(n *yaml.Node, depth int) {
			if n == nil || depth > 512 { // Content forms a tree: aliases point through Alias
				return
			}
			if n.Kind == yaml.MappingNode {
				for i := 0; i+1 < len(n.Content); i += 2 {
					if v := n.Content[i].Value; v == "type" || v == "name" {
						r.parents[n.Content[i]] = n
					}
				}
			}
			for _, c := range n.Content {
				walk(c, depth+1)
			}
		}
		walk(r.root.root, 0)
		if r.rolodex != nil {
			for _, idx := range r.rolodex.GetIndexes() {
				if idx != nil {
					walk(idx.GetRootNode(), 0)
				}
			}
		}
	}
	return r.parents[k]
}

// field is one keyword of a Swagger 2.0 parameter, header or items object.
type field struct {
	key    string
	kn, vn *yaml.Node
}

// fieldsNode assembles a schema mapping from the fields present (and the
// x-nullable extension), in the order they appear in the spec.
func fieldsNode(fs []field, ext *orderedmap.Map[low.KeyReference[string], low.ValueReference[*yaml.Node]]) *yaml.Node {
	present := fs[:0]
	for _, f := range fs {
		if f.vn != nil {
			present = append(present, f)
		}
	}
	for k, v := range ext.FromOldest() {
		if k.Value == "x-nullable" && v.ValueNode != nil {
			present = append(present, field{k.Value, k.KeyNode, v.ValueNode})
		}
	}
	pos := func(f field) (int, int) {
		if f.kn == nil {
			return 1 << 30, 0
		}
		return f.kn.Line, f.kn.Column
	}
	slices.SortStableFunc(present, func(a, b field) int {
		al, ac := pos(a)
		bl, bc := pos(b)
		return cmp.Or(cmp.Compare(al, bl), cmp.Compare(ac, bc))
	})
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for _, f := range present {
		k := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: f.key}
		if f.kn != nil {
			k.Line, k.Column = f.kn.Line, f.kn.Column
		}
		m.Content = append(m.Content, k, f.vn)
	}
	return m
}

// yamlBuilder assembles a schema mapping from high-level values, for models
// built in code (no low-level nodes).
type yamlBuilder struct{ m yaml.Node }

func (b *yamlBuilder) node(k string, v *yaml.Node) *yamlBuilder {
	if v != nil {
		b.m.Content = append(b.m.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k}, v)
	}
	return b
}

func (b *yamlBuilder) scalar(k, tag, v string) *yamlBuilder {
	return b.node(k, &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: v})
}

func (b *yamlBuilder) str(k, v string) *yamlBuilder {
	if v == "" {
		return b
	}
	return b.scalar(k, "!!str", v)
}

func (b *yamlBuilder) intp(k string, v *int) *yamlBuilder {
	if v == nil {
		return b
	}
	return b.scalar(k, "!!int", strconv.Itoa(*v))
}

func (b *yamlBuilder) boolp(k string, v *bool) *yamlBuilder {
	if v == nil {
		return b
	}
	return b.scalar(k, "!!bool", strconv.FormatBool(*v))
}

func (b *yamlBuilder) list(k string, vs []*yaml.Node) *yamlBuilder {
	if len(vs) == 0 {
		return b
	}
	return b.node(k, &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: vs})
}

func (b *yamlBuilder) done() *yaml.Node {
	b.m.Kind, b.m.Tag = yaml.MappingNode, "!!map"
	return &b.m
}
