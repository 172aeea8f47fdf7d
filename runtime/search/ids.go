package search

import (
	"slices"
	"strings"
	"unicode"
)

// Bounds of finding the endpoints an operationId in a query names.
const (
	// maxIDCandidates bounds the documents of an identifier's rarest term:
	// a word whose every part is in more operationIds than this names no
	// operation (it is too common to be one's id).
	maxIDCandidates = 4096
	// maxIDChecks bounds the endpoints whose operationId is read to
	// compare it with the query's identifier.
	maxIDChecks = 32
	// maxIDWords bounds the words of one query looked up as operationIds
	// (in query order): a description pasted whole has dozens of
	// identifiers and hyphenated words.
	maxIDWords = 4
)

// idGroup returns a group naming the endpoint whose id the plain clause c
// is (see endpointID), or the endpoints whose operationId it is, ignoring
// case ("Devices_Get", "repos/create-fork", "getPetById"): a caller that
// has an operation's id, from documentation, an SDK or its user, asks for
// that operation. ok is false when c is no identifier (a word of one
// part, "ping", is text) or no operationId is it.
func (e *engine) idGroup(r *reader, c clause, tries *int) (group, bool) {
	id := strings.TrimFunc(c.raw, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if d, ok := e.endpointID(c, id); ok {
		return group{c: c, keyword: true, names: true, docs: []int32{int32(d)}}, true
	}
	parts := 0
	for _, w := range words(id) {
		parts += len(appendParts(nil, w))
	}
	if !plainWord(c) || parts < 2 || *tries <= 0 {
		return group{}, false // a word of one part
	}
	*tries--
	var terms []termInfo
	for _, t := range uniqueTerms(Analyze(id)) {
		ti, ok := r.lookup(t)
		if !ok {
			return group{}, false
		}
		terms = append(terms, ti)
	}
	if len(terms) == 0 {
		return group{}, false
	}
	slices.SortFunc(terms, func(a, b termInfo) int { return a.df - b.df })
	cands := inOperationID(r, terms[0], nil, maxIDCandidates+1)
	if len(cands) > maxIDCandidates {
		return group{}, false
	}
	for _, t := range terms[1:] {
		if len(cands) <= maxIDChecks {
			break // few enough to compare their ids outright
		}
		cands = inOperationID(r, t, cands, len(cands))
	}
	g := group{c: c, keyword: true, names: true}
	for _, d := range cands[:min(len(cands), maxIDChecks)] {
		if int(d) < e.cat.Len() && strings.EqualFold(e.cat.Endpoint(int(d)).OperationID, id) {
			g.docs = append(g.docs, d)
		}
	}
	return g, len(g.docs) > 0
}

// endpointID finds the endpoint whose id (32 hex digits, as search and
// inspect give it) the plain clause c is: a caller that pasted an id
// into search gets that endpoint.
func (e *engine) endpointID(c clause, id string) (int, bool) {
	if !plainWord(c) || len(id) != 32 || strings.Trim(strings.ToLower(id), "0123456789abcdef") != "" {
		return 0, false
	}
	return e.cat.Find(id)
}

// inOperationID returns the documents whose operationId field holds term
// t, at most limit of them; with within, only those among within (sorted).
func inOperationID(r *reader, t termInfo, within []int32, limit int) []int32 {
	var out []int32
	var p posting
	for it := r.postings(t); it.next(&p) && len(out) < limit; {
		if within != nil && (len(within) == 0 || int32(p.doc) > within[len(within)-1]) {
			break // past the last candidate: postings ascend
		}
		if p.mask&(1<<fieldOperationID) == 0 {
			continue
		}
		if within == nil {
			out = append(out, int32(p.doc))
		} else if _, ok := slices.BinarySearch(within, int32(p.doc)); ok {
			out = append(out, int32(p.doc))
		}
	}
	return out
}
