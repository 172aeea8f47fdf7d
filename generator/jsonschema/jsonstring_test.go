package jsonschema

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzAppendString checks string escaping against encoding/json on any
// input, valid UTF-8 or not.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "\"\\\n\r\t\b\f\x00\x7f", "\u2028\u2029", "\xff", "日本語", "<&>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(AppendString(nil, s)), encodingJSON(t, s); got != want {
			t.Fatalf("AppendString(%q) = %s, want %s", s, got, want)
		}
	})
}

// encodingJSON is s as encoding/json writes it without HTML escaping.
func encodingJSON(t *testing.T, s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}
