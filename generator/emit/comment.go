package emit

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// Limits of a generated comment: spec descriptions can run to pages, and
// the Go source only needs enough to tell what a declaration is.
const (
	commentWidth    = 100  // wrap lines longer than this, in runes
	commentMaxRunes = 1200 // cut the text after this many runes
	commentMaxLines = 24
)

// doc puts comment lines made from text above code. It is the only way spec
// text reaches a Go comment: see commentLines.
func doc(text string, code jen.Code) *jen.Statement {
	s := jen.Null()
	for _, line := range commentLines(text) {
		// A leading "//" makes jennifer write the comment verbatim, so the
		// text can never start a /* */ comment or a //go: directive.
		if line == "" {
			s.Comment("//").Line()
		} else {
			s.Comment("// " + line).Line()
		}
	}
	return s.Add(code)
}

// commentLines turns text into lines that are safe in // comments: valid
// UTF-8 without control or format characters (NUL, CR, bidi overrides,
// BOMs), Unicode line separators treated as newlines, no "*/", runs of
// blank lines collapsed, long lines wrapped and the whole cut to a budget.
func commentLines(text string) []string {
	text = strings.ToValidUTF8(text, "\uFFFD")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.Map(func(r rune) rune {
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
	}, text)
	// "* /" cannot combine with its neighbours into a new "*/".
	text = strings.ReplaceAll(text, "*/", "* /")
	if utf8.RuneCountInString(text) > commentMaxRunes {
		text = string([]rune(text)[:commentMaxRunes-1]) + "…"
	}
	var lines []string
	blank := false
	for _, raw := range strings.Split(text, "\n") {
		raw = strings.TrimSpace(raw)
		if raw == "" {
			blank = len(lines) > 0
			continue
		}
		if blank {
			lines = append(lines, "")
			blank = false
		}
		lines = append(lines, wrap(raw, commentWidth)...)
	}
	if len(lines) > commentMaxLines {
		lines = append(lines[:commentMaxLines-1], "…")
	}
	return lines
}

// wrap breaks s at spaces into lines of at most width runes; a word longer
// than width gets a line of its own.
func wrap(s string, width int) []string {
	var lines []string
	var cur strings.Builder
	n := 0
	for _, w := range strings.Fields(s) {
		wn := utf8.RuneCountInString(w)
		if n > 0 && n+1+wn > width {
			lines = append(lines, cur.String())
			cur.Reset()
			n = 0
		}
		if n > 0 {
			cur.WriteByte(' ')
			n++
		}
		cur.WriteString(w)
		n += wn
	}
	if n > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}
