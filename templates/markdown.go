package templates

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Length limits for spec text in Markdown, in runes. Spec descriptions can
// run to pages; the README only introduces the API.
const (
	maxInline     = 200
	maxParagraphs = 1500
)

// Inline makes s safe as Markdown inline text: one line, every character
// with a Markdown or HTML meaning backslash-escaped (so no raw HTML, links or
// emphasis come from spec text), at most maxInline runes.
func Inline(s string) string {
	return escapeMarkdown(truncate(strings.Join(strings.Fields(clean(s)), " "), maxInline))
}

// Paragraphs makes s safe as Markdown block text: its paragraphs (separated
// by blank lines) each flattened to one escaped line, joined by blank lines,
// at most maxParagraphs runes in all. Spec Markdown is shown literally, not
// interpreted.
func Paragraphs(s string) string {
	var paras []string
	budget := maxParagraphs
	for _, block := range blocks(clean(s)) {
		p := strings.Join(strings.Fields(block), " ")
		n := utf8.RuneCountInString(p)
		if budget <= 0 {
			paras = append(paras, "…")
			break
		}
		if n > budget {
			paras = append(paras, escapeMarkdown(truncate(p, budget)))
			break
		}
		budget -= n
		paras = append(paras, escapeMarkdown(p))
	}
	return strings.Join(paras, "\n\n")
}

// blocks splits s at blank lines (lines of only spaces count as blank).
func blocks(s string) []string {
	var out []string
	var cur []string
	for _, line := range strings.Split(s, "\n") {
		if strings.TrimSpace(line) == "" {
			if len(cur) > 0 {
				out = append(out, strings.Join(cur, " "))
				cur = nil
			}
			continue
		}
		cur = append(cur, line)
	}
	if len(cur) > 0 {
		out = append(out, strings.Join(cur, " "))
	}
	return out
}

// CodeSpan makes s a Markdown code span on one line: its delimiter is one
// backtick longer than the longest backtick run in s, so no content can end
// it. The empty string gives "".
func CodeSpan(s string) string {
	s = strings.Join(strings.Fields(clean(s)), " ")
	if s == "" {
		return ""
	}
	delim := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return delim + s + delim
}

// Fence wraps content in a fenced code block with the info string lang; the
// fence is longer than any backtick run in content, so content cannot close it.
func Fence(lang, content string) string {
	n := max(3, longestRun(content, '`')+1)
	fence := strings.Repeat("`", n)
	if !strings.HasSuffix(content, "\n") {
		content += "\n"
	}
	return fence + lang + "\n" + content + fence
}

// ShellQuote quotes s for a POSIX shell when it holds anything beyond
// characters that are always literal.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./_-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// clean makes s valid UTF-8 with "\n" line ends and without control or
// format characters (NUL, escape sequences, bidi overrides, BOMs); tabs
// become spaces and Unicode line and paragraph separators become newlines.
func clean(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n':
			return r
		case r == '\r', r == '\u2028', r == '\u2029':
			return '\n'
		case r == '\t':
			return ' '
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r):
			return -1
		}
		return r
	}, s)
}

// escapeMarkdown backslash-escapes the ASCII punctuation that can start
// Markdown or HTML syntax anywhere in a line, plus the characters that only
// matter at the start of a block (list and heading markers).
func escapeMarkdown(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch r {
		case '\\', '`', '*', '_', '[', ']', '<', '>', '&', '#', '!', '|', '~':
			b.WriteByte('\\')
		case '-', '+', '=':
			if i == 0 {
				b.WriteByte('\\')
			}
		case '.', ')':
			// "1. " and "1) " at the start of a block open an ordered list.
			if i > 0 && strings.Trim(s[:i], "0123456789") == "" && (i+1 == len(s) || s[i+1] == ' ') {
				b.WriteByte('\\')
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

// truncate cuts s to at most n runes, ending in "…" when it cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n < 2 {
		return "…"
	}
	r := []rune(s)
	return strings.TrimRight(string(r[:n-1]), " ") + "…"
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, cur := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			cur++
			best = max(best, cur)
		} else {
			cur = 0
		}
	}
	return best
}
