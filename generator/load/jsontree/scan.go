// Package jsontree builds the yaml node tree of a JSON document on several
// cores: the tree libopenapi builds for it, node for node (kinds, tags,
// styles, values, lines and columns), so everything downstream reads the
// same model.
//
// libopenapi has such a reader (its internal jsonnode package), but it uses
// one core: on GitHub's 13 MB spec it is a tenth of generation's wall time
// with the other core idle, and on Microsoft Graph beta's 47 MB a second.
// Parse reads the document's outer levels itself and hands the collections
// below them to workers.
//
// Parse declines, and the caller falls back to libopenapi's reader, for
// anything whose tree it cannot promise to reproduce exactly: invalid JSON,
// JSON the yaml reader would read differently (a tab outside the document,
// a key on another line than its colon), and the escapes libopenapi
// rewrites before reading ("\/", surrogate pairs), which shift columns.
package jsontree

import (
	"strconv"
	"unicode/utf8"

	"github.com/pb33f/go-yaml"
)

const (
	// maxDepth bounds nesting, as libopenapi's reader does, well inside
	// yaml's own limit.
	maxDepth = 1000
	// internMax is the longest string interned: keys and short values
	// repeat across a spec, long text rarely does.
	internMax = 64
	nodeSlab  = 512
	slotSlab  = 2048
)

// scanner reads one JSON value at pos into nodes. Nodes and Content
// slices come from slabs, so a tree of millions of nodes is a few thousand
// allocations.
type scanner struct {
	data      []byte
	pos       int
	line, col int // of data[pos], 1-based; col counts characters
	depth     int

	nodes []yaml.Node
	slots []*yaml.Node
	open  []*yaml.Node // children of the collections being read
	strs  map[string]string
	buf   []byte // an escaped string's decoded bytes

	// split, when set, takes the collections at its depth off this
	// scanner: see splitter.
	split *splitter
}

func newScanner(data []byte) *scanner {
	return &scanner{data: data, line: 1, col: 1, strs: make(map[string]string, 256)}
}

func (s *scanner) node(kind yaml.Kind, style yaml.Style, tag string) *yaml.Node {
	if len(s.nodes) == cap(s.nodes) {
		s.nodes = make([]yaml.Node, 0, nodeSlab)
	}
	// Fields are set one by one into the zeroed slab: appending a whole
	// Node copies it with a write barrier over all its words.
	s.nodes = s.nodes[:len(s.nodes)+1]
	n := &s.nodes[len(s.nodes)-1]
	n.Kind, n.Style, n.Tag, n.Line, n.Column = kind, style, tag, s.line, s.col
	return n
}

// children copies kids into a slab slice whose capacity is its length, so
// appending to one node's Content never overwrites a neighbour's.
func (s *scanner) children(kids []*yaml.Node) []*yaml.Node {
	n := len(kids)
	if cap(s.slots)-len(s.slots) < n {
		s.slots = make([]*yaml.Node, 0, max(slotSlab, n))
	}
	at := len(s.slots)
	s.slots = append(s.slots, kids...)
	return s.slots[at : at+n : at+n]
}

func (s *scanner) intern(b []byte) string {
	if len(b) > internMax {
		return string(b)
	}
	if v, ok := s.strs[string(b)]; ok {
		return v
	}
	v := string(b)
	s.strs[v] = v
	return v
}

// space skips JSON whitespace. yaml accepts a tab only inside a
// collection, and reads a lone CR as a line break where JSON does not.
func (s *scanner) space(inside bool) bool {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ':
			s.pos++
			s.col++
		case '\t':
			if !inside {
				return false
			}
			s.pos++
			s.col++
		case '\n':
			s.pos++
			s.line, s.col = s.line+1, 1
		case '\r':
			if s.pos+1 >= len(s.data) || s.data[s.pos+1] != '\n' {
				return false
			}
			s.pos += 2
			s.line, s.col = s.line+1, 1
		default:
			return true
		}
	}
	return true
}

func (s *scanner) value() (*yaml.Node, bool) {
	if s.pos >= len(s.data) {
		return nil, false
	}
	switch c := s.data[s.pos]; {
	case c == '{' || c == '[':
		if s.split != nil && s.depth == splitDepth {
			return s.split.handOff(s)
		}
		if c == '{' {
			return s.collection(yaml.MappingNode, "!!map", '}')
		}
		return s.collection(yaml.SequenceNode, "!!seq", ']')
	case c == '"':
		return s.str()
	case c == 't':
		return s.word("true", "!!bool")
	case c == 'f':
		return s.word("false", "!!bool")
	case c == 'n':
		return s.word("null", "!!null")
	case c == '-' || c >= '0' && c <= '9':
		return s.number()
	}
	return nil, false
}

func (s *scanner) collection(kind yaml.Kind, tag string, closer byte) (*yaml.Node, bool) {
	if s.depth++; s.depth > maxDepth {
		return nil, false
	}
	n := s.node(kind, yaml.FlowStyle, tag)
	s.pos++
	s.col++
	base := len(s.open)
	if !s.space(true) {
		return nil, false
	}
	if s.pos < len(s.data) && s.data[s.pos] == closer {
		s.pos++
		s.col++
		s.depth--
		return n, true
	}
	for {
		if kind == yaml.MappingNode {
			if s.pos >= len(s.data) || s.data[s.pos] != '"' {
				return nil, false
			}
			line := s.line
			key, ok := s.str()
			if !ok || !s.space(true) {
				return nil, false
			}
			// yaml pairs a key only with a colon on its own line.
			if s.pos >= len(s.data) || s.data[s.pos] != ':' || s.line != line {
				return nil, false
			}
			s.pos++
			s.col++
			if !s.space(true) {
				return nil, false
			}
			s.open = append(s.open, key)
		}
		v, ok := s.value()
		if !ok || !s.space(true) || s.pos >= len(s.data) {
			return nil, false
		}
		s.open = append(s.open, v)
		switch s.data[s.pos] {
		case ',':
			s.pos++
			s.col++
			if !s.space(true) {
				return nil, false
			}
		case closer:
			s.pos++
			s.col++
			n.Content = s.children(s.open[base:])
			clear(s.open[base:])
			s.open = s.open[:base]
			s.depth--
			return n, true
		default:
			return nil, false
		}
	}
}

func (s *scanner) word(w, tag string) (*yaml.Node, bool) {
	if len(s.data)-s.pos < len(w) || string(s.data[s.pos:s.pos+len(w)]) != w {
		return nil, false
	}
	n := s.node(yaml.ScalarNode, 0, tag)
	n.Value = w
	s.pos += len(w)
	s.col += len(w)
	return n, true
}

func (s *scanner) number() (*yaml.Node, bool) {
	d, i := s.data, s.pos
	if d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i] >= '1' && d[i] <= '9':
		i = digits(d, i)
	default:
		return nil, false
	}
	if i < len(d) && d[i] == '.' {
		if i++; i >= len(d) || d[i] < '0' || d[i] > '9' {
			return nil, false
		}
		i = digits(d, i)
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		if i++; i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return nil, false
		}
		i = digits(d, i)
	}
	v := s.intern(d[s.pos:i])
	n := s.node(yaml.ScalarNode, 0, numberTag(v))
	n.Value = v
	s.col += i - s.pos
	s.pos = i
	return n, true
}

func digits(d []byte, i int) int {
	for i < len(d) && d[i] >= '0' && d[i] <= '9' {
		i++
	}
	return i
}

// numberTag is the tag yaml's resolver gives a JSON number: negative zero
// is a float; then an integer if it fits 64 bits signed or unsigned, else
// a float if it is in range, else a string. (Every JSON number has the
// shape yaml requires of a float, so only the range is checked.)
func numberTag(v string) string {
	if v == "-0" || v == "-0.0" {
		return "!!float"
	}
	if _, err := strconv.ParseInt(v, 10, 64); err == nil {
		return "!!int"
	}
	if _, err := strconv.ParseUint(v, 10, 64); err == nil {
		return "!!int"
	}
	if _, err := strconv.ParseFloat(v, 64); err == nil {
		return "!!float"
	}
	return "!!str"
}

func (s *scanner) str() (*yaml.Node, bool) {
	n := s.node(yaml.ScalarNode, yaml.DoubleQuotedStyle, "!!str")
	s.pos++
	s.col++
	start, escaped := s.pos, false
	s.buf = s.buf[:0]
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		switch {
		case c == '"':
			if escaped {
				n.Value = s.intern(s.buf)
			} else {
				n.Value = s.intern(s.data[start:s.pos])
			}
			s.pos++
			s.col++
			return n, true
		case c == '\\':
			if !escaped {
				escaped = true
				s.buf = append(s.buf, s.data[start:s.pos]...)
			}
			if !s.escape() {
				return nil, false
			}
		case c >= 0x20 && c < 0x7F:
			if escaped {
				s.buf = append(s.buf, c)
			}
			s.pos++
			s.col++
		case c < 0x80:
			// Control characters (JSON forbids them) and DEL (yaml
			// reads it otherwise).
			return nil, false
		default:
			r, size := utf8.DecodeRune(s.data[s.pos:])
			if !quotable(r, size) {
				return nil, false
			}
			if escaped {
				s.buf = append(s.buf, s.data[s.pos:s.pos+size]...)
			}
			s.pos += size
			s.col++
		}
	}
	return nil, false
}

// quotable reports whether yaml reads a non-ASCII character in a quoted
// scalar as itself: valid UTF-8, not a C1 control, line separator, byte
// order mark or noncharacter.
func quotable(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size == 1, r <= 0x9F:
		return false
	case r == 0x2028 || r == 0x2029 || r == 0xFEFF, r == 0xFFFE || r == 0xFFFF:
		return false
	}
	return true
}

// escape decodes the escape at pos into buf. "\/" and surrogates are
// declined: libopenapi rewrites them before its reader runs, which moves
// the columns after them.
func (s *scanner) escape() bool {
	if s.pos+1 >= len(s.data) {
		return false
	}
	var b byte
	switch s.data[s.pos+1] {
	case '"':
		b = '"'
	case '\\':
		b = '\\'
	case 'b':
		b = '\b'
	case 'f':
		b = '\f'
	case 'n':
		b = '\n'
	case 'r':
		b = '\r'
	case 't':
		b = '\t'
	case 'u':
		if s.pos+6 > len(s.data) {
			return false
		}
		v, err := strconv.ParseUint(string(s.data[s.pos+2:s.pos+6]), 16, 16)
		if err != nil || v >= 0xD800 && v <= 0xDFFF {
			return false
		}
		s.buf = utf8.AppendRune(s.buf, rune(v))
		s.pos += 6
		s.col += 6
		return true
	default:
		return false
	}
	s.buf = append(s.buf, b)
	s.pos += 2
	s.col += 2
	return true
}
