package main

import (
	"context"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// engine ranks one spec's operations for a query.
type engine interface {
	// Search returns the best operations, at most n, as "METHOD /path".
	Search(ctx context.Context, q string, n int) ([]string, error)
}

// The engines, in report order (see newEngines).
const (
	oursName  = "swag2mcp"
	bleveName = "bleve"
)

// engineNames are the engines' names, index for index with newEngines.
func engineNames() []string { return []string{oursName, bleveName} }

// newEngines builds every engine over the same lowered API.
func newEngines(api *ir.API) ([]engine, error) {
	ours, err := newOurs(api)
	if err != nil {
		return nil, err
	}
	base, err := newBleve(api)
	if err != nil {
		return nil, err
	}
	return []engine{ours, base}, nil
}

// opKey is how labels name an operation.
func opKey(method, path string) string { return method + " " + path }
