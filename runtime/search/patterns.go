package search

import (
	"regexp"
	"sort"
	"strings"
)

// Fuzzy matching keeps to typos of the word: at most maxEditsFor its
// length, only the candidates nearest to it, and one idf for all of them,
// so a rare word that happens to be one edit away ("tabl" for "labl~")
// does not outscore the common word the user meant ("label").
const (
	// firstLetterWeight is the weight of a candidate that changes the
	// word's first letter, the letter typists get wrong least.
	firstLetterWeight = 0.8
	// maxFuzzyExpansions bounds the words one fuzzy term searches.
	maxFuzzyExpansions = 16
)

// maxEditsFor is the most edits a fuzzy term of n bytes may take, as
// Lucene's AUTO fuzziness: none for one or two letters, one up to five,
// two beyond.
func maxEditsFor(n int) int {
	switch {
	case n <= 2:
		return 0
	case n <= 5:
		return 1
	}
	return 2
}

// fuzzyAlts finds dictionary words within the clause's edit distance of
// term (at most maxEditsFor its length), keeping only those at the
// smallest distance found. auto (typo tolerance for a word missing from
// the index) keeps words sharing the first letter and only the few
// closest, asks for four letters or more and allows two edits from eight;
// it also finds the words one edit from typed, the word as the user wrote
// it (see spellingStems).
func fuzzyAlts(r *reader, term string, dist int, auto bool, typed string) []alt {
	n := len(term)
	if dist == autoFuzziness {
		switch {
		case n < 4:
			dist = 0
		case n <= 7:
			dist = 1
		default:
			dist = 2
		}
	}
	dist = min(dist, maxEditsFor(n))
	if dist == 0 && !auto {
		return nil
	}
	prefix := "0" // text terms sort after every keyword key
	if auto {
		prefix = term[:1]
	}
	type cand struct {
		t termInfo
		d int
	}
	var cands []cand
	best := dist
	// A key whose length is farther from the term's than best edits is
	// never near enough: it is skipped before it becomes a string.
	near := func(k []byte) bool { return !isKeywordKey(k) && abs(len(k)-len(term)) <= best }
	if dist > 0 { // else only the typed word's spellings are tried
		r.scanPrefix(prefixOrAll(prefix), maxScanTerms, near, func(t termInfo) bool {
			if t.key == term {
				return true
			}
			if d := editDistance(term, t.key, best); d <= best {
				best = d
				cands = append(cands, cand{t, d})
			}
			return true
		})
	}
	if auto {
		spellingStems(r, typed, func(t termInfo) {
			for i := range cands {
				if cands[i].t.key == t.key {
					cands[i].d = min(cands[i].d, 1)
					return
				}
			}
			best = 1
			cands = append(cands, cand{t, 1})
		})
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].d != cands[j].d {
			return cands[i].d < cands[j].d
		}
		return cands[i].t.df > cands[j].t.df
	})
	limit := maxFuzzyExpansions
	if auto {
		limit = maxTypoAlternates
	}
	maxDf := 0
	var kept []cand
	for _, c := range cands {
		if c.d > best || len(kept) == limit {
			break
		}
		kept = append(kept, c)
		maxDf = max(maxDf, c.t.df)
	}
	blended := idf(r.ix.Docs, maxDf)
	alts := make([]alt, 0, len(kept))
	for _, c := range kept {
		via := "fuzzy"
		w := 1 - fuzzyWeightPerEdit*float64(c.d)
		if auto {
			via, w = "typo", 0.8-fuzzyWeightPerEdit*float64(c.d)
		}
		if c.t.key[0] != term[0] {
			w *= firstLetterWeight
		}
		alts = append(alts, alt{info: c.t, weight: w, via: via, idfCap: blended})
	}
	return alts
}

// prefixOrAll turns the "0" marker into the empty prefix (all keys); the
// scan then skips keyword keys itself.
func prefixOrAll(p string) string {
	if p == "0" {
		return ""
	}
	return p
}

// scanPattern visits the keys under prefix (scope) starting at start, and
// adds those match accepts (it sees a key's bytes, valid only during the
// call); too many matches is a QueryError.
func scanPattern(r *reader, c clause, scope, start string, limit int, match func(key []byte) bool, add func(termInfo)) error {
	n := 0
	var tooMany bool
	keep := func(k []byte) bool { return !(scope == "" && isKeywordKey(k)) && match(k) }
	cut := r.scanPrefix(start, maxScanTerms, keep, func(t termInfo) bool {
		if n++; n > limit {
			tooMany = true
			return false
		}
		add(t)
		return true
	})
	if tooMany || cut {
		return qerr(c.pos, "%q matches too many terms; make the pattern more specific", c.raw)
	}
	return nil
}

// compileRegex compiles a /regex/ clause, anchored to whole terms.
func compileRegex(c clause) (*regexp.Regexp, error) {
	if len(c.value) > maxRegexBytes {
		return nil, qerr(c.pos, "regular expression longer than %d bytes", maxRegexBytes)
	}
	re, err := regexp.Compile("^(?i:" + c.value + ")$")
	if err != nil {
		msg := err.Error()
		if i := strings.LastIndex(msg, ": "); i >= 0 {
			msg = msg[:i]
		}
		return nil, qerr(c.pos, "bad regular expression %q: %s (RE2 syntax, matched against whole lowercase words)", c.value, strings.TrimPrefix(msg, "error parsing regexp: "))
	}
	return re, nil
}

// literalRegexPrefix is the fixed start every match of re has.
func literalRegexPrefix(re *regexp.Regexp) string {
	p, _ := re.LiteralPrefix()
	return p
}
