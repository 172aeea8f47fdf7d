// Package search finds a catalog's endpoints for a model's query: it defines
// the Searcher contract the server's search tool calls, the analyzer that
// turns text into terms, and a ranked keyword searcher.
package search

import (
	"context"
	"fmt"
)

// Searcher ranks a catalog's endpoints for a query. The server calls it
// from concurrent tool calls, so it must be safe for concurrent use.
type Searcher interface {
	Search(ctx context.Context, q Query) (Result, error)
}

// Query is one search request.
type Query struct {
	Text  string
	Limit int // most hits to return; 0 or less means all
}

// Result is the ranked answer to a query.
type Result struct {
	Hits  []Hit // best first, at most Query.Limit
	Total int   // every match, before Limit
}

// Hit is one matching endpoint.
type Hit struct {
	Endpoint int // index into catalog.Catalog.Endpoints
	Score    float64
}

// QueryError says why a query cannot be run; the server reports it as
// validation_failed.
type QueryError struct {
	Pos int // byte offset in Query.Text
	Msg string
}

func (e *QueryError) Error() string {
	return fmt.Sprintf("query at position %d: %s", e.Pos, e.Msg)
}
