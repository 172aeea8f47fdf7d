package spill

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// newDecoder reads JSON tokens from r, numbers kept as written.
func newDecoder(r io.Reader) *json.Decoder {
	dec := json.NewDecoder(bufio.NewReaderSize(r, 64<<10))
	dec.UseNumber()
	return dec
}

// errTooLarge stops a walk whose output or in-memory value passed its
// bound.
var errTooLarge = errors.New("too large")

// skipValue consumes the rest of the value whose first token is tok.
func skipValue(dec *json.Decoder, tok json.Token) error {
	d, ok := tok.(json.Delim)
	if !ok || d == '}' || d == ']' {
		return nil
	}
	for depth := 1; depth > 0; {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		if d, ok := t.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
	}
	return nil
}

// decodeValue builds the value whose first token is tok in memory, as
// encoding/json would (objects map[string]any, numbers json.Number). It
// fails with errTooLarge once the value spans more than limit bytes of
// input, so one huge value cannot exhaust memory.
func decodeValue(dec *json.Decoder, tok json.Token, limit int64) (any, error) {
	start := dec.InputOffset()
	var build func(tok json.Token) (any, error)
	build = func(tok json.Token) (any, error) {
		if dec.InputOffset()-start > limit {
			return nil, errTooLarge
		}
		d, ok := tok.(json.Delim)
		if !ok {
			return tok, nil
		}
		switch d {
		case '{':
			m := map[string]any{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				t, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := build(t)
				if err != nil {
					return nil, err
				}
				m[k.(string)] = v
			}
			_, err := dec.Token()
			return m, err
		case '[':
			a := []any{}
			for dec.More() {
				t, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := build(t)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := dec.Token()
			return a, err
		}
		return nil, fmt.Errorf("unexpected %v", d)
	}
	return build(tok)
}

// appendScalar appends a scalar token as JSON.
func appendScalar(b []byte, tok json.Token) []byte {
	switch v := tok.(type) {
	case string:
		return appendString(b, v)
	case json.Number:
		return append(b, v...)
	case bool:
		if v {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case nil:
		return append(b, "null"...)
	}
	return b
}

// appendString appends s as a JSON string. Written by hand because
// json.Marshal allocates per call and escapes <, > and &, which makes
// text harder to read; s is valid UTF-8 (the decoder replaced bad bytes).
func appendString(b []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			b = append(b, c)
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == '\u2028' || r == '\u2029' {
				b = append(b, `\u202`...)
				b = append(b, hexDigits[r&0xf])
			} else {
				b = append(b, s[i:i+size]...)
			}
			i += size
			continue
		}
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		case '\t':
			b = append(b, `\t`...)
		default:
			b = append(b, `\u00`...)
			b = append(b, hexDigits[c>>4], hexDigits[c&0xf])
		}
		i++
	}
	return append(b, '"')
}

// cutString shortens s to at most n runes, saying how many were cut.
func cutString(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i, runes := 0, 0
	for i < len(s) && runes < n {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		runes++
	}
	if i >= len(s) {
		return s
	}
	return s[:i] + fmt.Sprintf("…(+%d chars)", utf8.RuneCountInString(s[i:]))
}
