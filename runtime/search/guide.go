package search

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// QuerySyntax is the query language in one line, for the search tool's
// description: what a model needs to write a query that narrows.
const QuerySyntax = `Syntax: words rank, any may match; +word must match, -word must not; ` +
	`fields method: tag: path: summary: description: operationId: param: filter only with + (+method:POST); ` +
	`path:/a/*/b (* spans /); "a phrase"; typo~; /regex/; word^3 boosts.`

// ToolDescription is the search tool's description.
const ToolDescription = "Find API endpoints by keywords, e.g. \"list orders of a customer\"; use it first when you " +
	"lack an endpoint id, then inspect the best match. " + QuerySyntax

// Advisor is what a Searcher may also do to help its caller reword a
// query: say whether an answer matched it weakly and, if so, which of the
// API's words are closest to it. This package's Searchers do.
type Advisor interface {
	Advise(query string, hits []Hit) (weak bool, related []string)
}

// Vocabulary is what a Searcher may also give to help its caller reword
// a query: the names of the API's resources (catalog.Catalog.ResourceNames),
// most endpoints first, within MaxNoteResources bytes. A model that does
// not see the server's instructions learns the API's names from them when
// its words matched weakly ("service outages": incidents). This package's
// Searchers do; the service's gives only what its filter shows.
type Vocabulary interface {
	Resources() []string
}

// MaxNoteResources bounds the resource names a note lists, in bytes.
const MaxNoteResources = 480

// ResultNote is the note of a search answer that shows hits of total
// matches for query, or "" when nothing needs saying. When the answer is
// cut by its limit it gives a narrower query (see NarrowQuery); when s is
// an Advisor and the answer matched weakly, it says so and offers the
// API's words closest to the query, and, when s is a Vocabulary, the
// API's resources.
func ResultNote(ctx context.Context, s Searcher, cat *catalog.Catalog, query string, hits []Hit, total int) string {
	weak, related := false, []string(nil)
	if a, ok := s.(Advisor); ok {
		weak, related = a.Advise(query, hits)
	}
	advice := func() string {
		var resources []string
		if v, ok := s.(Vocabulary); ok {
			resources = v.Resources()
		}
		return rephrase(related, resources)
	}
	switch {
	case total == 0:
		return "No endpoint matched. " + advice()
	case total <= len(hits) && weak:
		return weakNote + " " + advice()
	case total <= len(hits):
		return ""
	case weak:
		return weakNote + " " + advice() + " " + cutNote(ctx, s, cat, query, hits, total)
	}
	return cutNote(ctx, s, cat, query, hits, total)
}

// LoosenedNote says that no endpoint has the phrases of a query, so the
// answer matches their words instead ("" when phrases is empty).
func LoosenedNote(phrases []string) string {
	if len(phrases) == 0 {
		return ""
	}
	quoted := make([]string, len(phrases))
	for i, p := range phrases {
		quoted[i] = strconv.Quote(p)
	}
	return "No endpoint has the phrase " + strings.Join(quoted, " or ") +
		", so these match its words in any order; quote only words that belong together, such as \"pull request\"."
}

// weakNote opens the note of an answer that matched weakly.
const weakNote = "The query matched weakly: the best match has fewer than half of its words, so these may not be what you need."

// rephrase advises how to reword a query that matched weakly or not at
// all, offering related, the API's words closest to it, and resources,
// the names of the API's resources.
func rephrase(related, resources []string) string {
	msg := "Try other or fewer words (the resource name alone often works), or a pattern such as +path:*orders*."
	if len(related) > 0 {
		msg = "Words this API uses that are close to the query: " + strings.Join(related, ", ") +
			"; rephrase with them or with the API's own name for what you want."
	}
	if len(resources) > 0 {
		msg += " The API's resources include: " + strings.Join(resources, ", ") + "."
	}
	return msg
}

// cutNote is the note of an answer cut by its limit.
func cutNote(ctx context.Context, s Searcher, cat *catalog.Catalog, query string, hits []Hit, total int) string {
	msg := fmt.Sprintf("Showing the best %d of %d matches. If the endpoint you need is not among them, "+
		"narrow the query rather than raising limit: ", len(hits), total)
	if narrow, n := NarrowQuery(ctx, s, cat, query, hits, total); narrow != "" {
		msg += fmt.Sprintf("%q has %d matches; ", narrow, n)
	}
	return msg + "filter with +method:POST, +tag:NAME or +path:*orders* (without + a field term only ranks), " +
		"require a word with +word or exclude one with -word."
}

// NarrowQuery is query with one filter more that the best hit passes,
// +method:M or else +tag:T, and its number of matches, chosen among those
// that really have fewer matches than total; "" when none has.
func NarrowQuery(ctx context.Context, s Searcher, cat *catalog.Catalog, query string, hits []Hit, total int) (string, int) {
	if len(hits) == 0 || hits[0].Endpoint < 0 || hits[0].Endpoint >= cat.Len() {
		return "", 0
	}
	ep := cat.Endpoint(hits[0].Endpoint)
	var filters []string
	if !requires(query, fieldMethod) && ep.Method != "" {
		filters = append(filters, "+method:"+strings.ToUpper(ep.Method))
	}
	if !requires(query, fieldTagName) && ep.Tag >= 0 && ep.Tag < len(cat.Tags) && cat.Tags[ep.Tag].Name != "" {
		filters = append(filters, "+tag:"+quoteValue(cat.Tags[ep.Tag].Name))
	}
	for _, f := range filters {
		q := strings.TrimSpace(query) + " " + f
		if res, err := s.Search(ctx, Query{Text: q, Limit: 1}); err == nil && res.Total > 0 && res.Total < total {
			return q, res.Total
		}
	}
	return "", 0
}

// requires reports a must clause on field in query.
func requires(query, field string) bool {
	cs, err := parse(query)
	if err != nil {
		return false
	}
	for _, c := range cs {
		if c.occur == must && c.field == field {
			return true
		}
	}
	return false
}

// quoteValue quotes a field value that is not one plain word.
func quoteValue(v string) string {
	for _, r := range v {
		if unicode.IsSpace(r) || strings.ContainsRune(`"\^~:()*?/+-`, r) {
			return `"` + strings.ReplaceAll(strings.ReplaceAll(v, `\`, `\\`), `"`, `\"`) + `"`
		}
	}
	return v
}
