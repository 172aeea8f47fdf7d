package search

import (
	"context"
	"sort"
	"strings"
	"sync"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Field weights: a term found in a heavier field ranks its endpoint higher.
const (
	weightPath        = 3
	weightSummary     = 3
	weightOperationID = 3
	weightMethod      = 2
	weightTag         = 2
	weightDescription = 1
	// weightAll is a term's weight when it occurs in every field.
	weightAll = weightPath + weightSummary + weightOperationID + weightMethod + weightTag + weightDescription

	// prefixFactor scales a match where the query term only starts an
	// indexed term ("inv" in "inventory").
	prefixFactor = 0.5
	// minPrefixLen is the shortest query term that matches by prefix.
	minPrefixLen = 3
	// cancelEvery is how many endpoints are scored between context checks.
	cancelEvery = 1024
)

// keyword ranks endpoints by weighted keyword matches. It tokenizes the
// catalog once, when built.
type keyword struct {
	cat  *catalog.Catalog
	once sync.Once
	docs []map[string]float64 // per endpoint: term → summed weight of the fields holding it
}

// NewKeyword returns a Searcher that matches the query's terms against each
// endpoint's method, path, summary, operationId, tag name and description.
// Endpoints matching more distinct terms rank first, then those with the
// higher weighted score, then catalog order.
//
// The endpoints are tokenized on the first search, not here, so a server's
// start-up does not grow with its API.
func NewKeyword(cat *catalog.Catalog) Searcher {
	return &keyword{cat: cat}
}

// index tokenizes every endpoint once.
func (k *keyword) index() {
	k.once.Do(func() {
		k.docs = make([]map[string]float64, len(k.cat.Endpoints))
		for i := range k.cat.Endpoints {
			k.docs[i] = indexEndpoint(k.cat, &k.cat.Endpoints[i])
		}
	})
}

// indexEndpoint gives each term of the endpoint the sum of the weights of
// the fields it occurs in; repeats within a field count once.
func indexEndpoint(cat *catalog.Catalog, e *catalog.Endpoint) map[string]float64 {
	fields := []struct {
		text   string
		weight float64
	}{
		{e.Method, weightMethod},
		{e.Path, weightPath},
		{e.Summary, weightSummary},
		{e.OperationID, weightOperationID},
		{tagName(cat, e), weightTag},
		{e.Description, weightDescription},
	}
	doc := make(map[string]float64)
	for _, f := range fields {
		seen := make(map[string]bool)
		for _, t := range Analyze(f.text) {
			if !seen[t] {
				seen[t] = true
				doc[t] += f.weight
			}
		}
	}
	return doc
}

// tagName is the endpoint's tag name, or "" when the tag index is bad.
func tagName(cat *catalog.Catalog, e *catalog.Endpoint) string {
	if e.Tag < 0 || e.Tag >= len(cat.Tags) {
		return ""
	}
	return cat.Tags[e.Tag].Name
}

// Search implements Searcher.
func (k *keyword) Search(ctx context.Context, q Query) (Result, error) {
	if strings.TrimSpace(q.Text) == "" {
		return Result{}, &QueryError{Pos: 0, Msg: "empty query: give words that describe the operation"}
	}
	terms := distinct(Analyze(q.Text))
	k.index()
	if len(terms) == 0 {
		return Result{}, &QueryError{Pos: 0, Msg: "the query has only common words; give words that describe the operation"}
	}
	type scored struct {
		Hit
		matched int
	}
	var all []scored
	for i, doc := range k.docs {
		if i%cancelEvery == 0 {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
		}
		matched, weight := scoreDoc(doc, terms)
		if matched == 0 {
			continue
		}
		// The score orders by distinct terms matched, then by weight: the
		// weight part stays below 1.
		score := float64(matched) + weight/(weightAll*float64(len(terms))+1)
		all = append(all, scored{Hit{Endpoint: i, Score: score}, matched})
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].Score > all[b].Score })
	res := Result{Total: len(all)}
	if q.Limit > 0 && len(all) > q.Limit {
		all = all[:q.Limit]
	}
	res.Hits = make([]Hit, len(all))
	for i, s := range all {
		res.Hits[i] = s.Hit
	}
	return res, nil
}

// scoreDoc counts the query terms an endpoint matches and sums their weights.
func scoreDoc(doc map[string]float64, terms []string) (matched int, weight float64) {
	for _, t := range terms {
		w := doc[t]
		if len(t) >= minPrefixLen {
			w = max(w, prefixFactor*bestPrefix(doc, t))
		}
		if w > 0 {
			matched++
			weight += w
		}
	}
	return matched, weight
}

// bestPrefix is the highest weight of a longer term that starts with t.
func bestPrefix(doc map[string]float64, t string) float64 {
	best := 0.0
	for term, w := range doc {
		if len(term) > len(t) && strings.HasPrefix(term, t) {
			best = max(best, w)
		}
	}
	return best
}

// distinct drops repeated terms, keeping first occurrences in order.
func distinct(terms []string) []string {
	seen := make(map[string]bool, len(terms))
	out := terms[:0]
	for _, t := range terms {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}
