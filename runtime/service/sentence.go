package service

import (
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// maxSentence bounds one cut description, in bytes.
const maxSentence = 200

// Longest HTML tag and Markdown link text and target that plainText
// removes, in characters (an invalid byte counts as one, as in a regexp
// repeat); longer ones are left as they are. The bounds are checked on the
// match rather than written as {1,N} in the patterns: a bounded repeat
// compiles into N copies of its class (1.7 ms and 420 KB at every server
// start for these two), a + into one.
const (
	maxTag      = 200
	maxLinkText = 200
	maxLinkURL  = 500
)

// textPatterns are the patterns of plainText, compiled on first use
// rather than at every server's start-up (package init).
type textPatterns struct {
	htmlTag, markdownLink, spaces, spacedPunct *regexp.Regexp
}

var compileTextPatterns = sync.OnceValue(func() *textPatterns {
	return &textPatterns{
		htmlTag:      regexp.MustCompile(`<[^<>]+>`),
		markdownLink: regexp.MustCompile(`\[([^\[\]]+)\]\(([^()\s]+)\)`),
		spaces:       regexp.MustCompile(`\s+`),
		spacedPunct:  regexp.MustCompile(` ([.,;:])( |$)`),
	}
})

// plainText is a description without HTML tags, Markdown links (their
// text stays) and runs of white space.
func plainText(s string) string {
	re := compileTextPatterns()
	if strings.ContainsRune(s, '<') {
		s = re.htmlTag.ReplaceAllStringFunc(s, func(tag string) string {
			if utf8.RuneCountInString(tag)-2 > maxTag {
				return tag
			}
			return " "
		})
	}
	if strings.Contains(s, "](") {
		s = replaceLinks(s, re.markdownLink)
	}
	s = strings.NewReplacer("**", "", "`", "", "&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", `"`).Replace(s)
	s = re.spaces.ReplaceAllString(s, " ")
	// A tag replaced by a space may leave one before punctuation.
	s = re.spacedPunct.ReplaceAllString(s, "$1$2")
	return strings.TrimSpace(s)
}

// replaceLinks replaces each Markdown link of s (found by markdownLink)
// by its text.
func replaceLinks(s string, markdownLink *regexp.Regexp) string {
	var b strings.Builder
	last := 0
	for _, m := range markdownLink.FindAllStringSubmatchIndex(s, -1) {
		text, url := s[m[2]:m[3]], s[m[4]:m[5]]
		if utf8.RuneCountInString(text) > maxLinkText || utf8.RuneCountInString(url) > maxLinkURL {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString(text)
		last = m[1]
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
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
