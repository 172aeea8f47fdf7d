package spill

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// fuzzOutputBytes is the answer bound FuzzResponseTools runs with.
const fuzzOutputBytes = 2 << 10

// FuzzResponseTools runs outline, compress and slice on hostile stored
// files (cut JSON, deep nesting, huge strings, not JSON at all), stored as
// JSON and as text. Each tool answers within its bound or fails with one
// of its errors; nothing panics, and what an answer quotes of the file is
// cut to the answer bound.
func FuzzResponseTools(f *testing.F) {
	for _, seed := range []string{
		petsJSON,
		petsJSON[:len(petsJSON)/2],        // cut in the middle
		`{"items":[{"id":1},{"id":2},{"i`, // cut in a key
		strings.Repeat("[", 10000) + strings.Repeat("]", 10000), // deep nesting
		strings.Repeat(`{"a":`, 3000) + "1" + strings.Repeat("}", 3000),
		`{"s":"` + strings.Repeat("x", 100_000) + `"}`,                   // a huge string
		`[` + strings.Repeat(`{"k":"v","n":null,"e":[]},`, 2000) + `{}]`, // wide table
		`{"a":1,"a":2,"\u0000":"\ud800"}`,                                // duplicate keys, bad escapes
		"line 1\r\nline 2\n\n\n\t \n" + strings.Repeat("y", 50_000),      // text with a huge line
		"\xff\xfe\x00binary",
		"",
	} {
		f.Add(seed, "$.items[*].id")
	}
	f.Add(petsJSON, `$..id`)
	f.Add(petsJSON, `$.items[?@.price > 5].name`)
	f.Add(petsJSON, `$[`)
	w := newTestWorkspace(f, Options{OutputBytes: fuzzOutputBytes, MaxDecodeBytes: 64 << 10})
	f.Fuzz(func(t *testing.T, data, query string) {
		for _, contentType := range []string{"application/json", "text/plain"} {
			file := store(t, w, contentType, data)
			if o, err := w.Outline(file.Name); err != nil {
				known(t, "outline", err)
			} else {
				bounded(t, "outline", o, 8*fuzzOutputBytes)
			}
			for _, mode := range []string{ModeCompact, ModeSample, ModePrune, ModeTable} {
				c, err := w.Compress(file.Name, mode)
				if err != nil {
					known(t, "compress "+mode, err)
					continue
				}
				if len(c.Result) > fuzzOutputBytes || len(c.Text) > fuzzOutputBytes {
					t.Fatalf("compress %s: %d bytes of JSON, %d of text; bound %d", mode, len(c.Result), len(c.Text), fuzzOutputBytes)
				}
				if len(c.Result) > 0 && !json.Valid(c.Result) {
					t.Fatalf("compress %s: result is not JSON: %.200q", mode, c.Result)
				}
			}
			if s, err := w.Slice(file.Name, query); err != nil {
				known(t, "slice", err)
			} else {
				bounded(t, "slice", s, 2*fuzzOutputBytes)
			}
		}
	})
}

// known fails t unless err is one a response tool documents.
func known(t *testing.T, tool string, err error) {
	t.Helper()
	var tl *TooLargeError
	switch {
	case errors.Is(err, ErrBadMode), errors.Is(err, ErrBadQuery), errors.As(err, &tl):
	default:
		t.Fatalf("%s: unexpected error %v", tool, err)
	}
}

// bounded fails t when v's JSON answer passes limit bytes.
func bounded(t *testing.T, tool string, v any, limit int) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%s: answer cannot be encoded: %v", tool, err)
	}
	if len(b) > limit {
		t.Fatalf("%s: answer of %d bytes, bound %d: %.300s", tool, len(b), limit, b)
	}
}
