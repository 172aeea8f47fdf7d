package search

import "testing"

func TestMethodHints(t *testing.T) {
	m := methodHints{hints: map[string]bool{"DELETE": true}}
	for range 2 { // the second round answers from what the first remembered
		for method, want := range map[string]bool{"DELETE": true, "delete": true, "GET": false, "": false} {
			if got := m.hinted(method); got != want {
				t.Errorf("hinted(%q) = %v, want %v", method, got, want)
			}
		}
	}
	for i := range 2 * maxMethodHints {
		m.hinted(string(rune('a' + i)))
	}
	if len(m.seen) > maxMethodHints {
		t.Errorf("remembers %d methods, want at most %d", len(m.seen), maxMethodHints)
	}
}
