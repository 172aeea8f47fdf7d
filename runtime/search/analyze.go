package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/english"
)

// token is one analyzed term and its position in its field. Parts of an
// identifier take consecutive positions; the whole identifier shares the
// position of its first part.
type token struct {
	term string
	pos  int
}

// Analyze turns text into search terms: words split on anything that is not
// a letter or digit, at camelCase boundaries and between letters and
// digits, lowercased, stop words and single characters dropped, English
// words stemmed (so plurals fold: "repositories" and "repository" agree).
// An identifier also yields itself whole, so "getPetById" gives get, pet,
// id and getpetbyid. Indexing and queries use the same analyzer, so their
// terms always agree.
func Analyze(text string) []string {
	toks := analyzeTokens(text, 0, nil)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.term
	}
	return out
}

// analyzeTokens analyzes text into at most limit tokens (no bound when
// limit is 0), appending to dst.
func analyzeTokens(text string, limit int, dst []token) []token {
	return analyzeWith(text, limit, dst, false)
}

// analyzeKeepingStopWords analyzes like Analyze but keeps stop words: in a
// path, "/me" or "/user/{id}/for" are names, not filler, and the
// vocabulary's words are chosen on purpose.
func analyzeKeepingStopWords(text string) []string {
	toks := analyzeWith(text, 0, nil, true)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.term
	}
	return out
}

// analyzeWith analyzes text into at most limit tokens (no bound when limit
// is 0), appending to dst; keepStop keeps stop words.
func analyzeWith(text string, limit int, dst []token, keepStop bool) []token {
	var a analyzer
	return a.analyze(text, limit, dst, keepStop)
}

// analyzer analyzes texts. The zero value suits one-off texts such as
// queries; an index build uses newAnalyzer, whose memo keeps every
// distinct word's parts with their lowercased forms and terms: an API
// repeats its words thousands of times, and splitting and stemming each
// occurrence anew was a third of building GitHub's index. It reuses its
// buffers from text to text.
type analyzer struct {
	memo  map[string]wordEntry // nil: none
	forms []wordForm           // the memo's parts, or the last word's without one
	words []string
	parts []string
}

// wordForm is what normalize needs to know about a word.
type wordForm struct {
	lower string // the word lowercased
	term  string // lower stemmed; "" when short
	short bool   // fewer than two characters
	stop  bool   // a stop word
}

// wordEntry is a word of the memo: the forms of its parts (see
// appendParts), forms[at:at+n], and its own.
type wordEntry struct {
	at, n int
	whole wordForm
}

// newAnalyzer is an analyzer with a memo.
func newAnalyzer() *analyzer { return &analyzer{memo: map[string]wordEntry{}} }

// formOf is w's wordForm.
func formOf(w string) wordForm {
	lower := strings.ToLower(w)
	f := wordForm{lower: lower, short: utf8.RuneCountInString(lower) < 2, stop: isStopWord(lower)}
	if !f.short {
		f.term = stem(lower)
	}
	return f
}

// normalized is normalize's answer for the word of f.
func (f wordForm) normalized(keepStop bool) (string, bool) {
	if f.short || (!keepStop && f.stop) {
		return "", false
	}
	return f.term, true
}

// split returns the forms of w's parts and w's own form, valid until the
// next call.
func (a *analyzer) split(w string) (parts []wordForm, whole wordForm) {
	if e, ok := a.memo[w]; ok {
		return a.forms[e.at : e.at+e.n], e.whole
	}
	if a.memo == nil {
		a.forms = a.forms[:0]
	}
	a.parts = appendParts(a.parts[:0], w)
	e := wordEntry{at: len(a.forms), n: len(a.parts)}
	for _, p := range a.parts {
		a.forms = append(a.forms, formOf(p))
	}
	if e.n == 1 {
		e.whole = a.forms[e.at]
	} else {
		e.whole = formOf(w)
	}
	if a.memo != nil {
		a.memo[w] = e
	}
	return a.forms[e.at : e.at+e.n], e.whole
}

// normalize is normalize(w, keepStop), memoized when a has a memo.
func (a *analyzer) normalize(w string, keepStop bool) (string, bool) {
	if a.memo == nil {
		return normalize(w, keepStop)
	}
	_, whole := a.split(w)
	return whole.normalized(keepStop)
}

// analyze is analyzeWith.
func (a *analyzer) analyze(text string, limit int, dst []token, keepStop bool) []token {
	pos := 0
	a.words = appendWords(a.words[:0], text)
	for _, w := range a.words {
		parts, whole := a.split(w)
		first := -1
		for _, f := range parts {
			if t, ok := f.normalized(keepStop); ok {
				if first < 0 {
					first = pos
				}
				dst = append(dst, token{t, pos})
				pos++
			}
		}
		if len(parts) > 1 && first >= 0 {
			if t, ok := whole.normalized(keepStop); ok {
				dst = append(dst, token{t, first})
			}
		}
		if limit > 0 && len(dst) >= limit {
			return dst[:limit]
		}
	}
	return dst
}

// words splits text into runs of letters and digits.
func words(text string) []string { return appendWords(nil, text) }

// appendWords appends the runs of letters and digits of text to dst.
func appendWords(dst []string, text string) []string {
	start := -1
	for i, r := range text {
		alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case alnum && start < 0:
			start = i
		case !alnum && start >= 0:
			dst = append(dst, text[start:i])
			start = -1
		}
	}
	if start >= 0 {
		dst = append(dst, text[start:])
	}
	return dst
}

// appendParts appends the parts of w to dst: w split at lower-to-upper
// boundaries, before the last capital of an acronym that starts a new word
// ("HTTPServer" gives HTTP, Server) and where digits follow a run of two or
// more letters ("oauth2" gives oauth, 2; "v1" stays whole).
func appendParts(dst []string, w string) []string {
	start := 0
	prev := rune(-1)
	letters := 0 // letters in a row before i
	for i, r := range w {
		if i > 0 {
			next, _ := utf8.DecodeRuneInString(w[i+utf8.RuneLen(r):])
			split := false
			switch {
			case unicode.IsUpper(r):
				split = unicode.IsLower(prev) || unicode.IsDigit(prev) ||
					(unicode.IsUpper(prev) && unicode.IsLower(next))
			case unicode.IsDigit(r):
				split = unicode.IsLetter(prev) && letters >= 2
			case unicode.IsLetter(r):
				split = unicode.IsDigit(prev)
			}
			if split {
				dst = append(dst, w[start:i])
				start = i
			}
		}
		if unicode.IsLetter(r) {
			letters++
		} else {
			letters = 0
		}
		prev = r
	}
	return append(dst, w[start:])
}

// normalize lowercases and stems one word; ok is false for words not worth
// indexing (single characters, and stop words unless keepStop).
func normalize(w string, keepStop bool) (string, bool) {
	w = strings.ToLower(w)
	if utf8.RuneCountInString(w) < 2 || (!keepStop && isStopWord(w)) {
		return "", false
	}
	return stem(w), true
}

// stem reduces an English word to its Snowball (Porter2) stem. Words with
// digits or non-ASCII letters are left alone: the English stemmer has
// nothing to say about them. The stemmer is the Snowball project's own
// English algorithm compiled to Go (blevesearch/snowballstem), which
// imports nothing heavy; github.com/kljensen/snowball gave the same stems
// on all 121,696 distinct words of the cached specs but brought the
// testing package into every server's build.
func stem(w string) string {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return w
		}
	}
	if len(w) <= 3 {
		return w
	}
	env := snowballstem.NewEnv(w)
	english.Stem(env)
	st := env.Current()
	// Porter2 takes -ize off what it derived -ization from, which makes
	// "organization" an "organ" and "authorization" an "author": the stem
	// keeps the "iz", so the -ize family stays one term of its own.
	// WordNet's related forms (the forms table) still join the words it
	// truly derives from ("customize" → "custom").
	if len(w) > len(st)+2 && strings.HasPrefix(w, st) && strings.HasPrefix(w[len(st):], "iz") {
		return st + "iz"
	}
	return st
}

// isStopWord reports words too common in API texts and in questions to
// rank by.
func isStopWord(w string) bool {
	switch w {
	case "a", "an", "the", "and", "or", "of", "to", "in", "on", "for", "by",
		"with", "from", "at", "as", "is", "are", "be", "been", "was", "were",
		"this", "that", "these", "those", "it", "its", "into", "via", "if",
		"then", "than", "so", "such", "not", "no", "can", "could", "will",
		"would", "should", "shall", "may", "might", "must", "do", "does",
		"did", "done", "has", "have", "had", "which", "what", "who", "whom",
		"how", "when", "where", "why", "i", "me", "my", "mine", "we", "us",
		"our", "you", "your", "he", "she", "they", "them", "their", "all",
		"any", "some", "please", "want", "need", "there", "here", "about",
		"also", "only", "just", "e", "g", "eg", "ie", "etc":
		return true
	}
	return false
}

// termsBeginning is the set of text's terms, as Analyze gives them, that
// begin with a byte initials holds. Stemming keeps a word's first letter
// (TestStemKeepsFirstLetter), so only the words that begin so are
// stemmed: a weak-answer check needs a hit's terms for a few words, and
// stemming every word of a long description was a quarter of a search
// call on GitHub.
func termsBeginning(text string, initials *[256]bool) map[string]bool {
	out := map[string]bool{}
	var parts []string
	for _, w := range words(text) {
		parts = appendParts(parts[:0], w)
		kept := false // some part is a term, so the whole word is one too (see analyze)
		for _, p := range parts {
			if t, ok := termBeginning(p, initials, &kept); ok {
				out[t] = true
			}
		}
		if len(parts) > 1 && kept {
			var wholeKept bool // known: a part was kept
			if t, ok := termBeginning(w, initials, &wholeKept); ok {
				out[t] = true
			}
		}
	}
	return out
}

// termBeginning is normalize(w, false) when its term begins with a byte
// of initials; kept is set when normalize keeps w at all.
func termBeginning(w string, initials *[256]bool, kept *bool) (string, bool) {
	lower := strings.ToLower(w)
	if utf8.RuneCountInString(lower) < 2 || isStopWord(lower) {
		return "", false
	}
	*kept = true
	if !initials[lower[0]] {
		return "", false
	}
	return stem(lower), true
}

// initialsOf are the first bytes of terms.
func initialsOf(terms []string) *[256]bool {
	var in [256]bool
	for _, t := range terms {
		if t != "" {
			in[t[0]] = true
		}
	}
	return &in
}
