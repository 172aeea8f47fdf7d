package search

import (
	"context"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// hooksCatalog has webhooks, labels and words one or two edits from them
// ("ebook" is two from "webhok", "table" stems to "tabl", one from "labl").
func hooksCatalog() *catalog.Catalog {
	eps := []catalog.Endpoint{
		/* 0 */ {Method: "GET", Path: "/repos/{owner}/{repo}/hooks", Summary: "List repository webhooks"},
		/* 1 */ {Method: "POST", Path: "/repos/{owner}/{repo}/hooks", Summary: "Create a repository webhook"},
		/* 2 */ {Method: "DELETE", Path: "/repos/{owner}/{repo}/hooks/{hook_id}", Summary: "Delete a repository webhook"},
		/* 3 */ {Method: "GET", Path: "/orgs/{org}/hooks", Summary: "List organization webhooks"},
		/* 4 */ {Method: "GET", Path: "/tokens/{token}", Summary: "Retrieve a token", Description: catalog.Text("A token to read an ebook.")},
		/* 5 */ {Method: "GET", Path: "/repos/{owner}/{repo}/labels", Summary: "List labels for a repository"},
		/* 6 */ {Method: "POST", Path: "/repos/{owner}/{repo}/labels", Summary: "Create a label"},
		/* 7 */ {Method: "POST", Path: "/repos/{owner}/{repo}/git/commits", Summary: "Create a commit",
			Description: catalog.Text("Creates a commit from a tree. The table below lists the signature fields.")},
		/* 8 */ {Method: "GET", Path: "/app/hook/config", Summary: "Get a webhook configuration for an app"},
	}
	for i := range eps {
		eps[i].ID = string(rune('a' + i))
	}
	return &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s"}},
		Collections: []catalog.Collection{{ID: "c"}},
		Tags:        []catalog.Tag{{ID: "t", Name: "repos"}},
		Endpoints:   eps,
	}
}

func searchSet(t *testing.T, s Searcher, q string) []int {
	t.Helper()
	res, err := s.Search(context.Background(), Query{Text: q, Limit: 50})
	if err != nil {
		t.Fatalf("Search(%q): %v", q, err)
	}
	var got []int
	for _, h := range res.Hits {
		got = append(got, h.Endpoint)
	}
	return got
}

// TestPathPatterns: a path value with a wildcard is a pattern of the whole
// path, whether it starts with "/" or "*", bare or quoted.
func TestPathPatterns(t *testing.T) {
	cat := hooksCatalog()
	s := Open(BuildIndex(CatalogDocs(cat)), cat)
	tests := []struct {
		query string
		want  []int
	}{
		{`path:"*hooks*"`, []int{0, 1, 2, 3}},
		{"+path:*hooks*", []int{0, 1, 2, 3}},
		{"path:*hooks*", []int{0, 1, 2, 3}},
		{"path:*/hooks", []int{0, 1, 3}},
		{"+path:*/hooks -method:GET", []int{1}},
		{"path:*hook*", []int{0, 1, 2, 3, 8}},
		{"+path:/repos/*/labels +method:POST", []int{6}},
		{"path:hook", []int{0, 1, 2, 3, 8}}, // a word of the path, stemmed
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			got := searchSet(t, s, tt.query)
			slices.Sort(got)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Search(%q) set mismatch (-want +got):\n%s", tt.query, diff)
			}
		})
	}
}

// TestFuzzyKeepsToTypos: a fuzzy term finds the word it misspells, not
// words that are merely as many edits away.
func TestFuzzyKeepsToTypos(t *testing.T) {
	cat := hooksCatalog()
	s := Open(BuildIndex(CatalogDocs(cat)), cat)
	t.Run("webhoks~2 finds webhooks only", func(t *testing.T) {
		got := searchSet(t, s, "webhoks~2")
		slices.Sort(got)
		if diff := cmp.Diff([]int{0, 1, 2, 3, 8}, got); diff != "" {
			t.Errorf("set mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("labl~ ranks labels above a commit", func(t *testing.T) {
		got := searchSet(t, s, "labl~")
		if len(got) < 2 || !slices.Contains([]int{5, 6}, got[0]) || !slices.Contains([]int{5, 6}, got[1]) {
			t.Errorf("Search(labl~) = %v, want the label endpoints 5 and 6 first", got)
		}
	})
	t.Run("a short word takes no edit", func(t *testing.T) {
		if got := searchSet(t, s, "ap~2"); len(got) != 0 {
			t.Errorf("Search(ap~2) = %v, want nothing (app is not searched for two letters)", got)
		}
	})
}

func TestMaxEditsFor(t *testing.T) {
	for n, want := range map[int]int{1: 0, 2: 0, 3: 1, 5: 1, 6: 2, 12: 2} {
		if got := maxEditsFor(n); got != want {
			t.Errorf("maxEditsFor(%d) = %d, want %d", n, got, want)
		}
	}
}
