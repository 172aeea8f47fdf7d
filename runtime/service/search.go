package service

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// Search bounds.
const (
	MinSearchLimit  = 1
	MaxSearchLimit  = 50
	MaxSearchOffset = 1000
)

// SearchRequest is one search: Query in the search syntax, the best Limit
// hits (1 to MaxSearchLimit) after skipping Offset.
type SearchRequest struct {
	Query  string `json:"query"`
	Limit  int    `json:"limit"`
	Offset int    `json:"offset,omitempty"`
}

// SearchResult is a search's answer: the endpoints best first, how many
// match in all, and a note for the caller when the answer is empty or cut.
type SearchResult struct {
	Endpoints []EndpointSummary `json:"endpoints"`
	Total     int               `json:"total"`
	Note      string            `json:"note,omitempty"`
	// Hits are the endpoints' catalog indexes, in the same order.
	Hits []int `json:"-"`
}

// Search finds endpoints the run-time filter leaves visible. A malformed
// query or a bad limit is validation_failed; a failing searcher is a
// plain error.
func (s *Service) Search(ctx context.Context, req SearchRequest) (*SearchResult, error) {
	var problems []string
	if strings.TrimSpace(req.Query) == "" {
		problems = append(problems, "query is required")
	}
	if req.Limit < MinSearchLimit || req.Limit > MaxSearchLimit {
		problems = append(problems, fmt.Sprintf("limit is required: an integer from %d to %d", MinSearchLimit, MaxSearchLimit))
	}
	if req.Offset < 0 || req.Offset > MaxSearchOffset {
		problems = append(problems, fmt.Sprintf("offset must be from 0 to %d", MaxSearchOffset))
	}
	if len(problems) > 0 {
		return nil, validationFailed("%s", strings.Join(problems, "; "))
	}
	res, err := s.find(ctx, search.Query{Text: req.Query, Limit: req.Offset + req.Limit, Narrow: true})
	if err != nil {
		var qe *search.QueryError
		if errors.As(err, &qe) {
			return nil, validationFailed("%s", qe.Error())
		}
		return nil, fmt.Errorf("search: %w", err)
	}
	hits := res.Hits
	ans := &SearchResult{Endpoints: make([]EndpointSummary, 0, len(hits)), Total: res.Total}
	blocked := 0
	for k, h := range hits {
		if k < req.Offset || h.Endpoint < 0 || h.Endpoint >= s.cat.Len() {
			continue
		}
		sum := s.Summarize(h.Endpoint)
		if sum.Invocable != nil {
			blocked++
		}
		ans.Endpoints = append(ans.Endpoints, sum)
		ans.Hits = append(ans.Hits, h.Endpoint)
	}
	shown := search.Result{Hits: hits[min(req.Offset, len(hits)):], Total: res.Total, Narrowed: res.Narrowed}
	query := req.Query
	if res.Searched != "" {
		query = res.Searched
	}
	ans.Note = strings.TrimSpace(search.ReadingNote(res) + " " + search.ResultNote(ctx, visibleSearcher{s}, s.cat, query, shown))
	if blocked > 0 {
		ans.Note = strings.TrimSpace(ans.Note + " " + readOnlyNote(blocked))
	}
	return ans, nil
}

// find runs q and returns the best q.Limit hits the run-time filter lets
// through, with the number of all such matches as its total. A malformed
// query is a *search.QueryError.
func (s *Service) find(ctx context.Context, q search.Query) (search.Result, error) {
	if s.hide == nil {
		return s.searcher.Search(ctx, q)
	}
	// Rank every match, so hidden ones neither take places nor count. The
	// answer is then never cut, so it counts no narrowings (they would
	// count hidden endpoints); the note searches through visibleSearcher.
	limit := q.Limit
	q.Limit = 0
	res, err := s.searcher.Search(ctx, q)
	if err != nil {
		return res, err
	}
	res.Hits, res.Total = s.visibleHits(res.Hits, limit)
	return res, nil
}

// visibleHits drops the hits the run-time filter hides and keeps the best
// limit of the rest; it returns them and how many were visible.
func (s *Service) visibleHits(hits []search.Hit, limit int) ([]search.Hit, int) {
	out := make([]search.Hit, 0, min(limit, len(hits)))
	total := 0
	for _, h := range hits {
		if h.Endpoint < 0 || h.Endpoint >= s.cat.Len() || s.hidden(h.Endpoint) {
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

// visibleSearcher searches only the endpoints the run-time filter leaves
// visible, so the narrower queries a note suggests count what the caller
// can see; it advises as the service's searcher does.
type visibleSearcher struct{ s *Service }

func (v visibleSearcher) Search(ctx context.Context, q search.Query) (search.Result, error) {
	limit := q.Limit
	if limit <= 0 {
		limit = v.s.cat.Len()
	}
	q.Limit = limit
	return v.s.find(ctx, q)
}

// Resources implements search.Vocabulary: the resource names of the
// endpoints the filter shows.
func (v visibleSearcher) Resources() []string { return v.s.resources() }

func (v visibleSearcher) Advise(query string, hits []search.Hit) (bool, []string) {
	if a, ok := v.s.searcher.(search.Advisor); ok {
		return a.Advise(query, hits)
	}
	return false, nil
}
