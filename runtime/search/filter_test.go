package search

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// filterCatalog is n endpoints over a few resources, methods and tags, so
// that filters let some of a word's matches through and not others.
func filterCatalog(n int) *catalog.Catalog {
	cat := &catalog.Catalog{}
	for t := range 5 {
		cat.Tags = append(cat.Tags, catalog.Tag{ID: fmt.Sprint("t", t), Name: fmt.Sprint("tag", t)})
	}
	methods := []string{"GET", "POST", "DELETE", "PATCH"}
	nouns := []string{"widget", "gadget", "order", "invoice", "hook", "user", "part"}
	for i := range n {
		noun, other := nouns[i%len(nouns)], nouns[(i/len(nouns))%len(nouns)]
		cat.Endpoints = append(cat.Endpoints, catalog.Endpoint{
			ID: fmt.Sprint("e", i), Tag: i % 5, Method: methods[i%len(methods)],
			Path:        fmt.Sprintf("/%ss/{id}/%ss%d", other, noun, i%3),
			OperationID: fmt.Sprintf("op%s%s%d", other, noun, i),
			Summary:     fmt.Sprintf("%s the %s of a %s", methods[(i/3)%len(methods)], noun, other),
		})
	}
	return cat
}

// TestKeywordFiltersChangeNoAnswer compares every filtered query's answer
// with the answer of scoring every document, as search did before
// keyword filters: the same hits, scores, order and total.
func TestKeywordFiltersChangeNoAnswer(t *testing.T) {
	cat := filterCatalog(400)
	e := Open(BuildIndex(CatalogDocs(cat)), cat).(*engine)
	queries := []string{
		"+method:DELETE widget",
		"delete the widget +method:DELETE",
		"+tag:tag2 order of a user",
		"+path:*parts1* order",
		"+path:*parts1* gadget",
		"method:GET widget",
		"tag:tag1 +method:DELETE order",
		"+method:GET +tag:tag1 list invoices",
		"delete a hook +method:POST",
		"+method:DELETE -tag:tag3 user",
		"+method:DELETE",
		"+method:PATCH +method:GET order",
		"+widget +method:GET part",
		`+method:POST "the order"`,
		"+method:NOPE widget",
	}
	ctx := context.Background()
	for _, text := range queries {
		for _, limit := range []int{1, 10, 0} {
			q := Query{Text: text, Limit: limit, Explain: true}
			clauses, err := parse(text)
			if err != nil {
				t.Fatalf("%q: %v", text, err)
			}
			r := e.reader()
			answer := func(scoreAll bool) Result {
				pl, err := e.plan(r, clauses)
				if err != nil {
					t.Fatalf("%q: %v", text, err)
				}
				pl.scoreAll = scoreAll
				res, err := e.run(ctx, r, pl, q)
				if err != nil {
					t.Fatalf("%q: %v", text, err)
				}
				return res
			}
			got, want := answer(false), answer(true)
			if got.Total != want.Total || !slices.EqualFunc(got.Hits, want.Hits, func(a, b Hit) bool {
				return a.Endpoint == b.Endpoint && a.Score == b.Score && slices.EqualFunc(a.Why, b.Why, func(x, y Contribution) bool {
					return x.Term == y.Term && x.Score == y.Score
				})
			}) {
				t.Errorf("%q limit %d: filtered %d of %v, want %d of %v", text, limit, len(got.Hits), got.Total, len(want.Hits), want.Total)
			}
			if empty := text == "+method:NOPE widget" || text == "+method:PATCH +method:GET order"; empty != (want.Total == 0) {
				t.Errorf("%q: %d matches; the case tests nothing", text, want.Total)
			}
		}
	}
}
