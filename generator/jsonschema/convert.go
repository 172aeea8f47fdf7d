package jsonschema

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/pb33f/go-yaml"
)

// Markers left where a schema was cut.
const (
	markTooLarge = `{"$comment":"truncated: schema too large"}`
	markTooDeep  = `{"$comment":"truncated: schema nested too deeply"}`
	markCircular = `{"$comment":"circular schema cut"}`
)

// result is one rendered schema and the defs it references directly.
type result struct {
	json string
	refs []int
}

// render converts the schema node n of file f.
func (r *Registry) render(n *yaml.Node, f *file) result {
	return r.renderWith(func(c *conv) { c.schema(n, f, 0) })
}

// renderWith runs emit within the registry's budgets.
//
// The size rule: a schema is first rendered with the full depth limit. If it
// passes MaxSchemaBytes, it is rendered again with a smaller subschema depth
// limit, found by binary search, so the deepest subschemas are replaced by
// {"$comment":"truncated: schema too large"} until it fits; at limit -1 the
// whole schema is that marker. Every attempt stops writing as soon as it
// passes the budget, so the cost is bounded by a few budgets' worth of
// output. Defs registered and problems found by a discarded attempt are
// forgotten.
func (r *Registry) renderWith(emit func(*conv)) result {
	snap := len(r.defs)
	try := func(limit int) *conv {
		c := &conv{r: r, limit: limit, max: r.maxBytes}
		emit(c)
		if !c.overflow && len(c.buf) > c.max {
			c.overflow = true
		}
		return c
	}
	c := try(r.maxDepth)
	if c.overflow {
		first := c
		r.rollback(snap)
		lo, hi := -1, r.maxDepth-1 // limit lo always fits
		for lo < hi {
			mid := lo + (hi-lo+1)/2
			t := try(mid)
			r.rollback(snap)
			if t.overflow {
				hi = mid - 1
			} else {
				lo = mid
			}
		}
		if lo < 0 {
			c = &conv{r: r, buf: []byte(markTooLarge)}
			c.warn(first.rootFile, first.root, "schema too large: rendered, it passes %d bytes, so it is replaced by %s", r.maxBytes, markTooLarge)
		} else {
			c = try(lo)
			c.warn(first.rootFile, first.root,
				"schema too large: rendered, it passes %d bytes, so its subschemas below nesting level %d are replaced by %s",
				r.maxBytes, lo, markTooLarge)
		}
	} else if c.deep != nil {
		c.warn(c.deepFile, c.deep, "schema nested deeper than %d levels: the subschemas below are replaced by %s", r.maxDepth, markTooDeep)
	}
	r.errs = append(r.errs, c.errs...)
	r.warns = append(r.warns, c.warns...)
	return result{json: string(c.buf), refs: c.refs}
}

// conv is one rendering attempt.
type conv struct {
	r        *Registry
	buf      []byte
	limit    int // deepest subschema level written; deeper ones are cut
	max      int // byte budget
	overflow bool
	refs     []int
	errs     []*Error
	warns    []*Error     // what was lost or left out; never fatal
	stack    []*yaml.Node // schema objects being written, for alias cycles
	root     *yaml.Node   // the first schema written, where a size cut is reported
	rootFile *file
	deep     *yaml.Node // the first subschema cut for depth
	deepFile *file
}

// full reports (and records) that the budget is spent.
func (c *conv) full() bool {
	if !c.overflow && len(c.buf) > c.max {
		c.overflow = true
	}
	return c.overflow
}

// fail records a problem at node n of file f.
func (c *conv) fail(f *file, n *yaml.Node, format string, args ...any) {
	e := &Error{File: c.r.relFile(f), Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	c.errs = append(c.errs, e)
}

// warn records a loss at node n of file f: not a reason to skip anything,
// but never silent.
func (c *conv) warn(f *file, n *yaml.Node, format string, args ...any) {
	e := &Error{File: c.r.relFile(f), Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	c.warns = append(c.warns, e)
}

// addRef notes that the output references def i.
func (c *conv) addRef(i int) {
	if !slices.Contains(c.refs, i) {
		c.refs = append(c.refs, i)
	}
}

// raw appends s verbatim.
func (c *conv) raw(s string) { c.buf = append(c.buf, s...) }

// schema writes the schema at n (depth levels below the rendered root).
func (c *conv) schema(n *yaml.Node, f *file, depth int) {
	if c.full() {
		return
	}
	at := n
	n = deref(n)
	if c.root == nil {
		c.root, c.rootFile = at, f
	}
	switch {
	case isNull(n):
		c.fail(f, at, "schema is missing")
		c.raw("{}")
		return
	case n.Kind == yaml.ScalarNode:
		if v, ok := boolValue(n); ok {
			c.buf = strconv.AppendBool(c.buf, v)
			return
		}
		c.fail(f, n, "expected a schema object, got %q", n.Value)
		c.raw("{}")
		return
	case n.Kind != yaml.MappingNode:
		c.fail(f, n, "expected a schema object, got a list")
		c.raw("{}")
		return
	}
	if depth > c.limit {
		if c.limit >= c.r.maxDepth {
			if c.deep == nil {
				c.deep, c.deepFile = at, f
			}
			c.raw(markTooDeep)
		} else {
			c.raw(markTooLarge)
		}
		return
	}
	if slices.Contains(c.stack, n) {
		c.raw(markCircular)
		return
	}
	c.stack = append(c.stack, n)
	c.object(n, f, depth)
	c.stack = c.stack[:len(c.stack)-1]
}

// schemaList writes a JSON array of the schemas in sequence v.
func (c *conv) schemaList(o *objWriter, k string, v *yaml.Node, f *file, depth int) {
	seq := deref(v)
	if seq == nil || seq.Kind != yaml.SequenceNode {
		c.fail(f, v, "%s: expected a list of schemas", k)
		return
	}
	if len(seq.Content) == 0 || !o.key(k) {
		return
	}
	c.raw("[")
	for i, item := range seq.Content {
		if i > 0 {
			c.raw(",")
		}
		c.schema(item, f, depth+1)
		if c.overflow {
			return
		}
	}
	c.raw("]")
}

// schemaMap writes a JSON object of the schemas in mapping v (properties,
// patternProperties, dependentSchemas), in spec order.
func (c *conv) schemaMap(o *objWriter, k string, v *yaml.Node, f *file, depth int) {
	m := deref(v)
	if m == nil || m.Kind != yaml.MappingNode {
		if !isNull(m) {
			c.fail(f, v, "%s: expected a map of schemas", k)
		}
		return
	}
	if !o.key(k) {
		return
	}
	c.raw("{")
	inner := objWriter{c: c}
	for _, p := range pairs(m) {
		if k == "patternProperties" && !c.checkPattern(f, p.key, "patternProperties key", p.key.Value) {
			continue
		}
		if !inner.key(p.key.Value) {
			continue
		}
		c.schema(p.val, f, depth+1)
		if c.overflow {
			return
		}
	}
	c.raw("}")
}

// objWriter writes the keys of one JSON object, dropping repeated keys.
// Keys are looked up in a list while few and in a set once many, so a
// schema with tens of thousands of properties costs linear time.
type objWriter struct {
	c    *conv
	n    int      // keys written
	keys []string // while n <= manyKeys
	set  map[string]bool
}

// manyKeys is where objWriter moves its keys from the list to the set.
const manyKeys = 32

// key writes `"k":` (with a comma when needed) unless k was written before.
func (o *objWriter) key(k string) bool {
	if o.seen(k) {
		return false
	}
	if o.n > 0 {
		o.c.raw(",")
	}
	o.n++
	o.c.buf = AppendString(o.c.buf, k)
	o.c.raw(":")
	return true
}

// seen reports whether k was written before and remembers it.
func (o *objWriter) seen(k string) bool {
	if o.set != nil {
		if o.set[k] {
			return true
		}
		o.set[k] = true
		return false
	}
	if contains(o.keys, k) {
		return true
	}
	o.keys = append(o.keys, k)
	if len(o.keys) > manyKeys {
		o.set = make(map[string]bool, 2*len(o.keys))
		for _, v := range o.keys {
			o.set[v] = true
		}
		o.keys = nil
	}
	return false
}
