package search

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// TestAdviseWeakMatch: a query whose best hit has under half its words is
// weak and is offered the API's words closest to it; one whose best hit
// has its words is not; without word tables a weak answer gets general
// advice only.
func TestAdviseWeakMatch(t *testing.T) {
	cat := lexCatalog()
	s := Open(BuildIndexWith(CatalogDocs(cat), tinyLexicon()), cat)
	ctx := context.Background()
	ask := func(s Searcher, q string) (Result, string) {
		t.Helper()
		res, err := s.Search(ctx, Query{Text: q, Limit: 10})
		if err != nil {
			t.Fatalf("Search(%q): %v", q, err)
		}
		return res, ResultNote(ctx, s, cat, q, res)
	}
	a := s.(Advisor)

	res, note := ask(s, "money back")
	weak, related := a.Advise("money back", res.Hits)
	if !weak || !slices.Contains(related, "reimbursement") {
		t.Fatalf("Advise(money back) = %v, %v; want weak, offering reimbursement", weak, related)
	}
	if slices.Contains(related, "money") {
		t.Errorf("related %v repeats the query's own word", related)
	}
	if !strings.Contains(note, weakNote) || !strings.Contains(note, "reimbursement") {
		t.Errorf("note = %q; want the weak-match advice with the API's word", note)
	}

	res, note = ask(s, "list pets")
	if weak, _ := a.Advise("list pets", res.Hits); weak || note != "" {
		t.Errorf("list pets: weak %v, note %q; want a strong match and no note", weak, note)
	}

	// Words the search reached through the vocabulary or a spelling
	// explain the hit as much as the words themselves.
	for q, want := range map[string]int{"get shipmnets lists": 3, "display all shipmnets": 3} {
		res, _ := ask(s, q)
		if len(res.Hits) == 0 || res.Hits[0].Endpoint != want {
			t.Fatalf("Search(%q) = %+v, want endpoint %d first", q, res.Hits, want)
		}
		if weak, _ := a.Advise(q, res.Hits); weak {
			t.Errorf("%q: its best hit explains its words through a spelling or the vocabulary, yet it is called weak", q)
		}
	}

	if weak, _ := a.Advise("money back", nil); !weak {
		t.Error("an answer with no hit is not weak")
	}
	if weak, related := a.Advise("-money", nil); weak || related != nil {
		t.Errorf("a query of no plain word: weak %v, related %v", weak, related)
	}

	plain := Open(BuildIndex(CatalogDocs(cat)), cat)
	_, note = ask(plain, "weather")
	if !strings.Contains(note, "No endpoint matched") || !strings.Contains(note, "Try other or fewer words") {
		t.Errorf("no tables, no match: note = %q", note)
	}
}

// TestAdviseOffersNames: a word offered to rephrase with names operations
// (a word only descriptions use is not offered) and is specific (one in
// more than a tenth of the endpoints is not).
func TestAdviseOffersNames(t *testing.T) {
	ep := func(id, summary, desc string) catalog.Endpoint {
		return catalog.Endpoint{ID: id, Method: "GET", Path: "/" + id, Summary: summary, Description: catalog.Text(desc)}
	}
	offered := func(eps []catalog.Endpoint) []string {
		t.Helper()
		cat := &catalog.Catalog{Specs: []catalog.Spec{{ID: "s"}}, Collections: []catalog.Collection{{ID: "c"}},
			Tags: []catalog.Tag{{ID: "t", Name: "misc"}}, Endpoints: eps}
		s := Open(BuildIndexWith(CatalogDocs(cat), tinyLexicon()), cat)
		weak, related := s.(Advisor).Advise("money back", nil)
		if !weak {
			t.Fatal("an answer with no hit is not weak")
		}
		return related
	}
	eps := []catalog.Endpoint{ep("a", "Create a reimbursement", "Pays a refund to the card.")}
	if got := offered(eps); !slices.Contains(got, "reimbursement") || slices.Contains(got, "refund") {
		t.Errorf("offered %v; want reimbursement (a title's word), not refund (a description's)", got)
	}
	eps = []catalog.Endpoint{ep("a", "Create a reimbursement", ""), ep("b", "Cancel a reimbursement", "")}
	for i := range 10 {
		eps = append(eps, ep(fmt.Sprint("p", i), "List pets", ""))
	}
	if got := offered(eps); slices.Contains(got, "reimbursement") {
		t.Errorf("offered %v; reimbursement is in 2 of 12 endpoints, more than a tenth", got)
	}
}
