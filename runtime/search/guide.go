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

// ResultNote is the note of a search answer res to query (its hits of
// res.Total matches), or "" when nothing needs saying. When the answer is
// cut by its limit it gives a narrower query (see NarrowQuery); when s is
// an Advisor and the answer matched weakly, it says so and offers the
// API's words closest to the query, and, when s is a Vocabulary, the
// API's resources.
func ResultNote(ctx context.Context, s Searcher, cat *catalog.Catalog, query string, res Result) string {
	hits, total := res.Hits, res.Total
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
		return weakNote + " " + advice() + " " + cutNote(ctx, s, cat, query, res)
	}
	return cutNote(ctx, s, cat, query, res)
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

// ReadingNote says how the query was read when that is not as written:
// searched as its words alone, words left out of a query too long, or
// quoted phrases no endpoint has searched as loose words; "" otherwise.
// It opens the answer's note, before ResultNote's advice.
func ReadingNote(res Result) string {
	var parts []string
	for _, n := range []string{ReadAsWordsNote(res.ReadAsWords), IgnoredNote(res.Ignored), LoosenedNote(res.Loosened)} {
		if n != "" {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, " ")
}

// IgnoredNote says which words of a query too long to search whole were
// left out ("" when none were).
func IgnoredNote(words []string) string {
	if len(words) == 0 {
		return ""
	}
	shown := words[:min(len(words), maxIgnoredShown)]
	more := ""
	if len(words) > len(shown) {
		more = fmt.Sprintf(" and %d more", len(words)-len(shown))
	}
	return fmt.Sprintf("The query is longer than a search takes (%d terms, %d bytes), so its last words were left out: %s%s. Use a few distinctive words.",
		maxClauses, maxQueryBytes, strings.Join(shown, " "), more)
}

// ReadAsWordsNote says that a query the query language refused was
// searched as its words, and why ("" when it was not).
func ReadAsWordsNote(why string) string {
	if why == "" {
		return ""
	}
	return "The query language could not read this query (" + why + "), so its words alone were searched."
}

// maxIgnoredShown bounds the left-out words IgnoredNote repeats.
const maxIgnoredShown = 12

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
func cutNote(ctx context.Context, s Searcher, cat *catalog.Catalog, query string, res Result) string {
	msg := fmt.Sprintf("Showing the best %d of %d matches. If the endpoint you need is not among them, "+
		"narrow the query rather than raising limit: ", len(res.Hits), res.Total)
	if narrow, n := NarrowQuery(ctx, s, cat, query, res); narrow != "" {
		msg += fmt.Sprintf("%q has %d matches; ", narrow, n)
	}
	return msg + "filter with +method:POST, +tag:NAME or +path:*orders* (without + a field term only ranks), " +
		"require a word with +word or exclude one with -word."
}

// NarrowQuery is the query with one filter more that res's best hit
// passes, +method:M or else +tag:T, and its number of matches, chosen
// among those that really have fewer matches than res.Total; "" when none
// has. It counts a filter's matches with s unless res.Narrowed has them.
func NarrowQuery(ctx context.Context, s Searcher, cat *catalog.Catalog, query string, res Result) (string, int) {
	if len(res.Hits) == 0 {
		return "", 0
	}
	for _, f := range narrowingClauses(cat, query, res.Hits[0].Endpoint) {
		q := narrowedQuery(query, f)
		n, known := narrowedTotal(res.Narrowed, f)
		if !known {
			got, err := s.Search(ctx, Query{Text: q, Limit: 1})
			if err != nil {
				continue
			}
			n = got.Total
		}
		if n > 0 && n < res.Total {
			return q, n
		}
	}
	return "", 0
}

// narrowedTotal is the matches ns gives for clause.
func narrowedTotal(ns []Narrowing, clause string) (int, bool) {
	for _, n := range ns {
		if n.Clause == clause {
			return n.Total, true
		}
	}
	return 0, false
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
