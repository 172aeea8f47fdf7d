package spill

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/theory/jsonpath"
	"github.com/theory/jsonpath/spec"
)

// ErrBadQuery: the JSONPath expression does not parse; the error carries
// the parser's message and position.
var ErrBadQuery = errors.New("bad JSONPath")

// Match is one node a JSONPath query selected.
type Match struct {
	Path    string          `json:"path"` // normalized path, e.g. $['items'][3]
	Value   json.RawMessage `json:"value,omitempty"`
	Omitted string          `json:"omitted,omitempty"` // why Value is missing: it passes the answer bound
}

// Sliced is what a JSONPath query selected from a stored response.
type Sliced struct {
	Info
	JSONPath  string  `json:"jsonPath"`
	Count     int     `json:"count"`    // matches in the file
	Returned  int     `json:"returned"` // matches listed
	Matches   []Match `json:"matches"`
	Truncated bool    `json:"truncated,omitempty"`
	Message   string  `json:"message,omitempty"`
}

// Slice selects from the JSON file at path with an RFC 9535 JSONPath
// query, streaming: only the parts the query needs whole (values under a
// filter or a descendant segment, and the selected values) are held in
// memory, each bounded. Matches come in document order; the answer lists
// as many as fit its bound and counts them all.
func (w *Workspace) Slice(path, query string) (*Sliced, error) {
	p, err := jsonpath.Parse(query)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadQuery, err)
	}
	f, info, err := w.openStored(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	switch info.Format {
	case formatBinary:
		return nil, fmt.Errorf("%w: %s", ErrBadMode, binaryMessage)
	case formatText:
		return nil, fmt.Errorf("%w: response_slice needs a JSON file and this one is text; use response_outline or response_compress", ErrBadMode)
	}
	s := &slicer{dec: newDecoder(f), segs: p.Query().Segments(), budget: w.outputBytes, maxDecode: w.maxDecode,
		out: &Sliced{Info: info, JSONPath: p.String(), Matches: []Match{}}}
	tok, err := s.dec.Token()
	if err == nil {
		if refersToRoot(p.String()) {
			err = s.inMemory(tok, nil, p.Query())
		} else {
			err = s.walk(tok, nil, 0)
		}
	}
	var big *partTooLarge
	switch {
	case errors.As(err, &big):
		return nil, &TooLargeError{Mode: "slice", Limit: int(w.maxDecode), Advice: big.advice()}
	case err != nil && err != io.EOF:
		return nil, fmt.Errorf("%w: the file is not valid JSON near byte %d (%v); response_outline shows what it holds",
			ErrBadMode, s.dec.InputOffset(), err)
	}
	s.out.Returned = len(s.out.Matches)
	if s.out.Count > s.out.Returned {
		s.out.Truncated = true
		s.out.Message = fmt.Sprintf("%d of %d matches fit the %s answer limit; narrow the query, e.g. with a slice like [0:20] "+
			"or by selecting fewer members", s.out.Returned, s.out.Count, FormatSize(int64(w.outputBytes)))
	}
	return s.out, nil
}

// partTooLarge: a value the query needs in memory passes MaxDecodeBytes.
type partTooLarge struct{ path string }

func (e *partTooLarge) Error() string { return "part too large: " + e.path }

func (e *partTooLarge) advice() string {
	return fmt.Sprintf("the query needs the value at %s in memory as a whole (filters, '..' and multiple selectors do), "+
		"and it is larger than that; start the query with names and indexes that reach smaller parts first, "+
		"e.g. $.items[*]..id instead of $..id", e.path)
}

// slicer walks the token stream along the query's segments.
type slicer struct {
	dec       *json.Decoder
	segs      []*spec.Segment
	out       *Sliced
	budget    int // bytes of answer left
	maxDecode int64
}

// walk applies segments k… to the value starting with tok, at np.
func (s *slicer) walk(tok json.Token, np spec.NormalizedPath, k int) error {
	if k == len(s.segs) {
		return s.emitStream(tok, np)
	}
	sel, ok := streamable(s.segs[k])
	if !ok {
		return s.inMemory(tok, np, spec.Query(false, s.segs[k:]...))
	}
	d, isDelim := tok.(json.Delim)
	if !isDelim {
		return nil // a scalar has no children
	}
	for i := 0; s.dec.More(); i++ {
		var key string
		selected := false
		if d == '{' {
			kt, err := s.dec.Token()
			if err != nil {
				return err
			}
			key = kt.(string)
			switch sel := sel.(type) {
			case spec.Name:
				selected = string(sel) == key
			case spec.WildcardSelector, *spec.FilterSelector:
				selected = true
			}
		} else {
			switch sel := sel.(type) {
			case spec.Index:
				selected = int(sel) == i
			case spec.SliceSelector:
				selected = i >= sel.Start() && i < sel.End() && (i-sel.Start())%sel.Step() == 0
			case spec.WildcardSelector, *spec.FilterSelector:
				selected = true
			}
		}
		t, err := s.dec.Token()
		if err != nil {
			return err
		}
		if !selected {
			if err := skipValue(s.dec, t); err != nil {
				return err
			}
			continue
		}
		child := extend(np, spec.Index(i))
		if d == '{' {
			child = extend(np, spec.Name(key))
		}
		if f, ok := sel.(*spec.FilterSelector); ok {
			err = s.filter(t, child, f, k)
		} else {
			err = s.walk(t, child, k+1)
		}
		if err != nil {
			return err
		}
	}
	_, err := s.dec.Token() // closing delimiter
	return err
}

// streamable gives the one selector of a segment the walk applies
// without holding the value: a name, wildcard, index or forward slice
// counted from the start, or a filter (which holds one child at a time).
// Descendant segments, several selectors (whose order is the selectors'),
// negative indexes and backward slices are evaluated in memory.
func streamable(seg *spec.Segment) (spec.Selector, bool) {
	sels := seg.Selectors()
	if seg.IsDescendant() || len(sels) != 1 {
		return nil, false
	}
	switch sel := sels[0].(type) {
	case spec.Name, spec.WildcardSelector, *spec.FilterSelector:
		return sel, true
	case spec.Index:
		return sel, sel >= 0
	case spec.SliceSelector:
		return sel, sel.Step() > 0 && sel.Start() >= 0 && sel.End() >= 0
	}
	return nil, false
}

// filter holds one child, tests it, and applies the rest of the query to
// it when it passes.
func (s *slicer) filter(tok json.Token, np spec.NormalizedPath, f *spec.FilterSelector, k int) error {
	v, err := s.decode(tok, np)
	if err != nil {
		return err
	}
	if !f.Eval(v, nil) {
		return nil
	}
	for _, n := range spec.Query(false, s.segs[k+1:]...).SelectLocated(v, nil, np) {
		s.emitValue(n.Node, n.Path)
	}
	return nil
}

// inMemory decodes the value starting with tok and applies q to it.
func (s *slicer) inMemory(tok json.Token, np spec.NormalizedPath, q *spec.PathQuery) error {
	v, err := s.decode(tok, np)
	if err != nil {
		return err
	}
	for _, n := range q.SelectLocated(v, v, np) {
		s.emitValue(n.Node, n.Path)
	}
	return nil
}

func (s *slicer) decode(tok json.Token, np spec.NormalizedPath) (any, error) {
	v, err := decodeValue(s.dec, tok, s.maxDecode)
	if errors.Is(err, errTooLarge) {
		return nil, &partTooLarge{path: pathString(np)}
	}
	return v, err
}

// emitStream copies a selected value from the stream, or notes it as
// omitted when it passes what is left of the answer.
func (s *slicer) emitStream(tok json.Token, np spec.NormalizedPath) error {
	s.out.Count++
	path := pathString(np)
	if s.budget <= len(path) {
		return skipValue(s.dec, tok)
	}
	start := s.dec.InputOffset()
	b, ok, err := copyValue(s.dec, tok, nil, s.budget-len(path))
	if err != nil {
		return err
	}
	if !ok {
		s.add(Match{Path: path, Omitted: fmt.Sprintf("the value spans %s of the file, more than is left of this answer; %s",
			FormatSize(s.dec.InputOffset()-start), deeper(tok, path))})
		return nil
	}
	s.add(Match{Path: path, Value: b})
	return nil
}

// emitValue adds an in-memory match while the answer has room.
func (s *slicer) emitValue(v any, np spec.NormalizedPath) {
	s.out.Count++
	path := pathString(np)
	if s.budget <= len(path) {
		return
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return
	}
	b := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if len(b)+len(path) > s.budget {
		s.add(Match{Path: path, Omitted: fmt.Sprintf("the value takes %s, more than is left of this answer; %s",
			FormatSize(int64(len(b))), deeperValue(v, path))})
		return
	}
	s.add(Match{Path: path, Value: b})
}

// deeper advises how to slice into a value too large to return, by its
// first token: an array by index range, an object by member, never the
// other way round.
func deeper(tok json.Token, path string) string {
	switch tok {
	case json.Delim('['):
		return fmt.Sprintf("slice deeper (e.g. %s[0:10] or %s[0]) or narrow the query", path, path)
	case json.Delim('{'):
		return fmt.Sprintf("slice deeper (e.g. %s.* for its members one level down, or %s.NAME with a member "+
			"response_outline lists) or narrow the query", path, path)
	}
	return "narrow the query"
}

// deeperValue is deeper for a decoded value, naming an object's first
// member.
func deeperValue(v any, path string) string {
	switch x := v.(type) {
	case []any:
		return deeper(json.Delim('['), path)
	case map[string]any:
		if len(x) > 0 {
			name := slices.Sorted(maps.Keys(x))[0]
			member := path + strings.TrimPrefix(spec.NormalizedPath{spec.Name(name)}.String(), "$")
			return fmt.Sprintf("slice deeper (e.g. %s or %s.*) or narrow the query", member, path)
		}
	}
	return "narrow the query"
}

// add lists m and charges the answer's budget.
func (s *slicer) add(m Match) {
	s.budget -= len(m.Path) + len(m.Value) + len(m.Omitted) + 32
	s.out.Matches = append(s.out.Matches, m)
}

func extend(np spec.NormalizedPath, sel spec.NormalSelector) spec.NormalizedPath {
	return append(np[:len(np):len(np)], sel)
}

func pathString(np spec.NormalizedPath) string {
	if len(np) == 0 {
		return "$"
	}
	return np.String()
}

// refersToRoot reports whether a query's text uses $ after its start,
// outside quoted names: a filter comparing with the document root, which
// needs the whole document.
func refersToRoot(q string) bool {
	var quote byte
	for i := 1; i < len(q); i++ {
		c := q[i]
		switch {
		case quote != 0 && c == '\\':
			i++
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
		case c == '\'' || c == '"':
			quote = c
		case c == '$':
			return true
		}
	}
	return false
}

// copyValue appends the value starting with tok as compact JSON while b
// stays within limit; past it, the rest is consumed unwritten and ok is
// false.
func copyValue(dec *json.Decoder, tok json.Token, b []byte, limit int) ([]byte, bool, error) {
	d, isDelim := tok.(json.Delim)
	if !isDelim {
		b = appendScalar(b, tok)
		return b, len(b) <= limit, nil
	}
	if len(b) > limit {
		return b, false, skipValue(dec, tok)
	}
	b = append(b, byte(d))
	for first := true; dec.More(); first = false {
		if !first {
			b = append(b, ',')
		}
		if d == '{' {
			k, err := dec.Token()
			if err != nil {
				return b, false, err
			}
			b = append(appendString(b, k.(string)), ':')
		}
		t, err := dec.Token()
		if err != nil {
			return b, false, err
		}
		var ok bool
		if b, ok, err = copyValue(dec, t, b, limit); err != nil {
			return b, false, err
		}
		if !ok {
			return b, false, skipValue(dec, d) // the rest of this container
		}
	}
	if _, err := dec.Token(); err != nil {
		return b, false, err
	}
	b = append(b, byte(d)+2) // '{'+2 is '}', '['+2 is ']'
	return b, len(b) <= limit, nil
}
