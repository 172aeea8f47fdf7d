package search

import (
	"context"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// TestNarrowedCountsAreSearches: every count a run gives for a note's
// narrower query (Result.Narrowed) is the total that query's own search
// finds, whatever the query holds: optional, required, excluded and aux
// words, filters, phrases that some endpoint has and phrases none has
// (loosened), a tag name that needs quotes, a "?" that ends the query
// (text there, a wildcard before the added clause).
func TestNarrowedCountsAreSearches(t *testing.T) {
	// "my" ranks the caller's own endpoints without matching anything:
	// with a filter, a query whose only match is such an endpoint matches
	// nothing and is loosened into its phrase's words.
	self := &catalog.Catalog{Tags: []catalog.Tag{{ID: "t", Name: "zoo"}}, Endpoints: []catalog.Endpoint{
		{ID: "e0", Method: "GET", Path: "/user", Summary: "Get the authenticated user"},
		{ID: "e4", Method: "PATCH", Path: "/user", Summary: "Update the authenticated user"},
		{ID: "e1", Method: "GET", Path: "/zebras", Summary: "List zebras"},
		{ID: "e2", Method: "GET", Path: "/stripes", Summary: "List stripes"},
		{ID: "e3", Method: "POST", Path: "/zebras", Summary: "Create a zebra"},
	}}
	for name, cat := range map[string]*catalog.Catalog{"filter": filterCatalog(400), "petstore": testCatalog(), "self": self} {
		s := Open(BuildIndex(CatalogDocs(cat)), cat)
		queries := []string{
			"widget", "delete the widget", "list my orders", "+order hook", "order -method:GET",
			"-method:GET", "+tag:tag2 order of a user", "+method:POST widget", `"the order" part`,
			`"no endpoint has this" widget`, "pet", "check", "list", "delete", "my pets", "+user -pet",
			"method:DELETE user", `"find pet" status`, "invoice~ part", "gadget^3 order", `"stripes zebras" my`,
			"which parts of a widget?", "can I list the users?",
		}
		counted := 0
		for _, q := range queries {
			for _, limit := range []int{1, 3} {
				res, err := s.Search(context.Background(), Query{Text: q, Limit: limit, Narrow: true})
				if err != nil {
					t.Fatalf("%s: Search(%q): %v", name, q, err)
				}
				if res.Total <= len(res.Hits) && res.Narrowed != nil {
					t.Errorf("%s: %q answered whole, yet counted narrowings %v", name, q, res.Narrowed)
				}
				for _, n := range res.Narrowed {
					narrow := q + " " + n.Clause
					got, err := s.Search(context.Background(), Query{Text: narrow})
					if err != nil {
						t.Fatalf("%s: Search(%q): %v", name, narrow, err)
					}
					if got.Total != n.Total {
						t.Errorf("%s: %q counted %d matches, its search finds %d", name, narrow, n.Total, got.Total)
					}
					counted++
				}
			}
		}
		if counted == 0 {
			t.Errorf("%s: no narrowing counted", name)
		}
	}
}

// TestNarrowQueryUsesCounts: a count the run gave is taken as it is, and a
// filter it lacks is searched for.
func TestNarrowQueryUsesCounts(t *testing.T) {
	cat := testCatalog()
	s := Open(BuildIndex(CatalogDocs(cat)), cat)
	ctx := context.Background()
	hits := []Hit{{Endpoint: 8}} // DELETE /api/v1/users/{username}, tag users
	// "user +method:DELETE" has 1 match; a made-up count of 2 must be
	// what NarrowQuery reports, since it does not search again.
	res := Result{Hits: hits, Total: 3, Narrowed: []Narrowing{{Clause: "+method:DELETE", Total: 2}}}
	if got, n := NarrowQuery(ctx, s, cat, "user", res); got != "user +method:DELETE" || n != 2 {
		t.Errorf("NarrowQuery with a count = %q, %d; want the count given, 2", got, n)
	}
	res.Narrowed = []Narrowing{{Clause: "+method:DELETE", Total: 3}, {Clause: "+tag:users", Total: 0}}
	if got, n := NarrowQuery(ctx, s, cat, "user", res); got != "" {
		t.Errorf("NarrowQuery with counts that do not narrow = %q, %d; want none", got, n)
	}
	res.Narrowed = nil
	if got, n := NarrowQuery(ctx, s, cat, "user", res); got != "user +method:DELETE" || n != 1 {
		t.Errorf("NarrowQuery without counts = %q, %d; want its search's 1", got, n)
	}
}
