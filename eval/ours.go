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
	own   int // endpoints of the API the queries are about; those after it are distractors (-stress crowd)
	// hideCrowd drops distractors from results (-stress scale): they still
	// shape the term statistics, but never take a rank.
	hideCrowd bool
	// original, when set, names for each endpoint after own the key of
	// the endpoint it copies (-stress nested): a hit counts as that key,
	// and only its first appearance is kept.
	original []string
	// keys, when set, names the label key of each of the API's own
	// endpoints, whose method the condition changed (-stress post).
	keys []string
}

func newOurs(api *ir.API) (*oursEngine, error) { return newOursOwning(api, -1) }

// newOursOwning is newOurs over an API whose first own endpoints are the
// ones labels name; every later endpoint is reported as a distractor that
// no label can match. own < 0 means all of them.
func newOursOwning(api *ir.API, own int) (*oursEngine, error) {
	cat := index.Catalog(api)
	idx := index.Build(api)
	n := len(idx.Meta) + len(idx.Blocks) + len(idx.Dict) + len(idx.Postings) + len(idx.Positions) + len(idx.Norms) +
		len(idx.Vectors) + len(idx.Words) + len(idx.Forms)
	if own < 0 {
		own = cat.Len()
	}
	return &oursEngine{cat: cat, s: search.Open(idx, cat), bytes: n, own: own}, nil
}

// ownIndex maps the key ("METHOD /path") of each of the API's own
// endpoints to its catalog index.
func (o *oursEngine) ownIndex() map[string]int {
	out := make(map[string]int, o.own)
	for i := range o.own {
		e := o.cat.Endpoint(i)
		out[opKey(e.Method, e.Path)] = i
	}
	return out
}

// distractor prefixes the key of a crowd endpoint in results.
const distractor = "crowd: "

func (o *oursEngine) Search(ctx context.Context, q string, n int) ([]string, error) {
	limit := n
	if o.hideCrowd {
		limit = n + o.cat.Len() - o.own
	}
	if o.original != nil {
		limit = n * (nestCopies + 1)
	}
	res, err := o.s.Search(ctx, search.Query{Text: q, Limit: limit})
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(res.Hits))
	seen := map[string]bool{}
	for _, h := range res.Hits {
		if h.Endpoint >= 0 && h.Endpoint < o.cat.Len() {
			e := o.cat.Endpoint(h.Endpoint)
			key := opKey(e.Method, e.Path)
			switch {
			case h.Endpoint < o.own:
				if o.keys != nil {
					key = o.keys[h.Endpoint]
				}
			case o.hideCrowd:
				continue
			case o.original != nil:
				key = o.original[h.Endpoint-o.own]
			default:
				key = distractor + key
			}
			if o.original != nil {
				if seen[key] {
					continue
				}
				seen[key] = true
			}
			if len(out) == n {
				break
			}
			out = append(out, key)
		}
	}
	return out, nil
}
