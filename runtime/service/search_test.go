package service

import (
	"context"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/config"
	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// filteredService is a service over cat with the run-time filter rules.
func filteredService(t *testing.T, cat *catalog.Catalog, rules filter.Rules) *Service {
	t.Helper()
	cfg := config.Default()
	cfg.Workspace = t.TempDir()
	cfg.Filter = rules
	svc, err := New(Options{Catalog: cat, Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// TestSearchNoteCountsVisible: the narrower query a cut answer's note
// suggests is counted over the endpoints the run-time filter leaves, so
// it really narrows what the caller sees.
func TestSearchNoteCountsVisible(t *testing.T) {
	cat := &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s", Domain: "pets", EnvPrefix: "X", Title: "Pets"}},
		Collections: []catalog.Collection{{ID: "c", Title: "Pets"}},
		Tags:        []catalog.Tag{{ID: "t", Name: "pet"}},
		Endpoints: []catalog.Endpoint{
			{ID: "00000000000000000000000000000001", Method: "GET", Path: "/pets", Summary: "List pets"},
			{ID: "00000000000000000000000000000002", Method: "POST", Path: "/pets", Summary: "Create a pet"},
			{ID: "00000000000000000000000000000003", Method: "GET", Path: "/pets/{id}", Summary: "Get a pet"},
			{ID: "00000000000000000000000000000004", Method: "DELETE", Path: "/pets/{id}", Summary: "Delete a pet"},
		},
	}
	svc := filteredService(t, cat, filter.Rules{ExcludePaths: []string{"/pets/{id}"}})
	res, err := svc.Search(context.Background(), SearchRequest{Query: "list pets", Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != 2 || len(res.Hits) != 1 || res.Hits[0] != 0 {
		t.Fatalf("Search = %+v; want GET /pets first of the 2 visible matches", res)
	}
	// Of all four, two are GETs: +method:GET would not narrow 2 matches.
	// Of the two visible, one is: it does.
	if want := `"list pets +method:GET" has 1 matches`; !strings.Contains(res.Note, want) {
		t.Errorf("note = %q; want it to contain %s", res.Note, want)
	}
	// A query in quotes that no endpoint has is searched as its words,
	// and the note says so.
	res, err = svc.Search(context.Background(), SearchRequest{Query: `"create a new pet for me"`, Limit: 1})
	if err != nil || len(res.Hits) != 1 || res.Hits[0] != 1 || !strings.Contains(res.Note, `No endpoint has the phrase "create a new pet for me"`) {
		t.Errorf("quoted query = %+v, %v; want POST /pets and a note that its words were searched", res, err)
	}
	// A description pasted as a query is searched by its first words,
	// and the note names the words left out.
	long := "create a pet" + strings.Repeat(" quickly", 40) + " finally"
	res, err = svc.Search(context.Background(), SearchRequest{Query: long, Limit: 1})
	if err != nil || len(res.Hits) != 1 || res.Hits[0] != 1 || !strings.Contains(res.Note, "left out: quickly") || !strings.Contains(res.Note, "finally") {
		t.Errorf("long query = %+v, %v; want POST /pets and a note naming the words left out", res, err)
	}
	// Prose the query language refuses is searched as its words, and the
	// note says why.
	prose := "Creates a pet. Related orders are NOT created, see the docs for details"
	res, err = svc.Search(context.Background(), SearchRequest{Query: prose, Limit: 1})
	if err != nil || len(res.Hits) != 1 || res.Hits[0] != 1 || !strings.Contains(res.Note, "could not read this query (NOT is not supported") {
		t.Errorf("prose = %+v, %v; want POST /pets and a note that its words were searched", res, err)
	}
}

// TestSearchNoteNamesVisibleResources: an answer that matched nothing
// lists the API's resources, but not those of hidden endpoints.
func TestSearchNoteNamesVisibleResources(t *testing.T) {
	cat := &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s", Domain: "shop", EnvPrefix: "X", Title: "Shop"}},
		Collections: []catalog.Collection{{ID: "c", Title: "Shop"}},
		Tags:        []catalog.Tag{{ID: "t0", Name: "shop"}, {ID: "t1", Name: "admin"}},
		Endpoints: []catalog.Endpoint{
			{ID: "00000000000000000000000000000001", Method: "GET", Path: "/orders", Summary: "List orders"},
			{ID: "00000000000000000000000000000002", Method: "GET", Path: "/customers", Summary: "List customers"},
			{ID: "00000000000000000000000000000003", Tag: 1, Method: "DELETE", Path: "/caches", Summary: "Clear the caches"},
		},
	}
	svc := filteredService(t, cat, filter.Rules{ExcludeTags: []string{"admin"}})
	res, err := svc.Search(context.Background(), SearchRequest{Query: "weather forecast", Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if want := "The API's resources include: customers, orders."; !strings.HasSuffix(res.Note, want) {
		t.Errorf("note = %q; want it to end with %q (not the hidden caches)", res.Note, want)
	}
}
