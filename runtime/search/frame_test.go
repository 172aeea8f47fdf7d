package search

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// frameCatalog has a few endpoints that mention the API, an endpoint or a
// call (two of them beside a customer, so that a query's frame words,
// kept, would rank them first) among many that do not, and an
// API-management part whose resource is APIs when apis is set.
func frameCatalog(apis bool) *catalog.Catalog {
	eps := []catalog.Endpoint{
		/* 0 */ {ID: "a", Method: "POST", Path: "/customers", Summary: "Create a customer"},
		/* 1 */ {ID: "b", Method: "GET", Path: "/meta", Summary: "List the API's endpoints and their status"},
		/* 2 */ {ID: "c", Method: "DELETE", Path: "/customers/{id}", Summary: "Delete a customer"},
		/* 3 */ {ID: "d", Method: "POST", Path: "/api-keys", Summary: "Create an API key"},
		/* 4 */ {ID: "e", Method: "POST", Path: "/keys", Summary: "Create a signing key"},
		/* 5 */ {ID: "j", Method: "POST", Path: "/hooks", Summary: "Create an endpoint for customer events"},
		/* 6 */ {ID: "k", Method: "DELETE", Path: "/hooks/{id}", Summary: "Delete a customer call hook"},
	}
	for i := range 60 {
		eps = append(eps, catalog.Endpoint{ID: fmt.Sprint("f", i), Method: "GET", Path: fmt.Sprintf("/things%d", i), Summary: fmt.Sprintf("List things %d", i)})
	}
	if apis {
		eps = append(eps,
			catalog.Endpoint{ID: "g", Method: "GET", Path: "/apis", Summary: "List APIs"},
			catalog.Endpoint{ID: "h", Method: "GET", Path: "/apis/{id}", Summary: "Get an API"},
			catalog.Endpoint{ID: "i", Method: "DELETE", Path: "/apis/{id}", Summary: "Delete an API"})
	}
	return tagCatalog("misc", eps...)
}

func TestQueryFrames(t *testing.T) {
	dropped := func(cat *catalog.Catalog, q string) []string {
		t.Helper()
		r, ok := openReader(BuildIndex(CatalogDocs(cat)), cat)
		cs, err := parse(q)
		if !ok || err != nil {
			t.Fatalf("%q: reader %v, %v", q, ok, err)
		}
		var out []string
		for i := range readIntent(r, cs).consumed {
			out = append(out, cs[i].value)
		}
		sort.Strings(out)
		return out
	}
	for q, want := range map[string][]string{
		"endpoint to create a customer":            {"endpoint"},
		"the API for creating customers":           {"API"},
		"which API call deletes a customer":        {"API", "call"},
		"the API call that deletes a customer":     {"API", "call"},
		"delete a customer endpoint":               {"endpoint"},
		"create an API key":                        nil,
		"status of the API's endpoints":            {"endpoints"},
		"log a phone call":                         nil, // a call alone is no frame
		"which endpoint":                           nil, // the frame is the whole query
		"how do I delete a customer":               {"I", "do", "how"},
		"can you please create a customer, thanks": {"can", "please", "thanks", "you"},
		"show me my customers":                     nil,            // show is the action, me the caller
		"can you call a customer":                  {"can", "you"}, // a call after an opening is the call asked for
	} {
		if got := dropped(frameCatalog(false), q); !slices.Equal(got, want) {
			t.Errorf("%q: dropped %q, want %q", q, got, want)
		}
	}
	if got := dropped(frameCatalog(true), "which APIs are there"); got != nil {
		t.Errorf("which APIs are there: dropped %q from an API of APIs", got)
	}

	first := func(cat *catalog.Catalog, q string) int {
		t.Helper()
		res, err := Open(BuildIndex(CatalogDocs(cat)), cat).Search(context.Background(), Query{Text: q, Limit: 3})
		if err != nil || len(res.Hits) == 0 {
			t.Fatalf("Search(%q) = %+v, %v", q, res, err)
		}
		return res.Hits[0].Endpoint
	}
	for q, want := range map[string]int{
		"endpoint to create a customer":        0, // the frame's words say nothing about which endpoint
		"the API for creating customers":       0,
		"which API call deletes a customer":    2,
		"the API call that deletes a customer": 2,
		"delete a customer endpoint":           2,
		"create an API key":                    3, // not a frame: the API's words
		"status of the API's endpoints":        1,
	} {
		if got := first(frameCatalog(false), q); got != want {
			t.Errorf("Search(%q) first = %d, want %d", q, got, want)
		}
	}
	// An API whose resource is APIs keeps the word in any frame.
	if got := first(frameCatalog(true), "which APIs are there"); got != 67 {
		t.Errorf("Search(which APIs are there) first = %d, want 67 (GET /apis)", got)
	}
}
