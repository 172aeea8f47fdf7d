package search

import "strings"

// stripMarkup blanks out what HTML and Markdown put around the words of a
// description: tags, entities, link targets and bare URLs (their host and
// path words would rank every endpoint that links the same docs site).
// Hand-written rather than an HTML parser: descriptions are fragments, we
// only need the words, and it runs on every description of every spec.
func stripMarkup(s string) string {
	if !strings.ContainsAny(s, "<&]:") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		switch {
		case s[i] == '<':
			if end := tagEnd(s, i); end > 0 {
				b.WriteByte(' ')
				i = end
				continue
			}
		case s[i] == '&':
			if end := strings.IndexByte(s[i:min(len(s), i+10)], ';'); end > 1 {
				b.WriteByte(' ')
				i += end + 1
				continue
			}
		case s[i] == ']' && i+1 < len(s) && s[i+1] == '(':
			if end := strings.IndexByte(s[i:], ')'); end > 0 {
				b.WriteByte(' ')
				i += end + 1
				continue
			}
		case hasURLAt(s, i):
			end := i
			for end < len(s) && s[end] != ' ' && s[end] != '\n' && s[end] != '\t' && s[end] != ')' && s[end] != '>' {
				end++
			}
			b.WriteByte(' ')
			i = end
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// tagEnd returns the index after the HTML tag or comment starting at i, or
// 0 when s[i] does not open one.
func tagEnd(s string, i int) int {
	if i+1 >= len(s) {
		return 0
	}
	c := s[i+1]
	if !(c == '/' || c == '!' || (c|0x20 >= 'a' && c|0x20 <= 'z')) {
		return 0
	}
	end := strings.IndexByte(s[i:min(len(s), i+512)], '>')
	if end < 0 {
		return 0
	}
	return i + end + 1
}

// hasURLAt reports an http or https URL starting at i.
func hasURLAt(s string, i int) bool {
	if s[i] != 'h' {
		return false
	}
	return strings.HasPrefix(s[i:], "http://") || strings.HasPrefix(s[i:], "https://")
}
