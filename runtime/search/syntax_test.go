package search

import (
	"context"
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
// and then some.
func TestSyntax(t *testing.T) {
	s := openTest(t)
	tests := []struct {
		name      string
		query     string
		wantOrder []int // the first hits; nil: check only wantSet
		wantSet   []int // sorted; nil: check only wantOrder
		wantTotal int
	}{
		// Rows of the seed's table.
		{"plain term", "pet", nil, []int{0, 1, 2, 3, 4, 5}, 6},
		{"method filter", "method:GET", []int{0, 2, 4, 6, 7, 9}, nil, 6},
		{"method is case-insensitive", "method:get", []int{0, 2, 4, 6, 7, 9}, nil, 6},
		{"tag filter", "tag:pets", []int{0, 1, 2, 3}, nil, 4},
		{"exact path", `path:"/api/v1/users"`, []int{6}, nil, 1},
		{"both must match", "+method:POST +tag:pets", []int{1}, nil, 1},
		{"must not", "-method:DELETE", []int{0, 1, 2, 4, 5, 6, 7, 9}, nil, 8},
		{"fuzzy", "creat~", []int{1}, nil, 1},
		{"fuzzy tolerates a typo", "delte~", []int{3, 8}, nil, 2},
		{"wildcard path", "path:/api/v1/*", nil, []int{0, 1, 2, 3, 4, 5, 6, 7, 8}, 9},
		{"wildcard path in the middle", "path:/api/v1/pets/*", []int{2, 3}, nil, 2},
		{"regex", "/inv.*/", []int{4}, nil, 1},
		{"boost changes the order", "user^5 pet", []int{7, 6, 8}, nil, 9},
		// More of the language.
		{"phrase", `"find pet"`, []int{2}, nil, 1},
		{"phrase in one field only", `"pet user"`, []int{}, nil, 0},
		{"summary field", "summary:inventories", []int{4}, nil, 1},
		{"field phrase", `summary:"user name"`, []int{7}, nil, 1},
		{"tag keyword with spaces", `tag:"health checks"`, []int{9}, nil, 1},
		{"tag falls back to words", "tag:health", []int{9}, nil, 1},
		{"tag wildcard", "tag:us*", []int{6, 7, 8}, nil, 3},
		{"description words, markup stripped", "description:new", []int{1}, nil, 1},
		{"link targets not indexed", "example", []int{}, nil, 0},
		{"operationId split", "operationId:inventory", []int{4}, nil, 1},
		{"operationId whole", "getPetById", []int{2}, nil, 7},
		{"param name", "param:username", []int{7}, nil, 1},
		{"_all field", "_all:health", []int{9}, nil, 1},
		{"must word with should", "+pet delete", []int{3}, nil, 1},
		{"a filter narrows the words' matches", "+method:DELETE user", []int{8}, nil, 1},
		{"optional field terms with a filter", "+method:GET tag:store tag:users", nil, []int{4, 6, 7}, 3},
		{"must not word (store is in a description)", "pet -store -inventory", nil, []int{0, 2, 3}, 3},
		{"wildcard word", "inv*", []int{4}, nil, 1},
		{"question mark wildcard", "us?r", nil, []int{6, 7, 8}, 3},
		{"trailing question mark is punctuation", "which users?", nil, []int{6, 7, 8}, 3},
		{"typo tolerated without ~", "inventry", []int{4}, nil, 1},
		{"synonym", "remove pet", []int{3, 8}, nil, 7},
		{"bare path scores the exact path first", "/api/v1/users", []int{6}, nil, 9},
		{"regex on method", "method:/P.*/", []int{1, 5}, nil, 2},
		{"escaped colon is a word", `pets\:list`, []int{0}, nil, 8},
		{"no match", "weather forecast", []int{}, nil, 0},
		{"must identifier matches its parts in order", "+getPetById", []int{2}, nil, 1},
		{"must param identifier", "+param:petId", nil, []int{2, 3}, 2},
		{"field identifier is a phrase", "operationId:getPetById", []int{2}, nil, 1},
		{"field value with punctuation is a phrase", "summary:user-name", []int{7}, nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := s.Search(context.Background(), Query{Text: tt.query, Limit: 50})
			if err != nil {
				t.Fatalf("Search(%q): %v", tt.query, err)
			}
			got := make([]int, len(res.Hits))
			for i, h := range res.Hits {
				got[i] = h.Endpoint
			}
			if tt.wantOrder != nil {
				if len(got) > len(tt.wantOrder) {
					got = got[:len(tt.wantOrder)]
				}
				if diff := cmp.Diff(tt.wantOrder, got); diff != "" {
					t.Errorf("order mismatch (-want +got):\n%s", diff)
				}
			}
			if tt.wantSet != nil {
				set := append([]int(nil), got...)
				sortInts(set)
				if diff := cmp.Diff(tt.wantSet, set); diff != "" {
					t.Errorf("set mismatch (-want +got):\n%s", diff)
				}
			}
			if res.Total != tt.wantTotal {
				t.Errorf("Total = %d, want %d", res.Total, tt.wantTotal)
			}
			for i := 1; i < len(res.Hits); i++ {
				a, b := res.Hits[i-1], res.Hits[i]
				if a.Score < b.Score || (a.Score == b.Score && a.Endpoint > b.Endpoint) {
					t.Errorf("hits %d and %d out of order: %+v, %+v", i-1, i, a, b)
				}
			}
		})
	}
}

func sortInts(s []int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
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
	want := []Contribution{
		{Clause: "remove", Term: "delet", Via: "synonym", Fields: []string{"summary", "operationId"}},
		{Clause: "pet", Term: "pet", Via: "exact", Fields: []string{"summary", "path", "operationId", "tag", "param", "tagDescription"}},
	}
	if diff := cmp.Diff(want, res.Hits[0].Why, cmp.FilterPath(func(p cmp.Path) bool {
		return p.Last().String() == ".Score"
	}, cmp.Ignore())); diff != "" {
		t.Errorf("explanation mismatch (-want +got):\n%s", diff)
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
