package service

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// maxSentence bounds one cut description, in bytes.
const maxSentence = 200

var (
	htmlTag      = regexp.MustCompile(`<[^<>]{1,200}>`)
	markdownLink = regexp.MustCompile(`\[([^\[\]]{1,200})\]\([^()\s]{1,500}\)`)
	spaces       = regexp.MustCompile(`\s+`)
	spacedPunct  = regexp.MustCompile(` ([.,;:])( |$)`)
)

// plainText is a description without HTML tags, Markdown links (their
// text stays) and runs of white space.
func plainText(s string) string {
	if strings.ContainsRune(s, '<') {
		s = htmlTag.ReplaceAllString(s, " ")
	}
	if strings.Contains(s, "](") {
		s = markdownLink.ReplaceAllString(s, "$1")
	}
	s = strings.NewReplacer("**", "", "`", "", "&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", `"`).Replace(s)
	s = spaces.ReplaceAllString(s, " ")
	// A tag replaced by a space may leave one before punctuation.
	s = spacedPunct.ReplaceAllString(s, "$1$2")
	return strings.TrimSpace(s)
}

// firstSentence cuts a description to its first sentence, at most
// maxSentence bytes, and reports whether anything was cut.
func firstSentence(desc string) (string, bool) {
	text := plainText(desc)
	cut := text
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '.' && c != '!' && c != '?' {
			continue
		}
		if i+1 < len(text) && text[i+1] != ' ' {
			continue
		}
		if c == '.' && abbreviation(text[:i+1]) {
			continue
		}
		cut = text[:i+1]
		break
	}
	if len(cut) > maxSentence {
		cut = cutWords(cut, maxSentence)
	}
	return cut, cut != text
}

// abbreviation reports text ending in e.g., i.e., etc. or a single letter
// and a dot, where a sentence does not end.
func abbreviation(text string) bool {
	lower := strings.ToLower(text)
	for _, a := range []string{"e.g.", "i.e.", "etc.", "vs.", "approx."} {
		if strings.HasSuffix(lower, a) {
			return true
		}
	}
	return len(text) >= 2 && (len(text) == 2 || text[len(text)-3] == ' ') && text[len(text)-2] != ' '
}

// cutWords cuts s to at most n bytes at a word boundary and adds "…".
func cutWords(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	if i := strings.LastIndexByte(s, ' '); i > n/2 {
		s = s[:i]
	}
	return strings.TrimRight(s, " ,;:") + "…"
}
