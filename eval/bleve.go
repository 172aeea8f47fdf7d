package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/blevesearch/bleve/v2"

	"github.com/swag2mcp/swag2mcp/eval/internal/specs"
	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// bleveDoc is what the baseline indexes per operation: the fields our
// search sees, unprocessed, under bleve's default mapping.
type bleveDoc struct {
	Method      string `json:"method"`
	Tag         string `json:"tag"`
	Path        string `json:"path"`
	Summary     string `json:"summary"`
	Description string `json:"description"`
	OperationID string `json:"operationId"`
	Params      string `json:"params"`
}

// bleveEngine is the baseline: an in-memory bleve index with the default
// mapping, queried with bleve's default query-string query.
type bleveEngine struct {
	idx bleve.Index
}

func newBleve(api *ir.API) (*bleveEngine, error) {
	idx, err := bleve.NewMemOnly(bleve.NewIndexMapping())
	if err != nil {
		return nil, err
	}
	batch := idx.NewBatch()
	for _, e := range specs.Endpoints(api) {
		var params []string
		for _, p := range e.Params {
			params = append(params, p.Name)
		}
		doc := bleveDoc{
			Method:      e.Method,
			Tag:         strings.Join(e.Tags, " "),
			Path:        e.Path,
			Summary:     e.Summary,
			Description: e.Description,
			OperationID: e.OperationID,
			Params:      strings.Join(params, " "),
		}
		if err := batch.Index(opKey(e.Method, e.Path), doc); err != nil {
			return nil, err
		}
	}
	if err := idx.Batch(batch); err != nil {
		return nil, err
	}
	return &bleveEngine{idx: idx}, nil
}

func (b *bleveEngine) Search(ctx context.Context, q string, n int) ([]string, error) {
	req := bleve.NewSearchRequestOptions(bleve.NewQueryStringQuery(q), n, 0, false)
	res, err := b.idx.SearchInContext(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("bleve: %w", err)
	}
	out := make([]string, len(res.Hits))
	for i, h := range res.Hits {
		out[i] = h.ID
	}
	return out, nil
}
