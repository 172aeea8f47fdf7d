package search

import (
	"container/heap"
	"context"
	"math"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// BM25 and combination constants.
const (
	k1 = 1.2
	// tieBreak is the share of a group's other alternatives added to its
	// best one (dis-max): a synonym never outscores the word itself, yet
	// a document matching both edges ahead.
	tieBreak = 0.1
	// coordFloor is the score factor of a document matching one of many
	// plain words; matching all of them gives 1.
	coordFloor = 0.3
	// namedHits marks, in scratch.anyHits, a document a path in the query
	// names (group.names): it counts as matching every plain word, and in
	// a query shorter than prose (see plan.namedLift) its score is lifted
	// namedLift times, over what the other words match ("what does a 404
	// on /users/alice mean" is about that endpoint).
	namedHits = 255
	namedLift = 4
)

// scratch holds per-query arrays, one slot per document, reused through a
// pool; every slot a query touches is cleared before it goes back.
type scratch struct {
	total    []float32
	mustHits []uint8
	anyHits  []uint8
	should   []bool // matched an optional group that is not aux
	excluded []bool
	seen     []bool // in touched
	gSeen    []bool // in gTouched
	touched  []int32
	best     []float32
	sum      []float32
	gTouched []int32
	// cover[d] counts the tokens of d's summary and path fields that the
	// query's words matched, for coverage (see coverage).
	cover [][coverFields]float32
	cands []scored // considerMixed's candidates
	// passed[d] counts the keyword filters (see keywordFilters) document d
	// passes; filtered lists the documents the first one passed, the only
	// ones whose count is not 0.
	passed   []uint8
	filtered []int32
}

func (e *engine) getScratch(n int) *scratch {
	if s, ok := e.scratch.Get().(*scratch); ok && len(s.total) == n {
		return s
	}
	return &scratch{
		total: make([]float32, n), mustHits: make([]uint8, n), anyHits: make([]uint8, n), should: make([]bool, n),
		excluded: make([]bool, n), seen: make([]bool, n), gSeen: make([]bool, n), best: make([]float32, n), sum: make([]float32, n),
		cover: make([][coverFields]float32, n), passed: make([]uint8, n),
	}
}

func (e *engine) putScratch(s *scratch) {
	for _, d := range s.touched {
		s.total[d], s.mustHits[d], s.anyHits[d], s.excluded[d], s.seen[d], s.should[d] = 0, 0, 0, false, false, false
		s.cover[d] = [coverFields]float32{}
	}
	s.touched = s.touched[:0]
	for _, d := range s.filtered {
		s.passed[d] = 0
	}
	s.filtered = s.filtered[:0]
	e.scratch.Put(s)
}

// run scores every group and ranks the documents that qualify.
func (e *engine) run(ctx context.Context, r *reader, pl *plan, q Query) (Result, error) {
	n := r.ix.Docs
	s := e.getScratch(n)
	defer e.putScratch(s)
	var why map[int32][]Contribution
	if q.Explain {
		why = map[int32][]Contribution{}
	}
	nMust, positive := 0, false
	var filters uint8
	if !pl.scoreAll {
		filters = keywordFilters(r, pl, s)
	}
	for gi := range pl.groups {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		g := &pl.groups[gi]
		if g.c.occur == must {
			nMust++
		}
		if g.c.occur != mustNot {
			positive = true
		}
		e.scoreGroup(r, g, s, filters, why)
		for _, d := range s.gTouched {
			if !s.seen[d] {
				s.seen[d] = true
				s.touched = append(s.touched, d)
			}
			tb := float32(tieBreak)
			if g.sum {
				tb = 1
			}
			v := s.best[d] + tb*(s.sum[d]-s.best[d])
			s.best[d], s.sum[d], s.gSeen[d] = 0, 0, false
			switch g.c.occur {
			case mustNot:
				s.excluded[d] = true
			case must:
				s.mustHits[d]++
				s.total[d] += v * float32(g.c.boost)
			default:
				s.should[d] = s.should[d] || !g.aux
				switch {
				case g.names:
					s.anyHits[d] = namedHits
				case g.coord && s.anyHits[d] < namedHits-1:
					s.anyHits[d]++
				}
				s.total[d] += v * float32(g.c.boost)
			}
		}
		s.gTouched = s.gTouched[:0]
	}
	qualifies := func(d int32) bool { return s.qualifies(pl, d, nMust, int(s.mustHits[d])) }
	hints := methodHints{hints: pl.hints}
	score := func(d int32) float64 {
		v := float64(s.total[d])
		if s.anyHits[d] == namedHits {
			v *= pl.namedLift
		} else if pl.coordSize > 1 {
			frac := min(1, float64(s.anyHits[d])/float64(pl.coordSize))
			v *= coordFloor + (1-coordFloor)*frac
		}
		if len(pl.hints) > 0 && int(d) < e.cat.Len() && hints.hinted(e.cat.Method(int(d))) {
			v *= 1 + pl.hintWeight
		}
		if pl.coverage {
			v *= 1 + coverage(r, s, d)
		}
		if pl.shape != shapeNone && int(d) < e.cat.Len() {
			v *= 1 + weightShape*shapeFit(pl.shape, e.cat, int(d))
		}
		return v
	}
	limit := q.Limit
	if limit <= 0 || limit > n {
		limit = n
	}
	h := &hitHeap{}
	total := 0
	count := func() { total++ }
	consider := func(d int32, v float64) {
		total++
		hit := Hit{Endpoint: int(d), Score: v}
		if h.Len() < limit {
			heap.Push(h, hit)
		} else if better(hit, (*h)[0]) {
			(*h)[0] = hit
			heap.Fix(h, 0)
		}
	}
	switch {
	case positive && pl.vector != nil:
		e.considerMixed(r, pl, s, nMust, limit, qualifies, score, consider, count)
	case positive:
		for _, d := range s.touched {
			if qualifies(d) {
				consider(d, score(d))
			}
		}
	default: // only must-not clauses: every other document, in catalog order
		for d := range int32(n) {
			if !s.excluded[d] {
				consider(d, score(d))
			}
		}
	}
	hits := make([]Hit, h.Len())
	for i := len(hits) - 1; i >= 0; i-- {
		hits[i] = heap.Pop(h).(Hit)
		hits[i].Named = s.anyHits[hits[i].Endpoint] == namedHits
	}
	if why != nil {
		for i := range hits {
			hits[i].Why = why[int32(hits[i].Endpoint)]
		}
	}
	res := Result{Hits: hits, Total: total}
	if q.Narrow && total > len(hits) && len(hits) > 0 {
		res.Narrowed = e.narrowed(r, pl, s, nMust, q.Text, hits[0].Endpoint)
	}
	return res, nil
}

// qualifies reports whether document d is a match of a query planned as
// pl with nMust required clauses, hits of which d matches: all of them, no
// must-not clause, and at least one optional clause when there are any
// (see plan.shoulds) or at least one clause when nothing is required.
// narrowed asks it with one required clause more.
func (s *scratch) qualifies(pl *plan, d int32, nMust, hits int) bool {
	if s.excluded[d] || hits < nMust {
		return false
	}
	if nMust > 0 && pl.shoulds > 0 && !s.should[d] {
		return false
	}
	return nMust > 0 || s.total[d] > 0 || s.anyHits[d] > 0
}

// considerMixed passes every qualifying document to consider with its
// score normalized to the best one's plus the semantic channel's share,
// and, when nothing is required, the documents no clause matched whose
// cosine reaches minSemantic. A document whose score could not reach the
// best limit ones' even with a cosine of 1 is only counted: its cosine is
// not computed (on a 100,000-endpoint API a common word matches tens of
// thousands).
func (e *engine) considerMixed(r *reader, pl *plan, s *scratch, nMust, limit int,
	qualifies func(int32) bool, score func(int32) float64, consider func(int32, float64), count func()) {
	s.cands = s.cands[:0]
	best := 0.0
	for _, d := range s.touched {
		if qualifies(d) {
			v := score(d)
			best = max(best, v)
			s.cands = append(s.cands, scored{d, v})
		}
	}
	// Each of the limit best scores ends at least at floor/best, so a
	// score below floor - weightSemantic*best cannot take their place
	// (maxCosine: a cosine is at most 1, and float32 rounding adds ulps).
	const maxCosine = 1.001
	cut := lexicalFloor(s.cands, limit) - weightSemantic*maxCosine*best
	for _, c := range s.cands {
		if c.v < cut {
			count()
			continue
		}
		v := weightSemantic * float64(max(0, r.docCosine(pl.vector, c.d)))
		if best > 0 {
			v += c.v / best
		}
		consider(c.d, v)
	}
	if nMust > 0 || r.ix.Docs > maxSemanticScan {
		return
	}
	for d := range int32(r.ix.Docs) {
		if s.seen[d] {
			continue
		}
		if c := r.docCosine(pl.vector, d); c >= minSemantic {
			consider(d, weightSemantic*float64(c))
		}
	}
}

// lexicalFloor is the limit-th highest score of cands, or -Inf when there
// are not more than limit of them.
func lexicalFloor(cands []scored, limit int) float64 {
	if limit <= 0 || len(cands) <= limit {
		return math.Inf(-1)
	}
	top := make(hitHeap, 0, limit) // the worst of the best limit on top
	for _, c := range cands {
		hit := Hit{Endpoint: int(c.d), Score: c.v}
		if len(top) < limit {
			heap.Push(&top, hit)
		} else if better(hit, top[0]) {
			top[0] = hit
			heap.Fix(&top, 0)
		}
	}
	return top[0].Score
}

// scored is a document and its lexical score.
type scored struct {
	d int32
	v float64
}

// better orders hits: higher score, then catalog order.
func better(a, b Hit) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return a.Endpoint < b.Endpoint
}

// hitHeap keeps the best hits with the worst on top.
type hitHeap []Hit

func (h hitHeap) Len() int           { return len(h) }
func (h hitHeap) Less(i, j int) bool { return better(h[j], h[i]) }
func (h hitHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *hitHeap) Push(x any)        { *h = append(*h, x.(Hit)) }
func (h *hitHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// idf is BM25's inverse document frequency.
func idf(docs, df int) float64 {
	return math.Log(1 + (float64(docs)-float64(df)+0.5)/(float64(df)+0.5))
}

// scoreGroup fills s.best, s.sum and s.gTouched with the group's scores.
func (e *engine) scoreGroup(r *reader, g *group, s *scratch, filters uint8, why map[int32][]Contribution) {
	add := func(d int32, v float32) {
		if !s.gSeen[d] {
			s.gSeen[d] = true
			s.gTouched = append(s.gTouched, d)
		}
		s.best[d] = max(s.best[d], v)
		s.sum[d] += v
	}
	if g.phrase != nil {
		e.scorePhrase(r, g, s, add, why)
		return
	}
	for _, d := range g.docs {
		if filters > 0 && s.passed[d] != filters {
			continue
		}
		v := float32(keywordScore * exactPathScore)
		add(d, v)
		if why != nil {
			why[d] = append(why[d], Contribution{Clause: g.c.raw, Term: g.c.raw, Via: "named", Score: float64(v)})
		}
	}
	var p posting
	for _, a := range g.alts {
		it := r.postings(a.info)
		if g.keyword || it.keyword {
			v := float32(keywordScore * a.weight)
			for it.next(&p) {
				if filters > 0 && s.passed[p.doc] != filters {
					continue
				}
				add(int32(p.doc), v)
				if why != nil {
					why[int32(p.doc)] = append(why[int32(p.doc)], Contribution{Clause: g.c.raw, Term: a.info.key, Via: a.via, Score: float64(v)})
				}
			}
			continue
		}
		w := idf(r.ix.Docs, a.info.df)
		if a.idfCap > 0 {
			w = min(w, a.idfCap)
		}
		w *= a.weight
		fields := g.fields
		if a.fields != 0 {
			fields &= a.fields
		}
		countCover := g.c.occur != mustNot
		for it.next(&p) {
			if filters > 0 && s.passed[p.doc] != filters {
				continue
			}
			m := p.mask & fields
			if countCover && m != 0 {
				cw := float32(min(a.weight, 1))
				if m&(1<<fieldSummary) != 0 {
					s.cover[p.doc][0] += float32(p.tf[fieldSummary]) * cw
				}
				if m&(1<<fieldPath) != 0 {
					s.cover[p.doc][1] += float32(p.tf[fieldPath]) * cw
				}
			}
			tfw := 0.0
			for f := range numFields {
				if m&(1<<f) != 0 {
					tfw += fieldWeight(f) * float64(p.tf[f]) * float64(r.normFactor[f][r.norm(p.doc, f)])
				}
			}
			if tfw == 0 {
				continue
			}
			v := float32(w * tfw * (k1 + 1) / (tfw + k1))
			add(int32(p.doc), v)
			if why != nil {
				why[int32(p.doc)] = append(why[int32(p.doc)], Contribution{
					Clause: g.c.raw, Term: a.info.key, Via: a.via, Fields: maskFields(m), Score: float64(v),
				})
			}
		}
	}
}

// keywordFilters finds, before any word is scored, the documents that
// pass every required keyword clause of pl (+method:DELETE, +tag:pets,
// +path:*hooks*: every posting of a keyword term counts whole), and
// returns how many such clauses there are, so that scoreGroup can skip
// the postings of every other document: they cannot qualify. A filtered
// query scores only what its filters let through (the result note's
// narrower query is one: it used to cost three quarters of a search on
// a 100,000-endpoint API). 0 means no filter, as when the filters are all
// the query has: there is nothing for them to spare.
func keywordFilters(r *reader, pl *plan, s *scratch) uint8 {
	if !slices.ContainsFunc(pl.groups, func(g group) bool { return !isFilter(&g) }) {
		return 0
	}
	var n uint8
	var p posting
	for gi := range pl.groups {
		g := &pl.groups[gi]
		if !isFilter(g) || n == math.MaxUint8 {
			continue
		}
		for _, a := range g.alts {
			it := r.postings(a.info)
			for it.next(&p) {
				if p.doc < 0 || p.doc >= len(s.passed) || s.passed[p.doc] != n {
					continue // out of range, failed an earlier filter, or passed this one already
				}
				if n == 0 {
					s.filtered = append(s.filtered, int32(p.doc))
				}
				s.passed[p.doc] = n + 1
			}
		}
		n++
	}
	return n
}

// isFilter reports a required keyword clause (see keywordFilters).
func isFilter(g *group) bool {
	return g.c.occur == must && g.phrase == nil && len(g.alts) > 0 && keywordOnly(g)
}

// keywordOnly reports a group whose every posting counts whole.
func keywordOnly(g *group) bool {
	if g.keyword {
		return true
	}
	for _, a := range g.alts {
		if !isKeywordKey(a.info.key) {
			return false
		}
	}
	return true
}

// maskFields names the fields of a mask.
func maskFields(m uint) []string {
	var out []string
	for f := range numFields {
		if m&(1<<f) != 0 {
			out = append(out, f.String())
		}
	}
	return out
}

// shapeFit is 1 when a GET endpoint returns what the query's shape asks
// for (a path ending in a parameter reads one item, any other path many),
// -1 when it returns the other, and 0 for other methods.
func shapeFit(sh shape, cat *catalog.Catalog, i int) float64 {
	if !strings.EqualFold(cat.Method(i), "GET") {
		return 0
	}
	if cat.ItemPath(i) == (sh == shapeItem) {
		return 1
	}
	return -1
}

// coverFields are the fields whose coverage counts: summary and path.
const coverFields = 2

// Weights of coverage: how much of a document's summary and path the query
// explains. Titles are short, so an endpoint whose whole summary the query
// accounts for ("Delete branch protection" for "remove branch protection")
// is a better answer than one that adds words the query never asked for
// ("Remove status check protection").
const (
	weightCoverSummary = 0.5
	weightCoverPath    = 0.3
)

// methodHints tells whether a method is one the query hints at,
// remembering the answer per distinct method string. A catalog returns a
// handful of them for all its endpoints, and upper-casing and hashing
// every candidate's method was an eighth of a search's time on a
// 100,000-endpoint API, where common words make tens of thousands of
// candidates.
type methodHints struct {
	hints map[string]bool
	seen  []methodHint
}

type methodHint struct {
	method string
	hinted bool
}

// maxMethodHints bounds what methodHints remembers (specs may spell a
// method in more than one case).
const maxMethodHints = 16

func (m *methodHints) hinted(method string) bool {
	for _, s := range m.seen {
		if s.method == method {
			return s.hinted
		}
	}
	h := m.hints[strings.ToUpper(method)]
	if len(m.seen) < maxMethodHints {
		m.seen = append(m.seen, methodHint{method, h})
	}
	return h
}

// coverage is the score lift of document d for the share of its summary
// and path tokens the query matched.
func coverage(r *reader, s *scratch, d int32) float64 {
	lift := 0.0
	for i, f := range [coverFields]field{fieldSummary, fieldPath} {
		n := r.lens[r.norm(int(d), f)]
		if n <= 0 {
			continue
		}
		c := min(1, float64(s.cover[d][i])/n)
		w := weightCoverSummary
		if f == fieldPath {
			w = weightCoverPath
		}
		lift += w * c
	}
	return lift
}
