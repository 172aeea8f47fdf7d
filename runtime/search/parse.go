package search

import (
	"fmt"
	"strconv"
	"strings"
)

// Bounds on a query, so a hostile one costs little.
const (
	maxQueryBytes  = 1024
	maxClauses     = 32
	maxValueBytes  = 256
	maxBoost       = 100
	maxFuzziness   = 2
	autoFuzziness  = -1
	fieldAll       = "_all"
	fieldMethod    = "method"
	fieldTagName   = "tag"
	fieldPathName  = "path"
	fieldSummaryNm = "summary"
)

// occur says how a clause combines with the others.
type occur uint8

const (
	should  occur = iota // may match; ranks
	must                 // +: must match
	mustNot              // -: must not match
)

// kind is what a clause's value is.
type kind uint8

const (
	kindTerm     kind = iota // words, analyzed
	kindPhrase               // "words in this order"; exact value for keyword fields
	kindWildcard             // * and ?
	kindRegex                // /RE2/
	kindPath                 // a bare value starting with "/": a path, whole or as words
)

// clause is one parsed part of a query.
type clause struct {
	occur occur
	field string // canonical field name; fieldAll by default
	kind  kind
	value string  // unquoted, unescaped
	fuzzy int     // edit distance for term~ (autoFuzziness for plain ~); 0 means none
	boost float64 // 1 unless ^N
	pos   int     // byte offset of the clause in the query
	raw   string  // the clause as written
}

// canonicalField maps a field as written to its canonical name.
func canonicalField(name string) (string, bool) {
	switch strings.ToLower(name) {
	case "_all", "all":
		return fieldAll, true
	case "method":
		return fieldMethod, true
	case "tag", "tags":
		return fieldTagName, true
	case "path":
		return fieldPathName, true
	case "summary":
		return fieldSummaryNm, true
	case "description":
		return "description", true
	case "operationid", "operation_id", "id":
		return "operationid", true
	case "param", "params", "parameter", "parameters":
		return "param", true
	}
	return "", false
}

// qerr is a QueryError at pos.
func qerr(pos int, format string, args ...any) *QueryError {
	return &QueryError{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// parse splits a query into clauses. Every malformed query gives a
// *QueryError naming the byte position of the problem.
func parse(q string) ([]clause, error) {
	if len(q) > maxQueryBytes {
		return nil, qerr(maxQueryBytes, "query longer than %d bytes; use a few distinctive words", maxQueryBytes)
	}
	p := parser{q: q, capitals: strings.ToUpper(q) == q}
	var out []clause
	for {
		p.skipSpace()
		if p.i >= len(q) {
			return out, nil
		}
		c, skip, err := p.clause()
		if err != nil {
			return nil, err
		}
		if skip {
			continue
		}
		if len(out) == maxClauses {
			return nil, qerr(c.pos, "more than %d terms; use fewer, more distinctive words", maxClauses)
		}
		out = append(out, c)
	}
}

// parser is the state of one parse.
type parser struct {
	q string
	i int
	// capitals is a query without a lowercase letter: text typed in
	// capitals, whose AND, OR and NOT are words, not operators.
	capitals bool
}

func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'
}

func (p *parser) skipSpace() {
	for p.i < len(p.q) && isSpace(p.q[p.i]) {
		p.i++
	}
}

// atEnd reports whether a clause may end at i.
func (p *parser) atEnd(i int) bool { return i >= len(p.q) || isSpace(p.q[i]) }

// clause parses one clause; skip is true for a lone question mark.
func (p *parser) clause() (c clause, skip bool, err error) {
	start := p.i
	c = clause{field: fieldAll, boost: 1, pos: start}
	defer func() { c.raw = p.q[start:p.i] }()
	switch p.q[p.i] {
	case '+':
		c.occur = must
		p.i++
	case '-':
		c.occur = mustNot
		p.i++
	}
	if c.occur != should && p.atEnd(p.i) {
		return c, true, nil // a lone + or - between words ("cats - dogs") is punctuation
	}
	if c.occur != should && (p.q[p.i] == '+' || p.q[p.i] == '-') {
		return c, false, qerr(start, "%q must be directly followed by a term, e.g. +tag:pet or -method:DELETE", p.q[start:start+1])
	}
	if err := p.checkOperator(c.occur); err != nil {
		return c, false, err
	}
	// field:
	j := p.i
	for j < len(p.q) && (isIdentByte(p.q[j])) {
		j++
	}
	// A word before a colon is a field only when it names one and a value
	// follows; otherwise it is text ("ship it: merge this pull request",
	// "note: ...", "https://..."), so natural text is never refused.
	if f, ok := canonicalField(p.q[p.i:j]); ok && j > p.i && j < len(p.q) && p.q[j] == ':' && !p.atEnd(j+1) {
		c.field = f
		p.i = j + 1
		if p.q[p.i] == '(' {
			return c, false, qerr(p.i, "grouping values of a field in parentheses is not supported; repeat the field for each value, e.g. tag:pet tag:store")
		}
	}
	if err := p.value(&c); err != nil {
		return c, false, err
	}
	if c.kind == kindWildcard && c.value == "?" && c.field == fieldAll && p.atEnd(p.i) {
		return c, true, nil // a question mark standing alone
	}
	if err := p.suffixes(&c); err != nil {
		return c, false, err
	}
	if !p.atEnd(p.i) {
		return c, false, qerr(p.i, "unexpected %q; separate terms with spaces", p.q[p.i:p.i+1])
	}
	return c, false, nil
}

func isIdentByte(b byte) bool {
	return b == '_' || (b|0x20 >= 'a' && b|0x20 <= 'z')
}

// checkOperator rejects grouping and boolean operators with advice.
func (p *parser) checkOperator(o occur) error {
	if o != should {
		if p.q[p.i] == '(' || p.q[p.i] == ')' {
			return qerr(p.i, "parentheses are not supported; write the terms one after another, with + before each term that must match and - before each that must not, e.g. +tag:pet -method:DELETE")
		}
		return nil
	}
	j := p.i
	for j < len(p.q) && !isSpace(p.q[j]) {
		j++
	}
	switch w := p.q[p.i:j]; {
	case p.capitals && (w == "AND" || w == "OR" || w == "NOT"):
		return nil // "SIGN OUT AND REVOKE MY TOKEN"
	case w == "AND" || w == "&&":
		return qerr(p.i, "%s is not supported; put + before every term that must match, e.g. +tag:pet +method:POST", w)
	case w == "OR" || w == "||":
		return qerr(p.i, "%s is not supported and not needed: list the alternatives with spaces, any of them may match, e.g. tag:pet tag:store", w)
	case w == "NOT" || w == "!":
		return qerr(p.i, "%s is not supported; put - before a term that must not match, e.g. -method:DELETE", w)
	}
	if p.q[p.i] == '!' {
		return qerr(p.i, "! is not supported; put - before a term that must not match, e.g. -method:DELETE")
	}
	return nil
}

// value parses a clause's value after its field.
func (p *parser) value(c *clause) error {
	switch {
	case p.q[p.i] == '"':
		open := p.i
		v, end, ok := scanDelimited(p.q, p.i+1, '"')
		if !ok {
			return qerr(open, "unclosed quote; end the phrase with \"")
		}
		p.i = end
		if strings.TrimSpace(v) == "" {
			return qerr(open, "empty phrase; put words between the quotes")
		}
		c.kind, c.value = kindPhrase, v
	case p.q[p.i] == '/' && c.field == fieldPathName:
		c.kind, c.value = kindPath, p.bare(false)
	case p.q[p.i] == '/':
		if v, end, ok := scanDelimited(p.q, p.i+1, '/'); ok && (p.atEnd(end) || p.q[end] == '^') {
			p.i = end
			if v == "" {
				return qerr(c.pos, "empty regular expression; put a pattern between the slashes, e.g. /repos?/")
			}
			c.kind, c.value = kindRegex, v
			break
		}
		c.kind, c.value = kindPath, p.bare(false)
	default:
		at := p.i
		// In plain text parentheses are punctuation ("list pets (all of
		// them)"); after + or - or a field they would be grouping.
		c.value = p.bare(c.occur == should && c.field == fieldAll)
		if p.i < len(p.q) && (p.q[p.i] == '(' || p.q[p.i] == ')') {
			return qerr(p.i, "parentheses are not supported; write the terms one after another, with + before each term that must match and - before each that must not")
		}
		if p.i < len(p.q) && p.q[p.i] == '"' {
			return qerr(p.i, "a quote inside a word; put the whole phrase in quotes, e.g. \"pull request\"")
		}
		if c.value == "" {
			return qerr(at, "missing term before %q", p.q[at:at+1])
		}
		c.kind = kindTerm
		if strings.ContainsAny(c.value, "*?") {
			c.kind = kindWildcard
		}
	}
	if len(c.value) > maxValueBytes {
		return qerr(c.pos, "term longer than %d bytes", maxValueBytes)
	}
	if c.kind == kindWildcard && strings.Trim(c.value, "*?") == "" && c.value != "?" {
		return qerr(c.pos, "a wildcard needs letters around it, e.g. pet* or path:/pets/*")
	}
	// A trailing question mark ending the query is punctuation ("which
	// files did this PR touch?"), not a wildcard.
	if c.kind == kindWildcard && p.i == len(p.q) && strings.HasSuffix(c.value, "?") &&
		!strings.ContainsAny(strings.TrimSuffix(c.value, "?"), "*?") {
		c.value = strings.TrimSuffix(c.value, "?")
		c.kind = kindTerm
	}
	return nil
}

// bare reads an unquoted value up to a space or a suffix operator,
// removing backslash escapes; parens keeps parentheses in the value.
func (p *parser) bare(parens bool) string {
	var b strings.Builder
	for p.i < len(p.q) {
		ch := p.q[p.i]
		if ch == '\\' && p.i+1 < len(p.q) {
			b.WriteByte(p.q[p.i+1])
			p.i += 2
			continue
		}
		if isSpace(ch) || ch == '^' || ch == '~' || ch == '"' || (!parens && (ch == '(' || ch == ')')) {
			break
		}
		b.WriteByte(ch)
		p.i++
	}
	return b.String()
}

// scanDelimited reads from i to the next unescaped delim; it returns the
// text between (escapes of delim and backslash removed) and the index after
// the delimiter.
func scanDelimited(q string, i int, delim byte) (string, int, bool) {
	var b strings.Builder
	for i < len(q) {
		switch {
		case q[i] == '\\' && i+1 < len(q) && (q[i+1] == delim || q[i+1] == '\\'):
			if delim == '/' && q[i+1] == '\\' {
				b.WriteByte('\\') // keep regex escapes intact
			}
			b.WriteByte(q[i+1])
			i += 2
		case q[i] == delim:
			return b.String(), i + 1, true
		default:
			b.WriteByte(q[i])
			i++
		}
	}
	return "", i, false
}

// suffixes parses ~N and ^N after a value.
func (p *parser) suffixes(c *clause) error {
	for p.i < len(p.q) {
		switch p.q[p.i] {
		case '~':
			at := p.i
			p.i++
			if c.fuzzy != 0 {
				return qerr(at, "a second ~; write term~ or term~2")
			}
			switch {
			case c.kind == kindPhrase:
				return qerr(at, "~ after a phrase (proximity) is not supported; drop the quotes to match the words anywhere")
			case c.kind != kindTerm:
				return qerr(at, "~ works on plain words only, e.g. create~")
			case c.field == fieldMethod || c.field == fieldPathName:
				return qerr(at, "~ does not apply to %s:, whose values match exactly", c.field)
			}
			n, digits := p.number()
			if digits == "" {
				c.fuzzy = autoFuzziness
				continue
			}
			d, err := strconv.Atoi(digits)
			if err != nil || d < 0 || d > maxFuzziness || strings.Contains(digits, ".") {
				return qerr(n, "fuzziness %q out of range; use ~1 or ~2 (or ~ alone)", digits)
			}
			c.fuzzy = d
			if d == 0 {
				c.fuzzy = 0
			}
		case '^':
			at := p.i
			p.i++
			n, digits := p.number()
			v, err := strconv.ParseFloat(digits, 64)
			if digits == "" || err != nil || v <= 0 || v > maxBoost {
				return qerr(n, "boost after ^ must be a number above 0 and at most %d, e.g. pet^3", maxBoost)
			}
			if c.boost != 1 {
				return qerr(at, "a second ^; give one boost per term")
			}
			c.boost = v
		default:
			return nil
		}
	}
	return nil
}

// number reads digits and dots; it returns their start and text.
func (p *parser) number() (int, string) {
	start := p.i
	for p.i < len(p.q) && (p.q[p.i] >= '0' && p.q[p.i] <= '9' || p.q[p.i] == '.') {
		p.i++
	}
	return start, p.q[start:p.i]
}
