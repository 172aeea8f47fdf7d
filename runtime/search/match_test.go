package search

import (
	"math/rand/v2"
	"testing"
)

// TestGlobAgrees: the compiled glob answers as globMatch on patterns with
// and without ?, anchored or not, over keys of a small alphabet (so parts
// repeat and overlap).
func TestGlobAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func(alphabet string, n int) string {
		b := make([]byte, rng.IntN(n+1))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	fixed := []struct {
		pattern, key string
		want         bool
	}{
		{"*hooks*", "/repos/{}/hooks/{}", true},
		{"*/hooks", "/repos/{}/hooks", true},
		{"*/hooks", "/repos/{}/hooks/{}", false},
		{"/repos/*", "/repos/{}/hooks", true},
		{"/repos/*/hooks", "/repos/{}/hooks", true},
		{"/repos", "/repos", true},
		{"/repos", "/repos/x", false},
		{"a*a", "a", false},
		{"a*a", "aa", true},
		{"*ab*ab", "abab", true},
		{"*ab*ab", "aba", false},
		{"", "", true},
		{"", "x", false},
		{"**", "", true},
		{"/u?ers", "/users", true},
	}
	for _, c := range fixed {
		if got := newGlob(c.pattern).match([]byte(c.key)); got != c.want {
			t.Errorf("glob %q on %q = %v; want %v", c.pattern, c.key, got, c.want)
		}
	}
	for range 20000 {
		p, k := word("ab*?", 6), word("ab", 8)
		if got, want := newGlob(p).match([]byte(k)), globMatch(p, []byte(k)); got != want {
			t.Fatalf("glob %q on %q = %v; globMatch says %v", p, k, got, want)
		}
	}
}
