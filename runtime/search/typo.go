package search

import "strings"

// minVocabTypoLen is the shortest word read as a misspelt word of the
// vocabulary by any edit: shorter words are too often other words one
// edit away. A word of minVocabSwapLen letters is read as one only by two
// swapped neighbours ("lsit" is list; "lst" or "gets" are not tried).
const (
	minVocabTypoLen = 5
	minVocabSwapLen = 4
)

// vocabTypo is the word of the vocabulary (an action verb or a noun of
// nounGroup) that w, a word neither the vocabulary nor the API knows,
// misspells by one edit (a letter dropped, added, changed or two swapped:
// "retrive", "delte", "updaet", "inboox"; a four-letter word only by a
// swap: "lsit"); "" when there is none. Of
// several such words it picks the first in alphabetical order, so the
// answer does not depend on the order tried. tries is how many more words
// of the query may be tried (see maxTypoWords); a word tried takes one.
func vocabTypo(r *reader, w string, tries *int) string {
	w = strings.ToLower(w)
	if *tries <= 0 || len(w) < minVocabSwapLen || !isASCIIWord(w) || verbMeaning(w).methods != nil || nounGroup(w) != nil {
		return ""
	}
	if t, ok := normalize(w, false); !ok {
		return ""
	} else if _, known := r.lookup(t); known {
		return ""
	}
	*tries--
	best := ""
	try := func(cand []byte) {
		if v := string(cand); (verbMeaning(v).methods != nil || nounGroup(v) != nil) && (best == "" || v < best) {
			best = v
		}
	}
	if len(w) >= minVocabTypoLen {
		oneEdits(w, 0, anyChange, try)
		return best
	}
	swapped := []byte(w)
	for i := 0; i+1 < len(swapped); i++ {
		swapped[i], swapped[i+1] = swapped[i+1], swapped[i]
		try(swapped)
		swapped[i], swapped[i+1] = swapped[i+1], swapped[i]
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
