package search

import (
	"sort"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Bounds of the vocabulary help a weak answer offers.
const (
	maxRelated        = 8   // terms offered
	relatedCandidates = 64  // nearest words checked against the index
	minRelatedCosine  = 0.4 // closeness a word needs to be offered
	// weakShare: an answer is weak when its best hit has less than this
	// share of the query's words in its title or description.
	weakShare = 0.5
	// maxRelatedShare: a word in more of the endpoints (and in more than
	// one) says too little to rephrase with ("get").
	maxRelatedShare = 0.1
	// maxRelatedPostings bounds the postings namesOperations reads.
	maxRelatedPostings = 4096
)

// nameFields are where a word offered to rephrase with must occur: the
// fields that name an operation and its tag, so the caller gets the API's
// names for things rather than the words its descriptions are written in
// ("instead", "available").
const nameFields = titleFields | 1<<fieldTag

// Advise implements Advisor: the answer hits to query matched weakly when
// it has no hit, or its best hit (unless a path or an id in the query
// names it) has in its summary, path, operationId, description and tag
// under half the query's plain words, counting a word whose form,
// synonym, meaning or spelling they hold; related are then the API's
// words closest in meaning to the query (from the semantic channel; none
// without its tables), so the caller can rephrase.
func (e *engine) Advise(query string, hits []Hit) (weak bool, related []string) {
	clauses, err := parse(query)
	if err != nil {
		return false, nil
	}
	if len(hits) > 0 && hits[0].Named {
		return false, nil // the operation the query's path or id names
	}
	var terms []string
	for _, c := range clauses {
		if plainWord(c) {
			terms = append(terms, Analyze(c.value)...)
		}
	}
	terms = uniqueTerms(terms)
	if len(terms) == 0 {
		return false, nil
	}
	if len(hits) > 0 && hits[0].Endpoint >= 0 && hits[0].Endpoint < e.cat.Len() {
		text := endpointText(e.cat, hits[0].Endpoint)
		have := termsBeginning(text, initialsOf(terms))
		n := 0
		for _, t := range terms {
			if have[t] {
				n++
			}
		}
		if float64(n) >= weakShare*float64(len(terms)) {
			return false, nil
		}
		// Only then plan the query again, to count what its words reached.
		if n, of := e.explained(clauses, text); of > 0 && float64(n) >= weakShare*float64(of) {
			return false, nil
		}
	}
	return true, e.relatedTerms(clauses, terms)
}

// explained counts the query's plain words (n of them) whose search
// reached a term of text: the word itself, or a form, synonym, meaning or
// spelling of it the search also tried ("remove" → delete, "repo" →
// repository).
func (e *engine) explained(clauses []clause, text string) (n, of int) {
	pl, err := e.plan(e.reader(), clauses)
	if err != nil {
		return 0, 0
	}
	var keys []string
	for _, g := range pl.groups {
		if g.coord && !g.aux {
			for _, a := range g.alts {
				keys = append(keys, a.info.key)
			}
		}
	}
	have := termsBeginning(text, initialsOf(keys))
	for _, g := range pl.groups {
		if !g.coord || g.aux {
			continue
		}
		of++
		for _, a := range g.alts {
			if have[a.info.key] {
				n++
				break
			}
		}
	}
	return n, of
}

// endpointText is the text of endpoint i a user would recognize.
func endpointText(cat *catalog.Catalog, i int) string {
	ep := cat.Endpoint(i)
	text := ep.Summary + " " + pathText(ep.Path) + " " + ep.OperationID + " " + stripMarkup(ep.Description.String())
	if ep.Tag >= 0 && ep.Tag < len(cat.Tags) {
		text += " " + cat.Tags[ep.Tag].Name
	}
	return text
}

// relatedTerms are the API's words nearest to the query's vector, best
// first, leaving out the query's own terms: words of the API (not general
// ones) that name its operations and say something (see specific).
func (e *engine) relatedTerms(clauses []clause, terms []string) []string {
	r := e.reader()
	q := queryVector(r, clauses)
	if q == nil {
		return nil
	}
	own := map[string]bool{}
	for _, t := range terms {
		own[t] = true
	}
	type cand struct {
		w string
		c float32
	}
	var cands []cand
	r.words.each(func(w, v string) {
		if len(v) != r.dims {
			return
		}
		if c := cosine(q, v); c >= minRelatedCosine {
			cands = append(cands, cand{w, c})
		}
	})
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].c != cands[j].c {
			return cands[i].c > cands[j].c
		}
		return cands[i].w < cands[j].w
	})
	var out []string
	seen := map[string]bool{}
	for i, c := range cands {
		if i == relatedCandidates || len(out) == maxRelated {
			break
		}
		t, ok := normalize(c.w, false)
		if !ok || own[t] || seen[t] {
			continue
		}
		if ti, ok := r.lookup(t); ok && specific(r, ti) && namesOperations(r, ti) {
			seen[t] = true
			out = append(out, c.w)
		}
	}
	return out
}

// specific reports whether t is in at most maxRelatedShare of the
// endpoints, or in one.
func specific(r *reader, t termInfo) bool {
	return t.df <= 1 || float64(t.df) <= maxRelatedShare*float64(r.ix.Docs)
}

// namesOperations reports whether t occurs in a field of nameFields of
// some endpoint (among its first maxRelatedPostings).
func namesOperations(r *reader, t termInfo) bool {
	var p posting
	it := r.postings(t)
	for n := 0; n < maxRelatedPostings && it.next(&p); n++ {
		if p.mask&nameFields != 0 {
			return true
		}
	}
	return false
}
