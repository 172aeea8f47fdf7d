package search

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// testCatalog is a small pet store: endpoint indexes are named in comments.
func testCatalog() *catalog.Catalog {
	return &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s", Domain: "petstore"}},
		Collections: []catalog.Collection{{ID: "c", Title: "Petstore"}},
		Tags: []catalog.Tag{
			{ID: "t0", Name: "pet"},
			{ID: "t1", Name: "store"},
			{ID: "t2", Name: "user"},
		},
		Endpoints: []catalog.Endpoint{
			/* 0 */ {ID: "e0", Tag: 0, Method: "GET", Path: "/pets", OperationID: "listPets", Summary: "List all pets"},
			/* 1 */ {ID: "e1", Tag: 0, Method: "POST", Path: "/pets", OperationID: "addPet", Summary: "Add a new pet to the store"},
			/* 2 */ {ID: "e2", Tag: 0, Method: "GET", Path: "/pets/{petId}", OperationID: "getPetById", Summary: "Find pet by ID"},
			/* 3 */ {ID: "e3", Tag: 1, Method: "GET", Path: "/store/inventory", OperationID: "getInventory", Summary: "Returns pet inventories by status"},
			/* 4 */ {ID: "e4", Tag: 2, Method: "DELETE", Path: "/users/{username}", OperationID: "deleteUser", Summary: "Delete user", Description: "This can only be done by the logged in user."},
			/* 5 */ {ID: "e5", Tag: 2, Method: "GET", Path: "/users/login", OperationID: "loginUser", Summary: "Logs user into the system", Description: "Returns a session token for the pet store."},
		},
	}
}

func TestKeywordSearch(t *testing.T) {
	s := NewKeyword(testCatalog())
	tests := []struct {
		name      string
		query     Query
		wantOrder []int
		wantTotal int
	}{
		{"single term ranks by field weight, ties in catalog order", Query{Text: "pet"}, []int{0, 1, 2, 3, 5}, 5},
		{"more distinct terms first", Query{Text: "delete user"}, []int{4, 5}, 2},
		{"more distinct terms beat more weight", Query{Text: "get pets"}, []int{2, 0, 3, 5, 1}, 5},
		{"operationId whole", Query{Text: "getPetById"}, []int{2, 0, 3, 5, 1}, 5},
		{"prefix match", Query{Text: "invent"}, []int{3}, 1},
		{"description only", Query{Text: "logged"}, []int{4}, 1},
		{"limit keeps total", Query{Text: "pet", Limit: 2}, []int{0, 1}, 5},
		{"no match", Query{Text: "weather forecast"}, []int{}, 0},
		{"case and punctuation ignored", Query{Text: "  STORE/Inventory!! "}, []int{3, 1, 5}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := s.Search(context.Background(), tt.query)
			if err != nil {
				t.Fatalf("Search: %v", err)
			}
			got := make([]int, len(res.Hits))
			for i, h := range res.Hits {
				got[i] = h.Endpoint
			}
			if diff := cmp.Diff(tt.wantOrder, got); diff != "" {
				t.Errorf("order mismatch (-want +got):\n%s", diff)
			}
			if res.Total != tt.wantTotal {
				t.Errorf("Total = %d, want %d", res.Total, tt.wantTotal)
			}
			for i := 1; i < len(res.Hits); i++ {
				if res.Hits[i].Score > res.Hits[i-1].Score {
					t.Errorf("hit %d scores %v above hit %d's %v", i, res.Hits[i].Score, i-1, res.Hits[i-1].Score)
				}
			}
		})
	}
}

func TestKeywordSearchErrors(t *testing.T) {
	s := NewKeyword(testCatalog())
	tests := []struct {
		name  string
		query string
	}{
		{"empty", ""},
		{"blank", " \t\n"},
		{"only stop words", "the of a"},
		{"only punctuation", "?!"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.Search(context.Background(), Query{Text: tt.query, Limit: 5})
			var qe *QueryError
			if !errors.As(err, &qe) {
				t.Fatalf("Search(%q) error = %v, want *QueryError", tt.query, err)
			}
		})
	}
}

func TestKeywordSearchCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := NewKeyword(testCatalog()).Search(ctx, Query{Text: "pet"})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error = %v, want context.Canceled", err)
	}
}

func TestKeywordSearchBadTagIndex(t *testing.T) {
	cat := testCatalog()
	cat.Endpoints[0].Tag = 99
	res, err := NewKeyword(cat).Search(context.Background(), Query{Text: "list"})
	if err != nil {
		t.Fatalf("Search: %v", err)
	}
	if len(res.Hits) != 1 || res.Hits[0].Endpoint != 0 {
		t.Errorf("hits = %+v, want endpoint 0", res.Hits)
	}
}
