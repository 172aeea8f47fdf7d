package search

import (
	"regexp"
	"sort"
	"strings"
)

// fuzzyAlts finds dictionary words within the clause's edit distance of
// term. auto (typo tolerance for a word missing from the index) keeps
// words sharing the first letter and only the few closest.
func fuzzyAlts(r *reader, term string, dist int, auto bool) []alt {
	n := len(term)
	if dist == autoFuzziness {
		switch {
		case n < 4:
			return nil
		case n <= 7:
			dist = 1
		default:
			dist = 2
		}
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
	r.scanPrefix(prefixOrAll(prefix), maxScanTerms, func(t termInfo) bool {
		if t.key[0] == '!' || t.key == term {
			return true
		}
		if d := editDistance(term, t.key, dist); d <= dist {
			cands = append(cands, cand{t, d})
		}
		return true
	})
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].d != cands[j].d {
			return cands[i].d < cands[j].d
		}
		return cands[i].t.df > cands[j].t.df
	})
	limit := maxTextExpansions
	if auto {
		limit = maxTypoAlternates
	}
	var alts []alt
	for i, c := range cands {
		if i == limit {
			break
		}
		via := "fuzzy"
		w := 1 - fuzzyWeightPerEdit*float64(c.d)
		if auto {
			via, w = "typo", 0.8-fuzzyWeightPerEdit*float64(c.d)
		}
		alts = append(alts, alt{info: c.t, weight: w, via: via})
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
// adds those match accepts; too many matches is a QueryError.
func scanPattern(r *reader, c clause, scope, start string, limit int, match func(string) bool, add func(termInfo)) error {
	n := 0
	var tooMany bool
	cut := r.scanPrefix(start, maxScanTerms, func(t termInfo) bool {
		if scope == "" && t.key[0] == '!' {
			return true
		}
		if !match(t.key) {
			return true
		}
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
