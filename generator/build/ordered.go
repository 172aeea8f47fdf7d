package build

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// jnode is a JSON value that keeps the order of object members, which Go
// maps lose: typed bodies list their fields in the schema's order.
type jnode struct {
	kind byte // 'o' object, 'a' array, 's' string, 'n' number, 'b' boolean, 'z' null
	obj  []jmember
	arr  []*jnode
	str  string // 's': the string; 'n': the number's text
}

type jmember struct {
	key   string
	value *jnode
}

// member returns the value of object member key, or nil (also for a nil
// or non-object n).
func (n *jnode) member(key string) *jnode {
	if n == nil || n.kind != 'o' {
		return nil
	}
	for _, m := range n.obj {
		if m.key == key {
			return m.value
		}
	}
	return nil
}

// text is the string n holds, or "".
func (n *jnode) text() string {
	if n == nil || n.kind != 's' {
		return ""
	}
	return n.str
}

// maxJSONDepth bounds the nesting parseOrdered accepts: rendered schemas
// are far shallower, and a bound keeps recursion finite on any input.
const maxJSONDepth = 512

// parseOrdered parses one JSON document.
func parseOrdered(doc string) (*jnode, error) {
	dec := json.NewDecoder(bytes.NewReader([]byte(doc)))
	dec.UseNumber()
	n, err := parseValue(dec, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data after JSON value")
	}
	return n, nil
}

func parseValue(dec *json.Decoder, depth int) (*jnode, error) {
	if depth > maxJSONDepth {
		return nil, errors.New("JSON nested too deeply")
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch v := tok.(type) {
	case json.Delim:
		n := &jnode{kind: 'a'}
		if v == '{' {
			n.kind = 'o'
		}
		for dec.More() {
			var key string
			if n.kind == 'o' {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, _ = kt.(string)
			}
			child, err := parseValue(dec, depth+1)
			if err != nil {
				return nil, err
			}
			if n.kind == 'o' {
				n.obj = append(n.obj, jmember{key, child})
			} else {
				n.arr = append(n.arr, child)
			}
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		return n, nil
	case string:
		return &jnode{kind: 's', str: v}, nil
	case json.Number:
		return &jnode{kind: 'n', str: v.String()}, nil
	case bool:
		return &jnode{kind: 'b'}, nil
	}
	return &jnode{kind: 'z'}, nil
}
