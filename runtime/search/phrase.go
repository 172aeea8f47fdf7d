package search

import "sort"

// maxPhraseDocs bounds the documents whose positions one phrase checks.
const maxPhraseDocs = 1 << 14

// scorePhrase scores documents where the group's terms occur in order in
// one field: candidates are the documents holding every term (cheapest
// first), then positions decide.
func (e *engine) scorePhrase(r *reader, g *group, s *scratch, add func(int32, float32), why map[int32][]Contribution) {
	terms := g.phrase
	order := make([]int, len(terms))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return terms[order[a]].df < terms[order[b]].df })

	var cands []int32
	var p posting
	it := r.postings(terms[order[0]])
	for it.next(&p) && len(cands) < maxPhraseDocs {
		if p.mask&g.fields != 0 {
			cands = append(cands, int32(p.doc))
		}
	}
	for _, ti := range order[1:] {
		kept := cands[:0]
		it := r.postings(terms[ti])
		i := 0
		for i < len(cands) && it.next(&p) {
			for i < len(cands) && int(cands[i]) < p.doc {
				i++
			}
			if i < len(cands) && int(cands[i]) == p.doc && p.mask&g.fields != 0 {
				kept = append(kept, cands[i])
				i++
			}
		}
		cands = kept
	}
	if len(cands) == 0 {
		return
	}
	// pos[t][c][f]: positions of term t in field f of candidate c.
	pos := make([][][numFields][]int, len(terms))
	for ti, t := range terms {
		pos[ti] = make([][numFields][]int, len(cands))
		it := r.postings(t)
		pc := cursor{s: r.ix.Positions[:t.posEnd], i: t.pos}
		ci := 0
		for it.next(&p) {
			for ci < len(cands) && int(cands[ci]) < p.doc {
				ci++
			}
			hit := ci < len(cands) && int(cands[ci]) == p.doc
			for f := range numFields {
				if p.mask&(1<<f) == 0 {
					continue
				}
				cur := 0
				for range p.tf[f] {
					if pc.bad {
						return
					}
					cur += pc.uvarint()
					if hit && g.fields&(1<<f) != 0 {
						pos[ti][ci][f] = append(pos[ti][ci][f], cur)
					}
				}
			}
			if pc.bad {
				return
			}
		}
	}
	idfSum := 0.0
	for _, t := range terms {
		idfSum += idf(r.ix.Docs, t.df)
	}
	for ci, d := range cands {
		tfw := 0.0
		var mask uint
		for f := range numFields {
			n := phraseCount(pos, ci, f)
			if n > 0 {
				mask |= 1 << f
				tfw += fieldWeight(f) * float64(n) * float64(r.normFactor[f][r.norm(int(d), f)])
			}
		}
		if tfw == 0 {
			continue
		}
		v := float32(idfSum * tfw * (k1 + 1) / (tfw + k1))
		add(d, v)
		if why != nil {
			why[d] = append(why[d], Contribution{Clause: g.c.raw, Term: g.c.value, Via: "phrase", Fields: maskFields(mask), Score: float64(v)})
		}
	}
}

// phraseCount counts the starts of the phrase in field f of candidate ci.
func phraseCount(pos [][][numFields][]int, ci int, f field) int {
	n := 0
	for _, start := range pos[0][ci][f] {
		ok := true
		for k := 1; k < len(pos) && ok; k++ {
			ok = containsInt(pos[k][ci][f], start+k)
		}
		if ok {
			n++
		}
	}
	return n
}

// containsInt reports v in the ascending list s.
func containsInt(s []int, v int) bool {
	i := sort.SearchInts(s, v)
	return i < len(s) && s[i] == v
}

// loosenPhrases returns clauses with every optional text phrase of two or
// more words replaced by its words as optional plain words, and those
// phrases; nil phrases when there is none.
func loosenPhrases(clauses []clause) ([]clause, []string) {
	var phrases []string
	out := make([]clause, 0, len(clauses))
	for _, c := range clauses {
		ws := words(c.value)
		if c.kind != kindPhrase || c.occur != should || c.field != fieldAll || len(ws) < 2 {
			out = append(out, c)
			continue
		}
		phrases = append(phrases, c.value)
		for _, w := range ws {
			out = append(out, clause{pos: c.pos, raw: w, value: w, kind: kindTerm, occur: should, field: fieldAll, boost: c.boost})
		}
	}
	if phrases == nil {
		return clauses, nil
	}
	return out, phrases
}
