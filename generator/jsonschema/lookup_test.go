package jsonschema

import (
	"testing"

	"github.com/pb33f/go-yaml"
)

// TestLookup: a JSON pointer step finds a mapping's own key first, then one
// merged in through a merge key, and nothing else.
func TestLookup(t *testing.T) {
	var doc yaml.Node
	src := "base: &base {a: merged, b: merged}\nm:\n  <<: *base\n  a: own\n  c: own\n"
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	m := walkPointer(&doc, []string{"m"})
	for key, want := range map[string]string{"a": "own", "b": "merged", "c": "own", "d": ""} {
		got := ""
		if v := lookup(m, key); v != nil {
			got = v.Value
		}
		if got != want {
			t.Errorf("lookup(%q) = %q, want %q", key, got, want)
		}
	}
	if lookup(nil, "a") != nil || lookup(walkPointer(&doc, []string{"m", "a"}), "a") != nil {
		t.Error("lookup in a nil or scalar node found something")
	}
}
