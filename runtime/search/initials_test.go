package search

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// analyzerTexts are texts with the words an API's have: the repository's
// README and its golden specs (identifiers, markdown, code, numbers,
// non-ASCII letters).
func analyzerTexts(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob("../../golden/testdata/*/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	paths = append(paths, "../../README.md")
	texts := []string{"getPetById HTTPServer oauth2 v1 Ünïcode-Wörter über straße ÉLAN naïve dying skies yes Yelp"}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	if len(texts) < 5 {
		t.Fatalf("only %d texts", len(texts))
	}
	return texts
}

// TestStemKeepsFirstLetter: every term begins with the first byte of its
// word lowercased, which termsBeginning relies on.
func TestStemKeepsFirstLetter(t *testing.T) {
	n := 0
	for _, text := range analyzerTexts(t) {
		for _, w := range words(text) {
			for _, p := range append(appendParts(nil, w), w) {
				lower := strings.ToLower(p)
				if term, ok := normalize(p, false); ok {
					n++
					if term[0] != lower[0] {
						t.Errorf("%q stems to %q: another first byte", p, term)
					}
				}
			}
		}
	}
	if n < 10000 {
		t.Errorf("only %d words checked", n)
	}
}

// TestTermsBeginning: termsBeginning gives exactly the terms of Analyze
// that begin with the initials asked for, whatever they are.
func TestTermsBeginning(t *testing.T) {
	var all [256]bool
	for i := range all {
		all[i] = true
	}
	sets := []*[256]bool{&all, initialsOf([]string{"p", "get", "id"}), initialsOf([]string{"ü", "s", "x"}), initialsOf(nil)}
	for _, text := range analyzerTexts(t) {
		whole := map[string]bool{}
		for _, term := range Analyze(text) {
			whole[term] = true
		}
		for k, in := range sets {
			want := maps.Clone(whole)
			maps.DeleteFunc(want, func(term string, _ bool) bool { return !in[term[0]] })
			if got := termsBeginning(text, in); !maps.Equal(got, want) {
				t.Errorf("initials set %d, text of %d bytes: %d terms, want %d", k, len(text), len(got), len(want))
			}
		}
	}
}
