package main

import (
	"context"

	"github.com/swag2mcp/swag2mcp/generator/index"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// oursEngine is swag2mcp's own search as a generated server runs it: the
// index the generator compiles in (index.Build), opened by search.Open.
type oursEngine struct {
	cat   *catalog.Catalog
	s     search.Searcher
	bytes int // size of the compiled index's data
}

func newOurs(api *ir.API) (*oursEngine, error) {
	cat := index.Catalog(api)
	idx := index.Build(api)
	n := len(idx.Meta) + len(idx.Blocks) + len(idx.Dict) + len(idx.Postings) + len(idx.Positions) + len(idx.Norms) +
		len(idx.Vectors) + len(idx.Words) + len(idx.Forms)
	return &oursEngine{cat: cat, s: search.Open(idx, cat), bytes: n}, nil
}

func (o *oursEngine) Search(ctx context.Context, q string, n int) ([]string, error) {
	res, err := o.s.Search(ctx, search.Query{Text: q, Limit: n})
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(res.Hits))
	for _, h := range res.Hits {
		if h.Endpoint >= 0 && h.Endpoint < o.cat.Len() {
			e := o.cat.Endpoint(h.Endpoint)
			out = append(out, opKey(e.Method, e.Path))
		}
	}
	return out, nil
}
