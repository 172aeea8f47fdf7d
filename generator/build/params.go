package build

import (
	"strings"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi/datamodel/high/base"
	"github.com/pb33f/libopenapi/utils"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// paramID identifies a parameter within an operation.
type paramID struct{ name, in string }

// merge joins path-level and operation-level parameters: path-level first,
// each replaced in place by an operation-level one with the same name and
// location, then the remaining operation-level ones in order.
func merge[P any](pathLevel, opLevel []P, id func(P) paramID) []P {
	over := make(map[paramID]P)
	used := make(map[paramID]bool)
	for _, p := range opLevel {
		over[id(p)] = p
	}
	var out []P
	for _, p := range pathLevel {
		k := id(p)
		if o, ok := over[k]; ok {
			p = o
			used[k] = true
		}
		out = append(out, p)
	}
	for _, p := range opLevel {
		if !used[id(p)] {
			out = append(out, p)
		}
	}
	return out
}

// assignKeys sets each parameter's Key (see the package comment).
func assignKeys(ps []param) {
	count := make(map[string]int)
	for _, p := range ps {
		count[p.ir.Name]++
	}
	for i := range ps {
		p := &ps[i].ir
		p.Key = p.Name
		if count[p.Name] > 1 && p.In != "path" {
			p.Key = p.In + "." + p.Name
		}
	}
}

// ignoredHeader reports whether a header parameter is one OpenAPI says to
// ignore because other fields control it.
func ignoredHeader(in, name string) bool {
	if in != "header" {
		return false
	}
	switch strings.ToLower(name) {
	case "accept", "content-type", "authorization":
		return true
	}
	return false
}

// checkLocation reports a parameter location invoke cannot send.
func checkLocation(in string) bool {
	switch in {
	case "path", "query", "header", "cookie":
		return true
	}
	return false
}

// templateVars lists the {names} of a path template.
func templateVars(path string) []string {
	var out []string
	for {
		i := strings.IndexByte(path, '{')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(path[i:], '}')
		if j < 0 {
			return out
		}
		out = append(out, path[i+1:i+j])
		path = path[i+j+1:]
	}
}

// checkPathParams reports the first mismatch between a path template and
// the path parameters: a path parameter missing from the template, or a
// template variable without parameter. It returns what is wrong or "".
func checkPathParams(path string, ps []param) (name, problem string) {
	vars := make(map[string]bool)
	for _, v := range templateVars(path) {
		vars[v] = true
	}
	have := make(map[string]bool)
	for _, p := range ps {
		if p.ir.In != "path" {
			continue
		}
		have[p.ir.Name] = true
		if !vars[p.ir.Name] {
			return p.ir.Name, "path parameter is not in the path template"
		}
	}
	for _, v := range templateVars(path) {
		if !have[v] {
			return v, "path template variable has no path parameter"
		}
	}
	return "", ""
}

// kindOf maps a JSON Schema type name to a Kind.
func kindOf(t string) ir.Kind {
	switch t {
	case "string":
		return ir.KindString
	case "integer":
		return ir.KindInteger
	case "number":
		return ir.KindNumber
	case "boolean":
		return ir.KindBoolean
	case "array":
		return ir.KindArray
	case "object":
		return ir.KindObject
	}
	return ir.KindAny
}

// typeOf is the Go shape of a parameter with schema sp: primitive types,
// arrays of primitives, objects; anything else is KindAny.
func typeOf(sp *base.SchemaProxy) ir.Type {
	if t, ok := nodeTypeOf(sp); ok {
		return t
	}
	k, s := schemaKind(sp)
	if k != ir.KindArray {
		return ir.Type{Kind: k}
	}
	elem := ir.KindAny
	if s != nil && s.Items != nil && s.Items.IsA() {
		elem, _ = schemaKind(s.Items.A)
	}
	return arrayOf(elem)
}

// arrayOf is the type of an array of elem: KindAny elements unless
// primitive.
func arrayOf(elem ir.Kind) ir.Type {
	if elem == ir.KindArray || elem == ir.KindObject {
		elem = ir.KindAny
	}
	return ir.Type{Kind: ir.KindArray, Elem: elem}
}

// nodeTypeOf is typeOf read from sp's YAML nodes the way libopenapi's
// schema builder reads "type" and "items", without building the schema: on
// Graph beta building every parameter's schema took 1.5 s of CPU and
// libopenapi keeps each built schema in its proxy. ok is false when the
// nodes hold a $ref libopenapi has not resolved (or rewrote) there; typeOf
// then builds.
func nodeTypeOf(sp *base.SchemaProxy) (t ir.Type, ok bool) {
	if sp == nil {
		return ir.Type{Kind: ir.KindAny}, true
	}
	lp := sp.GoLow()
	if lp == nil || lp.IsTransformedRefWithSiblings() {
		return t, false
	}
	n := schemaNode(lp.GetValueNode())
	if n == nil {
		return t, false
	}
	k := nodeKind(n)
	if k != ir.KindArray {
		return ir.Type{Kind: k}, true
	}
	_, _, items := utils.FindKeyNodeFullTop("items", n.Content)
	if items == nil || utils.IsNodeBoolValue(items) {
		return arrayOf(ir.KindAny), true
	}
	in := schemaNode(items)
	if in == nil {
		return t, false
	}
	return arrayOf(nodeKind(in)), true
}

// schemaNode is n with YAML merge keys applied, when it is a schema
// object without a $ref; nil otherwise.
func schemaNode(n *yaml.Node) *yaml.Node {
	n = utils.ResolveMergeNodes(utils.NodeAlias(n))
	if n == nil || !utils.IsNodeMap(n) {
		return nil
	}
	if isRef, _, _ := utils.IsNodeRefValue(n); isRef {
		return nil
	}
	return n
}

// nodeKind is the Kind of schema object n's single non-null type, as
// schemaKind reads it from the built schema.
func nodeKind(n *yaml.Node) ir.Kind {
	_, _, v := utils.FindKeyNodeFullTop("type", n.Content)
	var types []string
	switch {
	case v == nil:
	case utils.IsNodeStringValue(v):
		types = []string{v.Value}
	case utils.IsNodeArray(v):
		for _, c := range v.Content {
			types = append(types, c.Value)
		}
	}
	return singleKind(types)
}

// schemaKind is the Kind of sp's single non-null type, with the schema.
func schemaKind(sp *base.SchemaProxy) (k ir.Kind, s *base.Schema) {
	defer func() {
		if recover() != nil {
			k, s = ir.KindAny, nil
		}
	}()
	if sp == nil {
		return ir.KindAny, nil
	}
	s = sp.Schema()
	if s == nil {
		return ir.KindAny, nil
	}
	return singleKind(s.Type), s
}

// singleKind is the Kind of the one type of types that is not "null";
// KindAny when there is not exactly one.
func singleKind(types []string) ir.Kind {
	var kept []string
	for _, t := range types {
		if t != "null" {
			kept = append(kept, t)
		}
	}
	if len(kept) != 1 {
		return ir.KindAny
	}
	return kindOf(kept[0])
}

// v2Type is the Go shape of a Swagger 2.0 non-body parameter.
func v2Type(t string, itemsType string) ir.Type {
	k := kindOf(t)
	if t == "file" {
		k = ir.KindString
	}
	if k != ir.KindArray {
		return ir.Type{Kind: k}
	}
	elem := kindOf(itemsType)
	if elem == ir.KindArray || elem == ir.KindObject {
		elem = ir.KindAny
	}
	return ir.Type{Kind: ir.KindArray, Elem: elem}
}
