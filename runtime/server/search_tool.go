package server

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// searchAnswer is the search tool's answer.
type searchAnswer struct {
	Endpoints []endpointSummary `json:"endpoints"`
	Total     int               `json:"total"`
	Note      string            `json:"note,omitempty"`
}

// find runs a query and returns the best limit hits the run-time filter
// lets through, with the number of all such matches. A malformed query is
// a *search.QueryError.
func (t *tools) find(ctx context.Context, text string, limit int) ([]search.Hit, int, error) {
	q := search.Query{Text: text, Limit: limit}
	if t.hide != nil {
		q.Limit = 0 // rank every match, so hidden ones neither take places nor count
	}
	res, err := t.searcher.Search(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	if t.hide != nil {
		hits, total := t.visibleHits(res.Hits, limit)
		return hits, total, nil
	}
	return res.Hits, res.Total, nil
}

// search handles the search tool.
func (t *tools) search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a := readArgs(req, "query", "limit")
	query := a.string("query", true)
	limit := a.integer("limit", minLimit, maxLimit)
	if err := a.err(); err != nil {
		return failure(err)
	}
	hits, total, err := t.find(ctx, query, limit)
	if err != nil {
		var qe *search.QueryError
		if errors.As(err, &qe) {
			return failure(validationFailed("%s", qe.Error()))
		}
		return nil, fmt.Errorf("search: %w", err)
	}
	ans := searchAnswer{Endpoints: make([]endpointSummary, 0, len(hits)), Total: total}
	blocked := 0
	for _, h := range hits {
		if h.Endpoint >= 0 && h.Endpoint < len(t.cat.Endpoints) {
			s := t.summarize(h.Endpoint)
			if s.Invocable != nil {
				blocked++
			}
			ans.Endpoints = append(ans.Endpoints, s)
		}
	}
	ans.Note = search.ResultNote(ctx, t.searcher, t.cat, query, hits, total)
	if blocked > 0 {
		ans.Note = strings.TrimSpace(ans.Note + " " + readOnlyNote(blocked))
	}
	return success(ans)
}

// visibleHits drops the hits the run-time filter hides and keeps the best
// limit of the rest; it returns them and how many were visible.
func (t *tools) visibleHits(hits []search.Hit, limit int) ([]search.Hit, int) {
	out := make([]search.Hit, 0, min(limit, len(hits)))
	total := 0
	for _, h := range hits {
		if h.Endpoint < 0 || h.Endpoint >= len(t.cat.Endpoints) || t.hidden(h.Endpoint) {
			continue
		}
		total++
		if len(out) < limit {
			out = append(out, h)
		}
	}
	return out, total
}

// readOnlyNote explains endpoints marked "invocable": false.
func readOnlyNote(n int) string {
	return fmt.Sprintf("The server is read-only: %d of these endpoints are marked \"invocable\": false and invoke refuses them "+
		"(only GET, HEAD and OPTIONS are sent). You may still inspect them; tell the user if the task needs one.", n)
}
