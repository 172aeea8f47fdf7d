package main

import (
	"crypto/sha256"

	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
)

// typoSeed picks each query's misspelling (-stress typo).
const typoSeed = "swag2mcp-issue-11/typo"

// minTypoWord is the shortest word misspelt: shorter ones are too often
// another word one edit away.
const minTypoWord = 5

// withTypos returns a copy of set whose natural-language queries each
// have their longest word (the first of equals, at least minTypoWord
// letters) misspelt by one edit a person makes: a letter dropped, two
// neighbours swapped or a letter doubled, never the first letter. Which
// edit and where is drawn from SHA-256 of typoSeed and the query, so the
// set is the same in every run. Syntax queries are left as written.
func withTypos(set *queryset.QuerySet) *queryset.QuerySet {
	out := *set
	out.Queries = make([]queryset.Labelled, len(set.Queries))
	for i, q := range set.Queries {
		if !q.IsSyntax() {
			q.Q = misspell(q.Q)
		}
		out.Queries[i] = q
	}
	return &out
}

// misspell applies withTypos' edit to q; q itself when no word is long
// enough.
func misspell(q string) string {
	start, end := -1, -1
	for i := 0; i < len(q); {
		j := i
		for j < len(q) && isLetter(q[j]) {
			j++
		}
		if j-i >= minTypoWord && j-i > end-start {
			start, end = i, j
		}
		if j == i {
			j++
		}
		i = j
	}
	if start < 0 {
		return q
	}
	h := sha256.Sum256([]byte(typoSeed + "\x00" + q))
	w := q[start:end]
	p := 1 + int(h[1])%(len(w)-2) // 1 … len-2: never the first letter, a neighbour always follows
	var typo string
	switch h[0] % 3 {
	case 0: // dropped
		typo = w[:p] + w[p+1:]
	case 1: // swapped with the next letter
		typo = w[:p] + string(w[p+1]) + string(w[p]) + w[p+2:]
		if typo == w { // equal neighbours ("ll", "ee"): drop one instead
			typo = w[:p] + w[p+1:]
		}
	default: // doubled
		typo = w[:p] + string(w[p]) + w[p:]
	}
	return q[:start] + typo + q[end:]
}

// isLetter reports an ASCII letter.
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
