package jsontree

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi/datamodel"
)

// reference is libopenapi's tree for data, the one Parse must reproduce.
func reference(t testing.TB, data []byte) *yaml.Node {
	t.Helper()
	cfg := &datamodel.DocumentConfiguration{BypassDocumentCheck: true, SkipJSONConversion: true}
	info, err := datamodel.ExtractSpecInfoWithConfig(data, cfg)
	if err != nil || info.RootNode == nil {
		return nil
	}
	return info.RootNode
}

// diff names the first place where two trees differ, or "".
func diff(path string, a, b *yaml.Node) string {
	if a == nil || b == nil {
		if a != b {
			return path + ": one tree lacks the node"
		}
		return ""
	}
	if a.Kind != b.Kind || a.Style != b.Style || a.Tag != b.Tag || a.Value != b.Value ||
		a.Line != b.Line || a.Column != b.Column || a.Anchor != b.Anchor || a.Alias != nil || b.Alias != nil ||
		a.HeadComment != b.HeadComment || a.LineComment != b.LineComment || a.FootComment != b.FootComment ||
		len(a.Content) != len(b.Content) {
		return fmt.Sprintf("%s: got %d/%d/%q/%q at %d:%d with %d children, libopenapi %d/%d/%q/%q at %d:%d with %d",
			path, a.Kind, a.Style, a.Tag, a.Value, a.Line, a.Column, len(a.Content),
			b.Kind, b.Style, b.Tag, b.Value, b.Line, b.Column, len(b.Content))
	}
	for i := range a.Content {
		if d := diff(fmt.Sprintf("%s/%d", path, i), a.Content[i], b.Content[i]); d != "" {
			return d
		}
	}
	return ""
}

// check parses data with no, one and several workers: each tree must equal
// libopenapi's, and Parse must accept only valid JSON.
func check(t *testing.T, data []byte) (accepted bool) {
	t.Helper()
	var want *yaml.Node
	for _, workers := range []int{0, 1, 3} {
		got, ok := Parse(data, workers)
		if workers > 0 && ok != accepted {
			t.Fatalf("%d workers: accepted %v, with none %v", workers, ok, accepted)
		}
		accepted = ok
		if !ok {
			continue
		}
		if !json.Valid(data) {
			t.Fatalf("accepted invalid JSON %q", data)
		}
		if want == nil {
			want = reference(t, data)
		}
		if d := diff("", got, want); d != "" {
			t.Fatalf("%d workers: %s", workers, d)
		}
	}
	return accepted
}

func TestParseMatchesLibopenapi(t *testing.T) {
	deep := `{"a": {"b": {"c": {"d": [1, {"e": "é"}], "f": {}}, "g": [], "h": [[1], {"x": null}]}}}`
	cases := map[string]string{
		"scalars":      `{"s": "x", "t": true, "f": false, "n": null, "i": -12, "z": -0, "zf": -0.0, "f1": 1.5e3, "big": 18446744073709551615, "huge": 1e400, "neg": -9223372036854775809}`,
		"escapes":      `{"e": "a\"b\\c\n\t\r\b\f \u00e9 \u0041", "k\u0041": 1}`,
		"deep":         deep,
		"deep pretty":  prettyJSON(t, deep),
		"crlf":         strings.ReplaceAll(prettyJSON(t, deep), "\n", "\r\n"),
		"tabs inside":  "{\n\t\"a\": {\t\"b\": {\"c\": {\"d\":\t1}}}\n}",
		"wide before":  `{"ü": {"ä": {"ö": {"x": "日本"}, "y": {"z": 1}}}}`,
		"wide pretty":  prettyJSON(t, `{"ü": {"ä": {"ö": {"x": "日本", "w": {"v": "ß"}}, "y": {"z": 1}}}}`),
		"empty":        `{}`,
		"space around": " \n {\"a\": 1} \n",
		"spec":         `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"get": {"responses": {"200": {"description": "ok"}}}}}}`,
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			if !check(t, []byte(data)) {
				t.Fatalf("declined %q", data)
			}
		})
	}
}

// TestParseDeclines covers what Parse must leave to libopenapi's reader:
// invalid JSON, JSON yaml reads differently, and the escapes libopenapi
// rewrites first. A decline deep in a worker's piece declines the whole.
func TestParseDeclines(t *testing.T) {
	for name, data := range map[string]string{
		"not an object":       `[1]`,
		"trailing comma":      `{"a": {"b": {"c": {"d": 1,}}}}`,
		"slash escape":        `{"a": {"b": {"c": {"d": "a\/b"}}}}`,
		"surrogate pair":      `{"a": {"b": {"c": {"d": "\ud83d\ude00"}}}}`,
		"colon on next line":  "{\"a\": {\"b\": {\"c\": {\"d\"\n: 1}}}}",
		"tab outside":         "\t{\"a\": 1}",
		"lone CR":             "{\"a\":\r1}",
		"control in string":   "{\"a\": {\"b\": {\"c\": {\"d\": \"\x01\"}}}}",
		"bad UTF-8":           "{\"a\": {\"b\": {\"c\": {\"d\": \"\xff\"}}}}",
		"leading zero":        `{"a": {"b": {"c": {"d": 01}}}}`,
		"unclosed piece":      `{"a": {"b": {"c": {"d": "x}}}}`,
		"text after":          `{"a": 1} x`,
		"two values in piece": `{"a": {"b": {"c": {"d": 1} {}}}}`,
	} {
		t.Run(name, func(t *testing.T) {
			if check(t, []byte(data)) {
				t.Fatalf("accepted %q", data)
			}
		})
	}
}

// TestParseRealSpecs compares the trees of the cached real specs: GitHub's
// and every JSON example of @readme/oas-examples.
func TestParseRealSpecs(t *testing.T) {
	cache := filepath.Join("..", "..", "..", ".cache", "specs")
	specs, _ := filepath.Glob(filepath.Join(cache, "oas-examples", "*", "json", "*.json"))
	specs = append(specs, filepath.Join(cache, "octokit-openapi", "generated", "api.github.com.json"))
	found := 0
	for _, spec := range specs {
		data, err := os.ReadFile(spec)
		if err != nil {
			continue
		}
		found++
		t.Run(filepath.Base(spec), func(t *testing.T) {
			got, ok := Parse(data, 2)
			want := reference(t, data)
			if !ok {
				if json.Valid(data) && !strings.Contains(string(data), `\/`) && !strings.Contains(string(data), `\u`) {
					t.Fatalf("declined a plain JSON spec")
				}
				return
			}
			if d := diff("", got, want); d != "" {
				t.Fatal(d)
			}
		})
	}
	if found < 2 {
		t.Skip("the spec cache is not filled; run scripts/fetch-specs.sh")
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"a": {"b": {"c": {"d": [1, "x\u00e9"]}}}}`))
	f.Add([]byte("{\n  \"ü\": {\"b\": {\"c\": {\"d\": 1}, \"e\": [true]}}\n}"))
	f.Add([]byte(`{"openapi": "3.1.0", "paths": {"/a": {"get": {}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		check(t, data)
	})
}

func prettyJSON(t *testing.T, s string) string {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestWorkerPanicDeclines: a panic in a worker declines the document, and
// the workers still drain every batch, so wait returns.
func TestWorkerPanicDeclines(t *testing.T) {
	data := []byte(`{"a": 1}`)
	sp := newSplitter(data, 2)
	for range 10 { // more batches than the channel holds
		sp.pieces <- []piece{{start: 0, end: len(data), line: 1, col: 1}} // into nil: the write panics
	}
	if sp.wait() {
		t.Fatal("a worker panicked and the document was not declined")
	}
}
