package main

import (
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
)

func TestMisspell(t *testing.T) {
	for _, q := range []string{
		"list branches of a repository",
		"delete a webhook",
		"who starred this project",
		"fill up the tank",
		"all ll ee aa", // no word long enough
	} {
		got := misspell(q)
		if got != misspell(q) {
			t.Errorf("misspell(%q) differs between calls", q)
		}
		a, b := strings.Fields(q), strings.Fields(got)
		if len(a) != len(b) {
			t.Fatalf("misspell(%q) = %q: words added or lost", q, got)
		}
		changed := 0
		for i := range a {
			if a[i] == b[i] {
				continue
			}
			changed++
			if len(a[i]) < minTypoWord || a[i][0] != b[i][0] || !oneEdit(a[i], b[i]) {
				t.Errorf("misspell(%q) changed %q to %q: want one edit of a long word, first letter kept", q, a[i], b[i])
			}
		}
		long := false
		for _, w := range a {
			long = long || len(w) >= minTypoWord
		}
		if want := map[bool]int{true: 1, false: 0}[long]; changed != want {
			t.Errorf("misspell(%q) = %q: %d words changed, want %d", q, got, changed, want)
		}
	}
	set := &queryset.QuerySet{Queries: []queryset.Labelled{
		{Q: "list branches"},
		{Q: "+method:DELETE webhooks", Kind: []string{queryset.Syntax}},
	}}
	out := withTypos(set)
	if out.Queries[0].Q == "list branches" || out.Queries[1].Q != "+method:DELETE webhooks" || set.Queries[0].Q != "list branches" {
		t.Errorf("withTypos = %q, %q (input now %q): want the text query misspelt, the syntax one and the input untouched",
			out.Queries[0].Q, out.Queries[1].Q, set.Queries[0].Q)
	}
}

// oneEdit reports b as a with one letter dropped, doubled, or swapped
// with its neighbour.
func oneEdit(a, b string) bool {
	for i := range len(a) {
		if a[:i]+a[i+1:] == b || a[:i]+a[i:i+1]+a[i:] == b ||
			(i+1 < len(a) && a[:i]+a[i+1:i+2]+a[i:i+1]+a[i+2:] == b) {
			return true
		}
	}
	return false
}
