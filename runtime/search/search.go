// Package search finds a catalog's endpoints for a model's query. It owns
// the analyzer (shared by the generator, so indexed and queried terms always
// agree), the index format the generator compiles into a server, the query
// language of the search tool and its BM25F ranking.
package search

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Searcher ranks a catalog's endpoints for a query. The server calls it
// from concurrent tool calls, so it must be safe for concurrent use.
type Searcher interface {
	Search(ctx context.Context, q Query) (Result, error)
}

// Query is one search request.
type Query struct {
	Text    string
	Limit   int  // most hits to return; 0 or less means all
	Explain bool // fill Hit.Why
	// Narrow asks, when the answer is cut by Limit, for Result.Narrowed:
	// the matches of the query with a filter its best hit passes added,
	// counted in the same run, for the note's advice (NarrowQuery).
	Narrow bool
}

// Result is the ranked answer to a query.
type Result struct {
	Hits  []Hit // best first, at most Query.Limit
	Total int   // every match, before Limit
	// Loosened are the query's optional phrases that no endpoint has, so
	// their words were searched one by one instead (see LoosenedNote).
	Loosened []string
	// Narrowed are, with Query.Narrow, the matches of the query with each
	// filter of the best hit's that NarrowQuery tries (any it lacks, it
	// searches for).
	Narrowed []Narrowing
	// Searched is the query as it was searched when that is not the text
	// as given: a query too long to search whole without its last words,
	// or one the query language refuses as its words alone (see
	// proseWords). A note's advice builds on it.
	Searched string
	// Ignored are the plain words, as written, that a query too long to
	// search whole left out (see IgnoredNote).
	Ignored []string
	// ReadAsWords is why the query language refused the query that was
	// searched as its words (see ReadAsWordsNote).
	ReadAsWords string
}

// Hit is one matching endpoint.
type Hit struct {
	Endpoint int // index of the endpoint in the catalog (catalog.Catalog.Endpoint)
	Score    float64
	// Named: a path, operationId or endpoint id in the query names this
	// endpoint, so it answers the query whatever its other words.
	Named bool
	Why   []Contribution // with Query.Explain: what scored, in query order
}

// Contribution is one term's share of a hit's score.
type Contribution struct {
	Clause string   // the query clause as written
	Term   string   // the index term that matched
	Via    string   // how the clause reached the term: exact, form, spelling, meaning, synonym, typo, fuzzy, wildcard, regex, phrase, keyword, route (a request path), named (an operationId or endpoint id)
	Fields []string // text fields the term occurred in
	Score  float64  // before coordination, method hints, shape and coverage
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

// engine is the Searcher over one index.
type engine struct {
	cat     *catalog.Catalog
	once    sync.Once
	r       *reader
	scratch sync.Pool
	// resources are the catalog's resource names (see Vocabulary), read
	// from its paths at the first weak answer.
	resources func() []string
}

// Open returns the Searcher over idx, the index the generator compiled for
// cat. It decodes nothing but a few numbers, so it costs the same for any
// size of API. An index of another format or size than cat (a runtime newer
// than the generated code) is ignored: the catalog is then indexed in memory
// at the first search.
func Open(idx catalog.Index, cat *catalog.Catalog) Searcher {
	if r, ok := openReader(idx, cat); ok {
		e := newEngine(cat)
		e.r = r
		e.once.Do(func() {})
		return e
	}
	return New(cat)
}

// New returns a Searcher that indexes cat in memory at its first search;
// generated servers use Open with their compiled index instead.
func New(cat *catalog.Catalog) Searcher {
	return newEngine(cat)
}

func newEngine(cat *catalog.Catalog) *engine {
	return &engine{cat: cat, resources: sync.OnceValue(func() []string {
		return cat.ResourceNames(nil, MaxNoteResources)
	})}
}

// Resources implements Vocabulary.
func (e *engine) Resources() []string { return e.resources() }

// reader returns the index, building it on first use when needed.
func (e *engine) reader() *reader {
	e.once.Do(func() {
		r, ok := openReader(BuildIndex(CatalogDocs(e.cat)), e.cat)
		if !ok { // cannot happen: BuildIndex writes what openReader reads
			r = &reader{}
		}
		e.r = r
	})
	return e.r
}

// Search implements Searcher.
func (e *engine) Search(ctx context.Context, q Query) (Result, error) {
	pq, err := parseQuery(q.Text)
	if err != nil {
		return Result{}, err
	}
	res, err := e.searchParsed(ctx, pq, q)
	var qe *QueryError
	if pq.asWords == nil && errors.As(err, &qe) {
		// Prose the plan refuses (a "/" … "/" in it is a bad regular
		// expression) is searched as its words, as prose the parser
		// refuses is.
		if words, ok := readAsWords(q.Text, qe); ok {
			return e.searchParsed(ctx, words, q)
		}
	}
	return res, err
}

// searchParsed runs a parsed query; the result says what was searched
// when that is not q.Text.
func (e *engine) searchParsed(ctx context.Context, pq parsedQuery, q Query) (Result, error) {
	if len(pq.clauses) == 0 {
		return Result{}, &QueryError{Pos: 0, Msg: "empty query: give words that describe the operation, e.g. \"create an order\""}
	}
	if pq.changed() {
		q.Text = pq.text()
	}
	res, err := e.search(ctx, pq.clauses, q)
	if pq.changed() {
		res.Searched, res.Ignored = q.Text, pq.ignored
		if pq.asWords != nil {
			res.ReadAsWords = pq.asWords.Msg
		}
	}
	return res, err
}

// search plans and runs a parsed query, loosening its phrases when
// nothing has them.
func (e *engine) search(ctx context.Context, clauses []clause, q Query) (Result, error) {
	r := e.reader()
	pl, err := e.plan(r, clauses)
	if err != nil {
		return Result{}, err
	}
	res, err := e.run(ctx, r, pl, q)
	if err != nil || res.Total > 0 {
		if _, phrases := loosenPhrases(clauses); phrases != nil {
			// With a filter, this query could match nothing and be
			// loosened: a count of 0 would not be the narrowed query's.
			res.Narrowed = slices.DeleteFunc(res.Narrowed, func(n Narrowing) bool { return n.Total == 0 })
		}
		return res, err
	}
	// A query in quotes ("list the branches of a repo") is a phrase no
	// endpoint has: its words are worth more than an empty answer.
	loose, phrases := loosenPhrases(clauses)
	if phrases == nil {
		return res, nil
	}
	if pl, err = e.plan(r, loose); err != nil {
		return res, nil
	}
	if res, err = e.run(ctx, r, pl, q); err == nil {
		res.Loosened = phrases
		res.Narrowed = nil // the narrowed query is loosened by its own run
	}
	return res, err
}
