package spill

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Bounds of an outline.
const (
	outlineMaxLines  = 300  // lines of a JSON outline
	outlineMaxShapes = 2000 // distinct paths remembered
	outlineMaxKeys   = 100  // keys remembered per object path
	outlineMaxDepth  = 24
	outlineSamples   = 3
	outlineSampleLen = 40
	textHeadLines    = 20
	textLineLen      = 200
	textHeadMaxBytes = 4 << 10
)

// Outline is the structure of a stored response.
type Outline struct {
	Info
	// Outline has one line per JSON path: its types, how often it occurs,
	// array lengths and a few sample values. Paths are JSONPath
	// expressions usable with Slice.
	Outline []string `json:"outline,omitempty"`
	// LineCount, LongestLine and Head describe a text file.
	LineCount   int      `json:"lineCount,omitempty"`
	LongestLine int      `json:"longestLine,omitempty"`
	Head        []string `json:"head,omitempty"`
	Truncated   bool     `json:"truncated,omitempty"` // the outline or head was cut to its bound
	Message     string   `json:"message,omitempty"`
}

// Outline reads the file at path once, streaming, and summarizes it: the
// structure of JSON, or size, line count and first lines of text. Memory
// and output stay bounded however large the file is.
func (w *Workspace) Outline(path string) (*Outline, error) {
	f, info, err := w.openStored(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := &Outline{Info: info}
	switch info.Format {
	case formatBinary:
		out.Message = binaryMessage
	case formatJSON:
		if err := outlineJSON(f, out); err != nil {
			return nil, err
		}
	default:
		if err := outlineText(f, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// shape merges every value seen at one JSON path.
type shape struct {
	count    int    // values seen
	kinds    [6]int // by kind index: object, array, string, number, boolean, null
	keys     []string
	children map[string]*shape
	dropped  int // distinct keys not remembered (bounds)
	elem     *shape
	minLen   int
	maxLen   int
	samples  []string
}

// kindName names shape.kinds' index i.
func kindName(i int) string {
	return [...]string{"object", "array", "string", "number", "boolean", "null"}[i]
}

type outliner struct {
	dec    *json.Decoder
	shapes int
}

func outlineJSON(r io.Reader, out *Outline) error {
	o := &outliner{dec: newDecoder(r), shapes: 1}
	root := &shape{}
	tok, err := o.dec.Token()
	if err == nil {
		err = o.walk(tok, root, 0)
	}
	if err == nil {
		if _, extra := o.dec.Token(); extra != io.EOF {
			err = fmt.Errorf("more data after the first value")
		}
	}
	if err != nil {
		out.Message = fmt.Sprintf("not valid JSON after byte %d (%v); the outline covers what came before. "+
			"A file cut at the size bound ends early; response_compress and response_slice need valid JSON", o.dec.InputOffset(), err)
	}
	lines := render(root, "$", 0, nil)
	if len(lines) > outlineMaxLines {
		lines, out.Truncated = lines[:outlineMaxLines], true
	}
	if o.shapes >= outlineMaxShapes {
		out.Truncated = true
	}
	out.Outline = lines
	return nil
}

// walk reads the value starting with tok into s.
func (o *outliner) walk(tok json.Token, s *shape, depth int) error {
	s.count++
	d, isDelim := tok.(json.Delim)
	if !isDelim {
		s.kinds[scalarKind(tok)]++
		if len(s.samples) < outlineSamples {
			v := cutString(string(appendScalar(nil, tok)), outlineSampleLen)
			if !slices.Contains(s.samples, v) {
				s.samples = append(s.samples, v)
			}
		}
		return nil
	}
	if depth >= outlineMaxDepth {
		return skipValue(o.dec, tok)
	}
	switch d {
	case '{':
		s.kinds[0]++
		for o.dec.More() {
			k, err := o.dec.Token()
			if err != nil {
				return err
			}
			t, err := o.dec.Token()
			if err != nil {
				return err
			}
			child := o.child(s, k.(string))
			if child == nil {
				if err := skipValue(o.dec, t); err != nil {
					return err
				}
				continue
			}
			if err := o.walk(t, child, depth+1); err != nil {
				return err
			}
		}
	case '[':
		s.kinds[1]++
		if s.elem == nil {
			s.elem = &shape{}
			o.shapes++
		}
		n := 0
		for ; o.dec.More(); n++ {
			t, err := o.dec.Token()
			if err != nil {
				return err
			}
			if err := o.walk(t, s.elem, depth+1); err != nil {
				return err
			}
		}
		if s.kinds[1] == 1 || n < s.minLen {
			s.minLen = n
		}
		s.maxLen = max(s.maxLen, n)
	}
	_, err := o.dec.Token() // closing delimiter
	return err
}

// child is s's shape for key, nil once the bounds are reached.
func (o *outliner) child(s *shape, key string) *shape {
	if c, ok := s.children[key]; ok {
		return c
	}
	if len(s.keys) >= outlineMaxKeys || o.shapes >= outlineMaxShapes {
		s.dropped++
		return nil
	}
	if s.children == nil {
		s.children = map[string]*shape{}
	}
	c := &shape{}
	s.children[key] = c
	s.keys = append(s.keys, key)
	o.shapes++
	return c
}

func scalarKind(tok json.Token) int {
	switch tok.(type) {
	case string:
		return 2
	case json.Number:
		return 3
	case bool:
		return 4
	}
	return 5
}

// render writes one line per path, depth first, stopping past the line
// bound. parentCount is how many objects held s (0 at the root).
func render(s *shape, path string, parentCount int, lines []string) []string {
	if len(lines) > outlineMaxLines {
		return lines
	}
	var b strings.Builder
	b.WriteString(path)
	b.WriteString(": ")
	var kinds []string
	for i, n := range s.kinds {
		if n > 0 {
			kinds = append(kinds, kindName(i))
		}
	}
	b.WriteString(strings.Join(kinds, "|"))
	if s.count > 1 || parentCount > s.count {
		fmt.Fprintf(&b, " ×%d", s.count)
		if parentCount > s.count {
			fmt.Fprintf(&b, " of %d", parentCount)
		}
	}
	if s.kinds[0] > 0 {
		fmt.Fprintf(&b, " {%d keys", len(s.keys)+s.dropped)
		if s.dropped > 0 {
			fmt.Fprintf(&b, ", %d not listed", s.dropped)
		}
		b.WriteString("}")
	}
	if s.kinds[1] > 0 {
		if s.minLen == s.maxLen {
			fmt.Fprintf(&b, " [%d items]", s.maxLen)
		} else {
			fmt.Fprintf(&b, " [%d to %d items]", s.minLen, s.maxLen)
		}
	}
	if len(s.samples) > 0 {
		b.WriteString(" e.g. ")
		b.WriteString(strings.Join(s.samples, ", "))
	}
	lines = append(lines, b.String())
	for _, k := range s.keys {
		lines = render(s.children[k], path+memberPath(k), s.kinds[0], lines)
	}
	if s.elem != nil && s.elem.count > 0 {
		lines = render(s.elem, path+"[*]", 0, lines)
	}
	return lines
}

// memberPath is the JSONPath member segment for key: .key for plain
// names, ['key'] otherwise.
func memberPath(key string) string {
	plain := key != ""
	for i, r := range key {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80 || i > 0 && r >= '0' && r <= '9') {
			plain = false
			break
		}
	}
	if plain {
		return "." + key
	}
	q := strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(key)
	return "['" + q + "']"
}

// outlineText counts lines and keeps the first ones, cut to their bounds.
func outlineText(r io.Reader, out *Outline) error {
	br := bufio.NewReaderSize(r, 64<<10)
	headBytes, lineLen := 0, 0
	var line []byte
	flush := func() {
		out.LineCount++
		out.LongestLine = max(out.LongestLine, lineLen)
		if len(out.Head) < textHeadLines && headBytes < textHeadMaxBytes {
			s := cutString(strings.ToValidUTF8(strings.TrimRight(string(line), "\r"), "\uFFFD"), textLineLen)
			out.Head = append(out.Head, s)
			headBytes += len(s)
		} else if out.LineCount > textHeadLines {
			out.Truncated = true
		}
		line, lineLen = line[:0], 0
	}
	for {
		chunk, err := br.ReadSlice('\n')
		lineLen += len(chunk)
		if len(line) < textLineLen*4 {
			line = append(line, chunk[:min(len(chunk), textLineLen*4-len(line))]...)
		}
		if n := len(chunk); n > 0 && chunk[n-1] == '\n' {
			lineLen--
			if k := len(line); k > 0 && line[k-1] == '\n' {
				line = line[:k-1]
			}
			flush()
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			if lineLen > 0 || len(line) > 0 {
				flush()
			}
			return nil
		}
		if err != nil {
			return err
		}
	}
}
