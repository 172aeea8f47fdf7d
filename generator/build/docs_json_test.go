package build

import (
	"bytes"
	"encoding/json"
	"testing"
)

// stdJSON is what appendJSON must match: encoding/json without HTML
// escaping.
func stdJSON(t testing.TB, v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	values := []any{
		object{{"a", "x"}, {"b", true}, {"c", []string{"p", "q"}}, {"d", json.RawMessage(`{"k":1}`)}, {"e", 3}, {"f", nil}},
		[]object{{{"x", "y"}}, {}},
		[]string(nil),
		json.RawMessage(nil),
		"quote \" backslash \\ tab \t nl \n cr \r nul \x00 esc \x1b <html> & \u2028 \u2029 ünï 日本 \xff\xfe",
		map[string]any{"z": 1, "a": []any{"b", 2.5}},
	}
	for _, v := range values {
		got, err := appendJSON(nil, v)
		if err != nil {
			t.Fatal(err)
		}
		if want := stdJSON(t, v); string(got) != want {
			t.Errorf("appendJSON(%#v)\n got %s\nwant %s", v, got, want)
		}
	}
}
