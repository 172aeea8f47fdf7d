package search

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// openTest returns a searcher over the compiled index of testCatalog.
func openTest(t testing.TB) Searcher {
	t.Helper()
	cat := testCatalog()
	s := Open(BuildIndex(CatalogDocs(cat)), cat)
	if _, ok := s.(*engine); !ok || s.(*engine).r == nil {
		t.Fatal("Open did not take the compiled index")
	}
	return s
}

// TestSyntax covers every row of the search tool's query syntax table,
// and then some. Each case names the endpoints of testCatalog a reader
// can see the query match (the set, and so the total) and, where the
// query's meaning settles it, the endpoint that must rank first; no case
// pins the order of the others, which is the ranking's business.
func TestSyntax(t *testing.T) {
	s := openTest(t)
	const noTop = -1 // no claim on the first hit
	tests := []struct {
		name  string
		query string
		want  []int // every endpoint that matches, sorted
		top   int   // the endpoint that must come first, or noTop
	}{
		// Rows of the seed's table.
		{"plain term", "pet", []int{0, 1, 2, 3, 4, 5}, noTop},           // "pet" in summary, path, operationId or tag
		{"method filter", "method:GET", []int{0, 2, 4, 6, 7, 9}, noTop}, // the GET endpoints
		{"method is case-insensitive", "method:get", []int{0, 2, 4, 6, 7, 9}, noTop},
		{"tag filter", "tag:pets", []int{0, 1, 2, 3}, noTop},
		{"exact path", `path:"/api/v1/users"`, []int{6}, 6},
		{"both must match", "+method:POST +tag:pets", []int{1}, 1},
		{"must not", "-method:DELETE", []int{0, 1, 2, 4, 5, 6, 7, 9}, noTop}, // all but the two DELETEs
		{"fuzzy", "creat~", []int{1}, 1},
		{"fuzzy tolerates a typo", "delte~", []int{3, 8}, noTop},                     // the two deletes
		{"wildcard path", "path:/api/v1/*", []int{0, 1, 2, 3, 4, 5, 6, 7, 8}, noTop}, // all but /health
		{"wildcard path in the middle", "path:/api/v1/pets/*", []int{2, 3}, noTop},
		{"regex", "/inv.*/", []int{4}, 4},
		{"boost favours its term", "user^5 pet", []int{0, 1, 2, 3, 4, 5, 6, 7, 8}, noTop}, // first: a user endpoint (below)
		// More of the language.
		{"phrase", `"find pet"`, []int{2}, 2},
		{"phrase in one field only", `+"pet user"`, nil, noTop}, // required, so never loosened (TestLoosenedPhrases)
		{"summary field", "summary:inventories", []int{4}, 4},
		{"field phrase", `summary:"user name"`, []int{7}, 7},
		{"tag keyword with spaces", `tag:"health checks"`, []int{9}, 9},
		{"tag falls back to words", "tag:health", []int{9}, 9},
		{"tag wildcard", "tag:us*", []int{6, 7, 8}, noTop},
		{"description words, markup stripped", "description:new", []int{1}, 1},
		{"link targets not indexed", "example", nil, noTop},
		{"operationId split", "operationId:inventory", []int{4}, 4},
		{"operationId whole", "getPetById", []int{0, 1, 2, 3, 4, 5, 7}, 2}, // its words get, pet, by, id; the exact one first
		{"param name", "param:username", []int{7}, 7},
		{"_all field", "_all:health", []int{9}, 9},
		{"must word with should", "+pet delete", []int{3}, 3}, // a required word narrows the optional one's matches
		{"a filter narrows the words' matches", "+method:DELETE user", []int{8}, 8},
		{"optional field terms with a filter", "+method:GET tag:store tag:users", []int{4, 6, 7}, noTop}, // GETs of either tag
		{"must not word (store is in a description)", "pet -store -inventory", []int{0, 2, 3}, noTop},
		{"wildcard word", "inv*", []int{4}, 4},
		{"question mark wildcard", "us?r", []int{6, 7, 8}, noTop},
		{"trailing question mark is punctuation", "which users?", []int{6, 7, 8}, noTop},
		{"typo tolerated without ~", "inventry", []int{4}, 4},
		{"synonym", "remove pet", []int{0, 1, 2, 3, 4, 5, 8}, 3}, // remove → delete; only "Delete a pet" has both
		{"a bare path names its operations", "/api/v1/users", []int{6}, 6},
		{"a request path finds its template", "/api/v1/users/alice", []int{7, 8}, 7},
		{"regex on method", "method:/P.*/", []int{1, 5}, noTop}, // the POSTs
		{"no match", "weather forecast", nil, noTop},
		{"must identifier matches its parts in order", "+getPetById", []int{2}, 2},
		{"must param identifier", "+param:petId", []int{2, 3}, noTop},
		{"field identifier is a phrase", "operationId:getPetById", []int{2}, 2},
		{"field value with punctuation is a phrase", "summary:user-name", []int{7}, 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := search(t, s, tt.query)
			if diff := cmp.Diff(tt.want, hitSet(res)); diff != "" {
				t.Errorf("matches (-want +got):\n%s", diff)
			}
			if res.Total != len(tt.want) {
				t.Errorf("Total = %d, want %d", res.Total, len(tt.want))
			}
			if tt.top != noTop && (len(res.Hits) == 0 || res.Hits[0].Endpoint != tt.top) {
				t.Errorf("first hit %+v, want endpoint %d", res.Hits, tt.top)
			}
			checkRanked(t, res)
		})
	}
}

// TestBoostFavoursItsTerm checks what a boost means whatever the ranking:
// the boosted word's endpoints come first.
func TestBoostFavoursItsTerm(t *testing.T) {
	s := openTest(t)
	users, pets := []int{6, 7, 8}, []int{0, 1, 2, 3, 4, 5}
	for _, tt := range []struct {
		query string
		first []int
	}{{"user^5 pet", users}, {"pet^5 user", pets}} {
		res := search(t, s, tt.query)
		for i, h := range res.Hits[:len(tt.first)] {
			if !slices.Contains(tt.first, h.Endpoint) {
				t.Errorf("%q: hit %d is endpoint %d, want the boosted word's %v first", tt.query, i, h.Endpoint, tt.first)
			}
		}
	}
}

// TestEscapedColon checks that `pets\:list` is words, not the field
// "pets" (which would be an error), and finds listPets first.
func TestEscapedColon(t *testing.T) {
	res := search(t, openTest(t), `pets\:list`)
	if len(res.Hits) == 0 || res.Hits[0].Endpoint != 0 {
		t.Errorf("hits %+v, want listPets (0) first", res.Hits)
	}
}

// search runs query with the largest limit.
func search(t *testing.T, s Searcher, query string) Result {
	t.Helper()
	res, err := s.Search(context.Background(), Query{Text: query, Limit: 50})
	if err != nil {
		t.Fatalf("Search(%q): %v", query, err)
	}
	return res
}

// hitSet is the sorted endpoints of res's hits; nil when none.
func hitSet(res Result) []int {
	var set []int
	for _, h := range res.Hits {
		set = append(set, h.Endpoint)
	}
	slices.Sort(set)
	return set
}

// checkRanked checks that hits come by falling score, ties by endpoint.
func checkRanked(t *testing.T, res Result) {
	t.Helper()
	for i := 1; i < len(res.Hits); i++ {
		a, b := res.Hits[i-1], res.Hits[i]
		if a.Score < b.Score || (a.Score == b.Score && a.Endpoint > b.Endpoint) {
			t.Errorf("hits %d and %d out of order: %+v, %+v", i-1, i, a, b)
		}
	}
}

func TestLimitAndTotal(t *testing.T) {
	s := openTest(t)
	res, err := s.Search(context.Background(), Query{Text: "pet", Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) != 2 || res.Total != 6 {
		t.Errorf("got %d hits of %d, want 2 of 6", len(res.Hits), res.Total)
	}
}

func TestExplain(t *testing.T) {
	s := openTest(t)
	res, err := s.Search(context.Background(), Query{Text: "remove pet", Limit: 1, Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	// The first hit is "Delete a pet" (DELETE /api/v1/pets/{petId},
	// deletePet, tag pets: "Everything about your pets"). Each clause must
	// say how it matched and in which fields, each of which a reader can
	// see holds the word; the indexed form of "delete" is the stemmer's
	// business, so only its being a prefix of the word is checked.
	why := res.Hits[0].Why
	if len(why) != 2 {
		t.Fatalf("explanation %+v, want one contribution per clause", why)
	}
	remove, pet := why[0], why[1]
	if remove.Clause != "remove" || remove.Via != "synonym" || remove.Term == "" || !strings.HasPrefix("delete", remove.Term) {
		t.Errorf("remove: %+v, want a synonym match on a form of delete", remove)
	}
	if diff := cmp.Diff([]string{"summary", "operationId"}, remove.Fields); diff != "" {
		t.Errorf("remove: fields (-want +got):\n%s", diff)
	}
	if pet.Clause != "pet" || pet.Via != "exact" || pet.Score <= 0 || remove.Score <= 0 {
		t.Errorf("pet: %+v, want an exact match; scores %v and %v positive", pet, remove.Score, pet.Score)
	}
	if diff := cmp.Diff([]string{"summary", "path", "operationId", "tag", "param", "tagDescription"}, pet.Fields); diff != "" {
		t.Errorf("pet: fields (-want +got):\n%s", diff)
	}
}

func TestCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := openTest(t).Search(ctx, Query{Text: "pet"}); err != context.Canceled {
		t.Errorf("error = %v, want context.Canceled", err)
	}
}

func TestOpenFallsBack(t *testing.T) {
	cat := testCatalog()
	tests := []struct {
		name string
		idx  catalog.Index
	}{
		{"no index", catalog.Index{}},
		{"other format", catalog.Index{Format: 99, Docs: len(cat.Endpoints)}},
		{"other size", func() catalog.Index { ix := BuildIndex(CatalogDocs(cat)); ix.Docs--; return ix }()},
		{"bad meta", func() catalog.Index { ix := BuildIndex(CatalogDocs(cat)); ix.Meta = "\x00"; return ix }()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Open(tt.idx, cat).Search(context.Background(), Query{Text: "inventory", Limit: 5})
			if err != nil || len(res.Hits) != 1 || res.Hits[0].Endpoint != 4 {
				t.Errorf("Search = %+v, %v; want endpoint 4", res, err)
			}
		})
	}
}

func TestBadTagIndex(t *testing.T) {
	cat := testCatalog()
	cat.Endpoints[0].Tag = 99
	res, err := New(cat).Search(context.Background(), Query{Text: "list all"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].Endpoint != 0 {
		t.Errorf("hits = %+v, want endpoint 0 first", res.Hits)
	}
}
