package server

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// searchAnswer is the search tool's answer.
type searchAnswer struct {
	Endpoints []endpointSummary `json:"endpoints"`
	Total     int               `json:"total"`
	Note      string            `json:"note,omitempty"`
}

// search handles the search tool.
func (t *tools) search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a := readArgs(req, "query", "limit")
	query := a.string("query", true)
	limit := a.integer("limit", minLimit, maxLimit)
	if err := a.err(); err != nil {
		return failure(err)
	}
	res, err := t.searcher.Search(ctx, search.Query{Text: query, Limit: limit})
	if err != nil {
		var qe *search.QueryError
		if errors.As(err, &qe) {
			return failure(validationFailed("%s", qe.Error()))
		}
		return nil, fmt.Errorf("search: %w", err)
	}
	ans := searchAnswer{Endpoints: make([]endpointSummary, 0, len(res.Hits)), Total: res.Total}
	for _, h := range res.Hits {
		if h.Endpoint >= 0 && h.Endpoint < len(t.cat.Endpoints) {
			ans.Endpoints = append(ans.Endpoints, t.summarize(h.Endpoint))
		}
	}
	ans.Note = searchNote(len(ans.Endpoints), res.Total)
	return success(ans)
}

// searchNote guides the model when the answer is empty or cut by limit.
func searchNote(shown, total int) string {
	switch {
	case total == 0:
		return "No endpoint matched. Try other or fewer words (the resource name alone often works), " +
			"or a pattern such as path:/orders/*."
	case total > shown:
		return fmt.Sprintf("Showing the best %d of %d matches. If the endpoint you need is not among them, "+
			"narrow the query rather than raising limit: add distinctive words, require a word with +word, "+
			"filter with method:POST, tag:orders or path:/orders/*, or exclude with -word.", shown, total)
	}
	return ""
}
