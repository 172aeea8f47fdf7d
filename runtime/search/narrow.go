package search

import (
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Narrowing is a query with one more required clause and how many
// endpoints it matches: what a cut answer's note offers (NarrowQuery).
type Narrowing struct {
	Clause string // the clause added, "+method:DELETE" or "+tag:users"
	Total  int    // matches of the query with it
}

// narrowingClauses are the filters NarrowQuery tries for a query whose
// best hit is endpoint i, in order: its method, then its tag, each unless
// the query already requires one.
func narrowingClauses(cat *catalog.Catalog, query string, i int) []string {
	if i < 0 || i >= cat.Len() {
		return nil
	}
	ep := cat.Endpoint(i)
	var out []string
	if !requires(query, fieldMethod) && ep.Method != "" {
		out = append(out, "+method:"+strings.ToUpper(ep.Method))
	}
	if !requires(query, fieldTagName) && ep.Tag >= 0 && ep.Tag < len(cat.Tags) && cat.Tags[ep.Tag].Name != "" {
		out = append(out, "+tag:"+quoteValue(cat.Tags[ep.Tag].Name))
	}
	return out
}

// narrowedQuery is query with clause added, as a note writes it.
func narrowedQuery(query, clause string) string {
	return strings.TrimSpace(query) + " " + clause
}

// narrowed counts, from a finished run's scratch, the matches of the
// query with each of the best hit's narrowing clauses added, instead of
// running the query again per clause: on a 100,000-endpoint API that
// second and third search were two fifths of a search call. A required
// keyword clause changes which documents qualify only by its postings
// (the plan's groups and whatever matched them are the same), so the
// narrowed query's matches are the documents of its postings that
// qualify with one required clause more, matched. A clause left out
// is for the caller to search: one that does not plan to one keyword
// group, or whose addition changes how the query's own text parses (a
// "?" that ended the query is a wildcard before another clause).
func (e *engine) narrowed(r *reader, pl *plan, s *scratch, nMust int, query string, best int) []Narrowing {
	base, err := parse(strings.TrimSpace(query))
	if err != nil {
		return nil
	}
	var out []Narrowing
	var p posting
	for _, text := range narrowingClauses(e.cat, query, best) {
		cs, err := parse(narrowedQuery(query, text))
		if err != nil || len(cs) != len(base)+1 || !slices.Equal(cs[:len(base)], base) {
			continue
		}
		gs, err := planClause(r, cs[len(base)], new(int)) // a keyword filter: no typos
		if err != nil || len(gs) != 1 || !gs[0].keyword || len(gs[0].alts) > 1 {
			continue
		}
		n := 0
		for _, a := range gs[0].alts {
			for it := r.postings(a.info); it.next(&p); {
				d := p.doc
				if d >= 0 && d < len(s.excluded) && s.qualifies(pl, int32(d), nMust+1, int(s.mustHits[d])+1) {
					n++
				}
			}
		}
		out = append(out, Narrowing{Clause: text, Total: n})
	}
	return out
}
