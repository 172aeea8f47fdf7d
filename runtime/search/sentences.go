package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Descriptions are where many specs keep all their words, and they mix two
// kinds of sentence: the one that says what the operation does (usually the
// first) and notes repeated across many operations (scopes, media types,
// sort options). The index emphasizes the first and leaves out the second.

// Boilerplate bounds: a sentence of at least boilerplateMinTerms terms found
// in at least boilerplateMinDocs descriptions says nothing about any one
// operation.
const (
	boilerplateMinDocs  = 5
	boilerplateMinTerms = 3
	// maxLeadBytes bounds the first sentence taken as a summary.
	maxLeadBytes = 300
)

// sentences splits plain text at sentence ends ('.', '!', '?' or ':'
// before white space) and line breaks, trimmed, empty ones dropped.
func sentences(text string) []string {
	var out []string
	start := 0
	emit := func(end int) {
		if s := strings.TrimSpace(text[start:end]); s != "" {
			out = append(out, s)
		}
		start = end
	}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\n':
			emit(i + 1)
		case (c == '.' || c == '!' || c == '?' || c == ':') && (i+1 == len(text) || isSpace(text[i+1])):
			emit(i + 1)
		}
	}
	emit(len(text))
	return out
}

// sentenceKey identifies a sentence by its words, lowercased, ignoring
// punctuation and spacing: a 64-bit FNV-1a hash, so counting sentences over
// a huge API costs no allocation. ok is false for sentences with fewer than
// boilerplateMinTerms words, too short to call boilerplate.
func sentenceKey(s string) (key uint64, ok bool) {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	n := 0
	inWord := false
	for i := 0; i < len(s); {
		// ASCII, most of any spec's text, is hashed byte by byte; the
		// result is the same as through the rune path.
		if c := s[i]; c < utf8.RuneSelf {
			i++
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if ('a' <= c && c <= 'z') || ('0' <= c && c <= '9') {
				if !inWord {
					n++
					h = (h ^ ' ') * prime
				}
				inWord = true
				h = (h ^ uint64(c)) * prime
			} else {
				inWord = false
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if !inWord {
				n++
				h = (h ^ ' ') * prime
			}
			inWord = true
			var buf [utf8.UTFMax]byte
			for _, b := range buf[:utf8.EncodeRune(buf[:], unicode.ToLower(r))] {
				h = (h ^ uint64(b)) * prime
			}
			continue
		}
		inWord = false
	}
	return h, n >= boilerplateMinTerms
}

// boilerplate returns the keys of the description sentences that recur in
// at least boilerplateMinDocs documents.
func boilerplate(descs []string) map[uint64]bool {
	count := map[uint64]int{}
	seen := map[uint64]bool{}
	for _, d := range descs {
		clear(seen)
		for _, s := range sentences(d) {
			if k, ok := sentenceKey(s); ok && !seen[k] {
				seen[k] = true
				count[k]++
			}
		}
	}
	out := map[uint64]bool{}
	for k, n := range count {
		if n >= boilerplateMinDocs {
			out[k] = true
		}
	}
	return out
}

// splitDescription returns a plain-text description's lead (its first
// sentence that is not boilerplate and has a word) and its text without
// boilerplate.
func splitDescription(desc string, common map[uint64]bool) (lead, rest string) {
	var b strings.Builder
	for _, s := range sentences(desc) {
		if k, ok := sentenceKey(s); ok && common[k] {
			continue
		}
		if lead == "" && hasWord(s) {
			lead = s
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	if len(lead) > maxLeadBytes {
		lead = lead[:maxLeadBytes]
	}
	return lead, b.String()
}

// hasWord reports a letter or digit in s.
func hasWord(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// maxTitleBytes bounds a title taken from a description.
const maxTitleBytes = 120

// Title is what a search result shows as an endpoint's title: its
// summary; without one, its description's first sentence, as plain text
// and at most maxTitleBytes; without either, its operationId. The index
// takes the same text as the endpoint's summary, and a model choosing
// among results needs more than a path (bunq's, drchrono's operations
// have only descriptions).
func Title(summary, description, operationID string) string {
	if s := strings.TrimSpace(summary); s != "" {
		return summary
	}
	marks := strings.NewReplacer("**", "", "__", "", "`", "") // Markdown's emphasis and code
	plain := marks.Replace(strings.Join(strings.Fields(stripMarkup(description)), " "))
	for _, s := range sentences(plain) {
		if !hasWord(s) {
			continue
		}
		s = strings.TrimSuffix(s, ".")
		if len(s) <= maxTitleBytes {
			return s
		}
		cut := maxTitleBytes
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return s[:cut] + "…"
	}
	return operationID
}
