package search

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// ep is an endpoint of the routing tests' catalogs.
func ep(method, path, summary string) catalog.Endpoint {
	return catalog.Endpoint{ID: method + path, Method: method, Path: path, Summary: summary}
}

// routeCatalog has paths a router must tell apart: a literal segment where
// a sibling has a parameter, a parameter inside a segment, and a rival
// whose description holds a query's other words.
func routeCatalog() *catalog.Catalog {
	rival := ep("GET", "/errors/404", "What a 404 error means")
	rival.Description = catalog.Text("A 404 here means the service is down; what it means for users is explained below.")
	return &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s", Domain: "tracker"}},
		Collections: []catalog.Collection{{ID: "c", Title: "Tracker"}},
		Tags:        []catalog.Tag{{ID: "t0", Name: "issues"}},
		Endpoints: []catalog.Endpoint{
			/* 0 */ ep("GET", "/repos/{owner}/{repo}/issues", "List repository issues"),
			/* 1 */ ep("POST", "/repos/{owner}/{repo}/issues", "Create an issue"),
			/* 2 */ ep("GET", "/repos/{owner}/{repo}/issues/{issue_number}", "Get an issue"),
			/* 3 */ ep("PATCH", "/repos/{owner}/{repo}/issues/{issue_number}", "Update an issue"),
			/* 4 */ ep("GET", "/repos/{owner}/{repo}/issues/comments", "List issue comments for a repository"),
			/* 5 */ ep("GET", "/repos/{owner}/{repo}/issues/comments/{comment_id}", "Get an issue comment"),
			/* 6 */ ep("DELETE", "/repos/{owner}/{repo}/issues/comments/{comment_id}", "Delete an issue comment"),
			/* 7 */ ep("GET", "/files/{name}.json", "Download a file as JSON"),
			/* 8 */ ep("GET", "/users/{username}", "Get a user"),
			/* 9 */ rival,
			/* 10 */ ep("GET", "/"+strings.Repeat("a", maxRouteSegment)+"{id}", "Get a long one"),
		},
	}
}

// TestRequestPathsFindTheirOperations: a request's concrete path or URL,
// as a model meets it in a response or an error, finds the operations
// that serve it, as the API's router would pick them.
func TestRequestPathsFindTheirOperations(t *testing.T) {
	cat := routeCatalog()
	s := Open(BuildIndex(CatalogDocs(cat)), cat)
	tests := []firstHits{
		{"/repos/octo/hello/issues", []int{0, 1}, 2},
		{"/repos/octo/hello/issues/42", []int{2, 3}, 2},
		// The literal segment beats its sibling's parameter.
		{"/repos/octo/hello/issues/comments", []int{4}, 3},
		{"https://api.example.com/repos/octo/hello/issues/7?state=open#top", []int{2, 3}, 2},
		// A base path the catalog does not give, before the API's own paths.
		{"https://api.example.com/api/v3/repos/octo/hello/issues", []int{0, 1}, 2},
		{"/repos/{o}/{r}/issues/{n}", []int{2, 3}, 2},
		{"/FILES/Report.json", []int{7}, 1},
		// The query's other words rank among the named operations.
		{"delete https://api.example.com/repos/o/r/issues/comments/5", []int{6}, 0},
		{"GET /repos/octo/hello/issues", []int{0}, 0},
		// As a path: field's value, a request filters to its operations.
		{"+path:/repos/octo/hello/issues/42", []int{2, 3}, 2},
		{"+path:/repos/octo/hello/issues/comments -method:GET", []int{3}, 1},
		// A path the query gives outranks what its other words match;
		// in prose it is a mention that ranks with them.
		{"what does a 404 on /users/alice mean", []int{8}, 0},
		{"what a 404 error means when the service is down, as /users/alice answered", []int{9}, 0},
	}
	checkFirstHits(t, s, tests)
}

// TestRequestPathsAfterTheServerURL: a URL's path is read after the server
// URL's base path where it starts with it, however its own segments might
// match otherwise, and its query string counts where a template writes
// one, as some specs do ("/buckets/{bucket}#acl" for "?acl").
func TestRequestPathsAfterTheServerURL(t *testing.T) {
	cat := &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s", Domain: "elements", BaseURL: "https://api.example.com/elements/api-v2/"}},
		Collections: []catalog.Collection{{ID: "c", Title: "Elements"}},
		Tags:        []catalog.Tag{{ID: "t0", Name: "objects"}},
		Endpoints: []catalog.Endpoint{
			/* 0 */ ep("GET", "/{object}/{id}/{child}/{childId}", "Get a child object"),
			/* 1 */ ep("GET", "/{object}/{id}", "Get an object"),
			/* 2 */ ep("GET", "/", "The API's root"),
			/* 3 */ ep("GET", "/buckets/{bucket}", "List the objects in a bucket"),
			/* 4 */ ep("GET", "/buckets/{bucket}#acl", "Get a bucket's access control list"),
			/* 5 */ ep("DELETE", "/parts/{id}", "Delete a part"),
			/* 6 */ ep("GET", "/parts/{id}", "Get a part"),
		},
	}
	checkFirstHits(t, Open(BuildIndex(CatalogDocs(cat)), cat), []firstHits{
		// Not four segments for /{object}/{id}/{child}/{childId}.
		{"https://api.example.com/elements/api-v2/widgets/7", []int{1}, 1},
		{"https://api.example.com/elements/api-v2/", []int{2}, 1},
		{"https://api.example.com", []int{2}, 1},
		{"https://api.example.com/elements/api-v2/buckets/b1?acl", []int{4}, 0},
		{"https://api.example.com/elements/api-v2/buckets/b1?versions=2", []int{3}, 0},
		// A request alone reads first, whatever the operations' order.
		{"https://api.example.com/elements/api-v2/parts/9", []int{6}, 0},
		// With no base path it is the API's own path.
		{"https://api.example.com/widgets/7/parts/9", []int{0}, 1},
	})
}

// firstHits is a query and the hits it should rank first.
type firstHits struct {
	query string
	first []int // the hits ranked first, in any order among them
	total int   // 0: not checked
}

// namedBy returns the endpoints among query's hits that a path or id in
// it names (Hit.Named); nil when none.
func namedBy(t *testing.T, s Searcher, query string) []int {
	t.Helper()
	res, err := s.Search(context.Background(), Query{Text: query, Limit: 10})
	if err != nil {
		t.Fatalf("Search(%q): %v", query, err)
	}
	var named []int
	for _, h := range res.Hits {
		if h.Named {
			named = append(named, h.Endpoint)
		}
	}
	return named
}

func checkFirstHits(t *testing.T, s Searcher, tests []firstHits) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res, err := s.Search(context.Background(), Query{Text: tt.query, Limit: 10})
			if err != nil {
				t.Fatalf("Search: %v", err)
			}
			if len(res.Hits) < len(tt.first) {
				t.Fatalf("hits %+v, want %v first", res.Hits, tt.first)
			}
			var got []int
			for _, h := range res.Hits[:len(tt.first)] {
				got = append(got, h.Endpoint)
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.first) {
				t.Errorf("first hits %v, want %v (all: %+v)", got, tt.first, res.Hits)
			}
			if tt.total != 0 && res.Total != tt.total {
				t.Errorf("Total = %d, want %d", res.Total, tt.total)
			}
		})
	}
}

// TestUnroutedPathsAreWords: a path no template matches is searched as its
// words, so it is never refused and still finds what it names.
func TestUnroutedPathsAreWords(t *testing.T) {
	cat := routeCatalog()
	s := Open(BuildIndex(CatalogDocs(cat)), cat)
	for _, q := range []string{
		"/files/.json",                        // a parameter takes at least one byte
		"/a/b/c/d/repos/octo/hello/issues",    // more base segments than maxRouteDrop
		"/issues/comments",                    // an API path's tail is no request path
		"/repos//hello/issues",                // an empty segment
		"https://api.example.com//repos/octo", // an empty first segment
		// A parameter after more literal bytes of the first segment than
		// maxRouteSegment prefixes are looked up for.
		"/" + strings.Repeat("a", maxRouteSegment) + "7",
	} {
		if named := namedBy(t, s, q); named != nil {
			t.Errorf("Search(%q) routed to endpoints %v", q, named)
		}
	}
	res, err := s.Search(context.Background(), Query{Text: "/issues/comments", Limit: 10, Explain: true})
	if err != nil || len(res.Hits) == 0 || res.Hits[0].Endpoint < 4 || res.Hits[0].Endpoint > 6 {
		t.Errorf("Search(/issues/comments) = %+v, %v; want its words to find an issue comments endpoint first", res.Hits, err)
	}
}

func TestSegmentMatch(t *testing.T) {
	tests := []struct {
		tmpl, seg string
		want      bool
	}{
		{"issues", "issues", true},
		{"issues", "issue", false},
		{"{id}", "7", true},
		{"{id}", "", false},
		{"{name}.json", "report.json", true},
		{"{name}.json", ".json", false},
		{"{name}.json", "report.xml", false},
		{"v{major}.{minor}", "v1.2", true},
		{"v{major}.{minor}", "v1.", false},
		{"{a}{b}", "x", false},
		{"{a}{b}", "xy", true},
		{"{a}-{b}-{c}", "1-2-3-4", true},
		{"{unclosed", "{unclosed", true},
	}
	for _, tt := range tests {
		if got := segmentMatch(tt.tmpl, tt.seg); got != tt.want {
			t.Errorf("segmentMatch(%q, %q) = %v, want %v", tt.tmpl, tt.seg, got, tt.want)
		}
	}
}

func TestRequestURLPath(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"https://api.example.com/v1/pets/7?x=1#top", "/v1/pets/7?x=1#top", true},
		{"HTTP://api.example.com/pets/", "/pets/", true},
		{"https://api.example.com", "/", true},
		{"https://api.example.com/?x=1", "/?x=1", true},
		{"ftp://example.com/pets", "", false},
		{"https:/pets", "", false},
		{"pets", "", false},
	}
	for _, tt := range tests {
		got, ok := requestURLPath(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("requestURLPath(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestNamedPathIsNoWeakAnswer: an answer whose first hit is the operation
// the query's path names is not called weak, whatever the query's other
// words.
func TestNamedPathIsNoWeakAnswer(t *testing.T) {
	cat := routeCatalog()
	e := Open(BuildIndex(CatalogDocs(cat)), cat).(*engine)
	for _, q := range []string{"what does a 404 on /users/alice mean", "https://api.example.com/repos/o/r/issues/7 fails"} {
		res, err := e.Search(context.Background(), Query{Text: q, Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		if weak, related := e.Advise(q, res.Hits); weak {
			t.Errorf("Advise(%q) = weak, offering %v; want the named operation taken as the answer", q, related)
		}
	}
}
