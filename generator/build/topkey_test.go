package build

import "testing"

// TestHasTopKey checks the byte scan against what a JSON reader sees:
// only keys of the top object count, whatever strings or nesting hold.
func TestHasTopKey(t *testing.T) {
	cases := []struct {
		json string
		want bool
	}{
		{`{"description":"x"}`, true},
		{`{"type":"string", "description" : "x"}`, true},
		{`{"type":"description"}`, false},
		{`{"properties":{"description":{"type":"string"}}}`, false},
		{`{"enum":["description"],"a":[{"description":1}]}`, false},
		{`{"a":"say \"description\":","b":1}`, false},
		{`{"a\"":{"x":"}"},"description":1}`, true},
		{`{"descr\u0069ption":1}`, true},
		{`{}`, false},
		{`{"description"`, false},
		{`{"a":"unclosed`, false},
	}
	for _, c := range cases {
		if got := hasTopKey([]byte(c.json), "description"); got != c.want {
			t.Errorf("hasTopKey(%s) = %v, want %v", c.json, got, c.want)
		}
	}
}
