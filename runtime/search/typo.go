package search

import "strings"

// minVocabTypoLen is the shortest word read as a misspelt word of the
// vocabulary: shorter words are too often other words one edit away.
const minVocabTypoLen = 5

// vocabTypo is the word of the vocabulary (an action verb or a noun of
// nounGroup) that w, a word neither the vocabulary nor the API knows,
// misspells by one edit (a letter dropped, added, changed or two swapped:
// "retrive", "delte", "updaet", "inboox"); "" when there is none. Of
// several such words it picks the first in alphabetical order, so the
// answer does not depend on the order tried.
func vocabTypo(r *reader, w string) string {
	w = strings.ToLower(w)
	if len(w) < minVocabTypoLen || !isASCIIWord(w) || verbMeaning(w).methods != nil || nounGroup(w) != nil {
		return ""
	}
	if t, ok := normalize(w, false); !ok {
		return ""
	} else if _, known := r.lookup(t); known {
		return ""
	}
	best := ""
	try := func(v string) {
		if (verbMeaning(v).methods != nil || nounGroup(v) != nil) && (best == "" || v < best) {
			best = v
		}
	}
	for i := 0; i <= len(w); i++ {
		if i < len(w) {
			try(w[:i] + w[i+1:]) // deletion
			if i+1 < len(w) {
				try(w[:i] + string(w[i+1]) + string(w[i]) + w[i+2:]) // transposition
			}
		}
		for c := byte('a'); c <= 'z'; c++ {
			try(w[:i] + string(c) + w[i:]) // insertion
			if i < len(w) && c != w[i] {
				try(w[:i] + string(c) + w[i+1:]) // substitution
			}
		}
	}
	return best
}

// isASCIIWord reports a word of lowercase ASCII letters only.
func isASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return w != ""
}
