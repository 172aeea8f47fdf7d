package search

import (
	"context"
	"fmt"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// BenchmarkKeywordSearch measures one query over 1,000 endpoints.
func BenchmarkKeywordSearch(b *testing.B) {
	cat := &catalog.Catalog{Tags: []catalog.Tag{{Name: "widgets"}}}
	for i := range 1000 {
		cat.Endpoints = append(cat.Endpoints, catalog.Endpoint{
			Method:      "GET",
			Path:        fmt.Sprintf("/widgets/{widgetId}/parts%d", i),
			OperationID: fmt.Sprintf("listWidgetParts%d", i),
			Summary:     fmt.Sprintf("List the parts of widget family %d", i),
			Description: "Returns every part with its supplier, price and stock level.",
		})
	}
	s := NewKeyword(cat)
	for b.Loop() {
		if _, err := s.Search(context.Background(), Query{Text: "list widget parts by supplier", Limit: 10}); err != nil {
			b.Fatal(err)
		}
	}
}
