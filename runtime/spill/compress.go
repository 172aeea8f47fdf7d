package spill

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Modes of Compress.
const (
	ModeCompact = "compact" // JSON without whitespace; text with runs of blanks and empty lines removed
	ModeSample  = "sample"  // arrays cut to their first items plus a count, long strings cut; text: head and tail lines
	ModePrune   = "prune"   // members that are null, "", [] or {} dropped (array items keep their places)
	ModeTable   = "table"   // arrays of objects as {"columns": [...], "rows": [[...]]}
)

// Modes lists the modes of Compress.
func Modes() []string { return []string{ModeCompact, ModeSample, ModePrune, ModeTable} }

// Bounds of the sample mode.
const (
	sampleItems     = 3
	sampleStringLen = 120
)

// ErrBadMode: the mode is unknown or does not apply to the file.
var ErrBadMode = errors.New("bad mode")

// TooLargeError says the compressed form passes the answer bound, and how
// to narrow the request.
type TooLargeError struct {
	Mode   string
	Limit  int
	Advice string
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("the %s form of this file passes the %s answer limit; %s", e.Mode, FormatSize(int64(e.Limit)), e.Advice)
}

// Compressed is a stored response in a shorter form.
type Compressed struct {
	Info
	Mode      string          `json:"mode"`
	Bytes     int             `json:"bytes"`            // size of result or text
	Result    json.RawMessage `json:"result,omitempty"` // JSON files
	Text      string          `json:"text,omitempty"`   // text files
	Truncated bool            `json:"truncated,omitempty"`
	Message   string          `json:"message,omitempty"`
}

// Compress streams the file at path through mode. A JSON answer is whole
// or refused with a *TooLargeError that says how to narrow it; a text
// answer is cut to the bound with a note.
func (w *Workspace) Compress(path, mode string) (*Compressed, error) {
	mode = strings.ToLower(strings.TrimSpace(mode))
	if !slices.Contains(Modes(), mode) {
		return nil, fmt.Errorf("%w: %q is not a mode; use one of %s", ErrBadMode, mode, strings.Join(Modes(), ", "))
	}
	f, info, err := w.openStored(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := &Compressed{Info: info, Mode: mode}
	switch info.Format {
	case formatBinary:
		return nil, fmt.Errorf("%w: %s", ErrBadMode, binaryMessage)
	case formatText:
		if mode != ModeCompact && mode != ModeSample {
			return nil, fmt.Errorf("%w: mode %s needs a JSON file and this one is text; use compact or sample", ErrBadMode, mode)
		}
		if err := compressText(f, mode, w.outputBytes, out); err != nil {
			return nil, err
		}
		out.Bytes = len(out.Text)
		return out, nil
	}
	c := &compressor{dec: newDecoder(f), mode: mode, limit: w.outputBytes}
	if err := c.run(); err != nil {
		if errors.Is(err, errTooLarge) {
			return nil, &TooLargeError{Mode: mode, Limit: w.outputBytes, Advice: tooLargeAdvice(mode)}
		}
		return nil, fmt.Errorf("%w: the file is not valid JSON near byte %d (%v); response_outline shows what it holds",
			ErrBadMode, c.dec.InputOffset(), err)
	}
	out.Result, out.Bytes = c.buf, len(c.buf)
	return out, nil
}

func tooLargeAdvice(mode string) string {
	if mode == ModeSample {
		return "pick a part with response_slice and a JSONPath (response_outline lists the paths), e.g. $.items[0:20]"
	}
	return "try mode sample, which keeps the first items of each array, or pick a part with response_slice " +
		"and a JSONPath (response_outline lists the paths), e.g. $.items[0:20]"
}

// compressor re-encodes a JSON stream in one mode into a bounded buffer.
type compressor struct {
	dec   *json.Decoder
	mode  string
	limit int
	buf   []byte
}

func (c *compressor) run() error {
	tok, err := c.dec.Token()
	if err != nil {
		return err
	}
	dropped, err := c.value(tok, false)
	if err != nil {
		return err
	}
	if dropped {
		c.buf = append(c.buf, "null"...)
	}
	if _, err := c.dec.Token(); err != io.EOF {
		return fmt.Errorf("more data after the first value")
	}
	return nil
}

// check fails once the buffer passes the bound.
func (c *compressor) check() error {
	if len(c.buf) > c.limit {
		return errTooLarge
	}
	return nil
}

// value writes the value starting with tok. dropped reports that prune
// removed it, writing nothing; items of arrays are never dropped.
func (c *compressor) value(tok json.Token, item bool) (dropped bool, err error) {
	d, ok := tok.(json.Delim)
	if !ok {
		if c.mode == ModePrune && !item && (tok == nil || tok == "") {
			return true, nil
		}
		if s, isStr := tok.(string); isStr && c.mode == ModeSample {
			tok = cutString(s, sampleStringLen)
		}
		c.buf = appendScalar(c.buf, tok)
		return false, c.check()
	}
	if d == '{' {
		return c.object(item)
	}
	return c.array(item)
}

func (c *compressor) object(item bool) (bool, error) {
	start := len(c.buf)
	c.buf = append(c.buf, '{')
	n := 0
	for c.dec.More() {
		k, err := c.dec.Token()
		if err != nil {
			return false, err
		}
		t, err := c.dec.Token()
		if err != nil {
			return false, err
		}
		mark := len(c.buf)
		if n > 0 {
			c.buf = append(c.buf, ',')
		}
		c.buf = append(appendString(c.buf, k.(string)), ':')
		dropped, err := c.value(t, false)
		if err != nil {
			return false, err
		}
		if dropped {
			c.buf = c.buf[:mark]
			continue
		}
		n++
	}
	if _, err := c.dec.Token(); err != nil {
		return false, err
	}
	if n == 0 && c.mode == ModePrune && !item {
		c.buf = c.buf[:start]
		return true, nil
	}
	c.buf = append(c.buf, '}')
	return false, c.check()
}

func (c *compressor) array(item bool) (bool, error) {
	start := len(c.buf)
	c.buf = append(c.buf, '[')
	var t *table
	n := 0
	for ; c.dec.More(); n++ {
		tok, err := c.dec.Token()
		if err != nil {
			return false, err
		}
		if c.mode == ModeSample && n >= sampleItems {
			if err := skipValue(c.dec, tok); err != nil {
				return false, err
			}
			continue
		}
		if n > 0 {
			c.buf = append(c.buf, ',')
		}
		if c.mode == ModeTable && tok == json.Delim('{') {
			if t == nil {
				t = &table{index: map[string]int{}}
			}
			if err := c.row(t); err != nil {
				return false, err
			}
			continue
		}
		if _, err := c.value(tok, true); err != nil {
			return false, err
		}
	}
	if _, err := c.dec.Token(); err != nil {
		return false, err
	}
	if c.mode == ModeSample && n > sampleItems {
		c.buf = append(c.buf, ',')
		c.buf = appendString(c.buf, fmt.Sprintf("… %d more items (%d in all)", n-sampleItems, n))
	}
	if n == 0 && c.mode == ModePrune && !item {
		c.buf = c.buf[:start]
		return true, nil
	}
	c.buf = append(c.buf, ']')
	if t != nil {
		c.tableHeader(start, t)
	}
	return false, c.check()
}

// table collects the columns of an array of objects in first-seen order.
type table struct {
	columns []string
	index   map[string]int
}

// row writes one object of a table as an array of its cells in column
// order; columns it lacks are null, and columns first seen later are
// missing from earlier rows' ends.
func (c *compressor) row(t *table) error {
	type cell struct{ col, from, to int }
	var cells []cell
	base := len(c.buf)
	for c.dec.More() {
		k, err := c.dec.Token()
		if err != nil {
			return err
		}
		v, err := c.dec.Token()
		if err != nil {
			return err
		}
		key := k.(string)
		col, ok := t.index[key]
		if !ok {
			col = len(t.columns)
			t.index[key] = col
			t.columns = append(t.columns, key)
		}
		from := len(c.buf)
		if _, err := c.value(v, true); err != nil {
			return err
		}
		cells = append(cells, cell{col, from, len(c.buf)})
	}
	if _, err := c.dec.Token(); err != nil {
		return err
	}
	vals := make([][]byte, 0, len(t.columns))
	for _, cl := range cells {
		for len(vals) <= cl.col {
			vals = append(vals, nil)
		}
		vals[cl.col] = slices.Clone(c.buf[cl.from:cl.to]) // a repeated key: the last value wins
	}
	c.buf = append(c.buf[:base], '[')
	for i, v := range vals {
		if i > 0 {
			c.buf = append(c.buf, ',')
		}
		if v == nil {
			v = []byte("null")
		}
		c.buf = append(c.buf, v...)
	}
	c.buf = append(c.buf, ']')
	return c.check()
}

// tableHeader turns the array written from start into
// {"columns":[...],"rows":[...]}.
func (c *compressor) tableHeader(start int, t *table) {
	head := []byte(`{"columns":[`)
	for i, col := range t.columns {
		if i > 0 {
			head = append(head, ',')
		}
		head = appendString(head, col)
	}
	head = append(head, `],"rows":`...)
	c.buf = slices.Insert(c.buf, start, head...)
	c.buf = append(c.buf, '}')
}
