package jsonschema

import (
	"strings"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi/datamodel/high/base"
)

// schemaProxy renders a libopenapi schema proxy from its YAML nodes.
func (r *Registry) schemaProxy(sp *base.SchemaProxy) result {
	if sp == nil {
		return result{json: "{}"}
	}
	lp := sp.GoLow()
	if lp == nil {
		return r.detached(sp)
	}
	f := r.fileOf(lp.GetIndex(), lp.GetContext())
	vn := lp.GetValueNode()
	if lp.IsTransformedRefWithSiblings() && lp.TransformedRef != nil {
		vn = lp.TransformedRef // the authored $ref with siblings, not libopenapi's allOf rewrite
	}
	if n := deref(vn); n != nil && lp.IsReference() && refValue(n) == nil {
		// libopenapi has already resolved the reference: the value node is
		// its target, in the file of lp's index.
		filePart, frag, _ := strings.Cut(lp.GetReference(), "#")
		t := target{node: n, file: f, name: nameHint(filePart, frag)}
		if rn := deref(lp.GetReferenceNode()); rn != nil && len(rn.Content) > 2 {
			if rv := deref(refValue(rn)); rv != nil {
				// The $ref has siblings: convert the authored node, its
				// $ref pinned to the target libopenapi found.
				r.pinned[rv] = t
				return r.render(rn, r.originOf(rn, f))
			}
		}
		return r.renderWith(func(c *conv) {
			i := r.register(t)
			c.addRef(i)
			c.raw(`{"$ref":`)
			c.buf = AppendString(c.buf, "#/$defs/"+r.defs[i].name)
			c.raw("}")
		})
	}
	return r.render(vn, f)
}

// detached renders a proxy built in code rather than parsed (no low-level
// model): its YAML rendering is converted, with references resolved against
// the root spec when one is known.
func (r *Registry) detached(sp *base.SchemaProxy) result {
	out, err := sp.Render()
	var doc yaml.Node
	if err == nil {
		err = yaml.Unmarshal(out, &doc)
	}
	if err != nil {
		r.errs = append(r.errs, &Error{Msg: "cannot render schema: " + err.Error()})
		return result{json: `{"$comment":"conversion failed"}`}
	}
	return r.render(&doc, r.root)
}
