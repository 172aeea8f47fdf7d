package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Analyze turns text into search terms: words split on anything that is not
// a letter or digit and at camelCase boundaries, lowercased, stop words
// dropped and plurals folded. A camelCase word also yields itself whole, so
// "getPetById" gives get, pet, id and getpetbyid. Indexing and queries use
// the same analyzer, so their terms always agree.
func Analyze(text string) []string {
	var terms []string
	for _, w := range words(text) {
		parts := camelParts(w)
		for _, p := range parts {
			terms = appendTerm(terms, p)
		}
		if len(parts) > 1 {
			terms = appendTerm(terms, w)
		}
	}
	return terms
}

// words splits text into runs of letters and digits.
func words(text string) []string {
	var out []string
	start := -1
	for i, r := range text {
		alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case alnum && start < 0:
			start = i
		case !alnum && start >= 0:
			out = append(out, text[start:i])
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, text[start:])
	}
	return out
}

// camelParts splits a word at lower-to-upper boundaries and before the last
// capital of an acronym that starts a new word: "HTTPServer" gives HTTP,
// Server. Digits stay with the letters around them ("oauth2", "v1").
func camelParts(w string) []string {
	var parts []string
	start := 0
	prev := rune(-1)
	for i, r := range w {
		if i > 0 && unicode.IsUpper(r) {
			next, _ := utf8.DecodeRuneInString(w[i+utf8.RuneLen(r):])
			lowerBefore := unicode.IsLower(prev) || unicode.IsDigit(prev)
			acronymEnd := unicode.IsUpper(prev) && unicode.IsLower(next)
			if lowerBefore || acronymEnd {
				parts = append(parts, w[start:i])
				start = i
			}
		}
		prev = r
	}
	return append(parts, w[start:])
}

// appendTerm lowercases, filters and folds one word and appends it.
func appendTerm(terms []string, w string) []string {
	w = strings.ToLower(w)
	if isStopWord(w) {
		return terms
	}
	return append(terms, foldPlural(w))
}

// isStopWord reports words too common in API descriptions to rank by.
func isStopWord(w string) bool {
	switch w {
	case "a", "an", "the", "and", "or", "of", "to", "in", "on", "for", "by",
		"with", "from", "at", "as", "is", "are", "be", "this", "that", "it",
		"its", "into", "via":
		return true
	}
	return false
}

// foldPlural maps common English plurals to their singular, so "pets"
// finds "pet". It is deliberately crude; both sides fold alike.
func foldPlural(w string) string {
	if len(w) <= 3 {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}
