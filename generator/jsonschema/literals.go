package jsonschema

import (
	"strconv"

	"github.com/pb33f/go-yaml"
)

// Writers of keywords whose values are literals rather than schemas.

// enum writes enum, adding null for a nullable schema.
func (c *conv) enum(o *objWriter, v *yaml.Node, s *facts, f *file) {
	seq := deref(v)
	if seq == nil || seq.Kind != yaml.SequenceNode {
		c.fail(f, v, "enum: expected a list")
		return
	}
	if !o.key("enum") {
		return
	}
	c.raw("[")
	hasNull := false
	for i, item := range seq.Content {
		if i > 0 {
			c.raw(",")
		}
		hasNull = hasNull || isNull(deref(item))
		c.value(item)
		if c.full() {
			return
		}
	}
	if s.nullable && !hasNull {
		if len(seq.Content) > 0 {
			c.raw(",")
		}
		c.raw("null")
	}
	c.raw("]")
}

// value appends a literal value.
func (c *conv) value(v *yaml.Node) {
	c.buf = appendValue(c.buf, v, 0, c.max)
	c.full()
}

// text writes a string keyword; other scalars are read as their text.
func (c *conv) text(o *objWriter, k string, v *yaml.Node, f *file) {
	n := deref(v)
	if n == nil || n.Kind != yaml.ScalarNode || isNull(n) {
		c.fail(f, v, "%s: expected a string", k)
		return
	}
	if o.key(k) {
		c.buf = AppendString(c.buf, n.Value)
	}
}

// bound writes minimum or maximum; beside a boolean exclusive flag set to
// true (2.0 and 3.0) it becomes the numeric exclusive keyword of 2020-12.
func (c *conv) bound(o *objWriter, k, excl string, exclusive bool, v *yaml.Node, f *file) {
	if exclusive {
		k = excl
	}
	c.number(o, k, v, f)
}

// number writes a numeric keyword.
func (c *conv) number(o *objWriter, k string, v *yaml.Node, f *file) {
	n := deref(v)
	if !isNumber(n) {
		c.fail(f, v, "%s: expected a number", k)
		return
	}
	if o.key(k) {
		num, _ := jsonNumber(n.Value)
		c.raw(num)
	}
}

// count writes a non-negative integer keyword.
func (c *conv) count(o *objWriter, k string, v *yaml.Node, f *file) {
	n := deref(v)
	if !isNumber(n) {
		c.fail(f, v, "%s: expected a non-negative integer", k)
		return
	}
	num, _ := jsonNumber(n.Value)
	x, err := strconv.ParseFloat(num, 64)
	if err != nil || x < 0 || x != float64(int64(x)) {
		c.fail(f, v, "%s: expected a non-negative integer", k)
		return
	}
	if o.key(k) {
		c.buf = strconv.AppendInt(c.buf, int64(x), 10)
	}
}

// flag writes a boolean keyword.
func (c *conv) flag(o *objWriter, k string, v *yaml.Node, f *file) {
	b, ok := boolValue(deref(v))
	if !ok {
		c.fail(f, v, "%s: expected true or false", k)
		return
	}
	if o.key(k) {
		c.buf = strconv.AppendBool(c.buf, b)
	}
}

// names writes a list of property names (required).
func (c *conv) names(o *objWriter, k string, v *yaml.Node, f *file) {
	seq := deref(v)
	if seq == nil || seq.Kind != yaml.SequenceNode {
		c.fail(f, v, "%s: expected a list of property names", k)
		return
	}
	var list []string
	for _, item := range seq.Content {
		item = deref(item)
		if item == nil || item.Kind != yaml.ScalarNode {
			c.fail(f, seq, "%s: expected a list of property names", k)
			continue
		}
		if !contains(list, item.Value) {
			list = append(list, item.Value)
		}
	}
	if len(list) == 0 || !o.key(k) {
		return
	}
	c.raw("[")
	for i, name := range list {
		if i > 0 {
			c.raw(",")
		}
		c.buf = AppendString(c.buf, name)
	}
	c.raw("]")
}
