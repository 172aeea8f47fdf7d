package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// TestSemanticCutExact: a search that skips the cosine of documents too
// far behind its best limit ones ranks as one that scores them all: its
// first hits, their scores and its total are those of the unlimited search.
// The summaries mix words whose vectors point different ways, so cosines
// reorder what the words alone would rank.
func TestSemanticCutExact(t *testing.T) {
	lex := tinyLexicon()
	words := []string{"refund", "reimbursement", "money", "pet", "pets", "dog", "shipment", "list", "create"}
	rng := rand.New(rand.NewPCG(3, 4))
	cat := tagCatalog("misc")
	for i := range 300 {
		summary := ""
		for range 1 + rng.IntN(4) {
			summary += words[rng.IntN(len(words))] + " "
		}
		cat.Endpoints = append(cat.Endpoints, catalog.Endpoint{
			ID: fmt.Sprint(i), Method: []string{"GET", "POST"}[i%2], Path: fmt.Sprintf("/r%d", i), Summary: summary,
		})
	}
	s := Open(BuildIndexWith(CatalogDocs(cat), lex), cat)
	ctx := context.Background()
	cut := 0
	for _, q := range []string{"refund", "money back", "list pets", "create shipment", "dog", "pets refund", "list", "create money"} {
		all, err := s.Search(ctx, Query{Text: q, Limit: len(cat.Endpoints)})
		if err != nil {
			t.Fatal(err)
		}
		for _, limit := range []int{1, 3, 10} {
			got, err := s.Search(ctx, Query{Text: q, Limit: limit})
			if err != nil {
				t.Fatal(err)
			}
			want := all.Hits[:min(limit, len(all.Hits))]
			if diff := cmp.Diff(want, got.Hits); diff != "" || got.Total != all.Total {
				t.Errorf("%q, limit %d: total %d, want %d; hits (-want +got):\n%s", q, limit, got.Total, all.Total, diff)
			}
			if all.Total > limit {
				cut++
			}
		}
	}
	if cut == 0 {
		t.Fatal("no search was cut by its limit")
	}
}
