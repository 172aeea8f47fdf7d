package search

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
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

// parse splits a query into clauses as Search reads it (parseQuery). A
// malformed query that is not prose gives a *QueryError naming the byte
// position of the problem.
func parse(q string) ([]clause, error) {
	pq, err := parseQuery(q)
	return pq.clauses, err
}

// parsedQuery is a query read for searching.
type parsedQuery struct {
	clauses []clause
	// ignored are the plain words left out of a query too long to search
	// whole (see fitClauses), as written.
	ignored []string
	// asWords says why the query language refused a query that was then
	// searched as its words alone (see proseWords); nil when it was not.
	asWords *QueryError
}

// changed reports whether the clauses are not the whole query as written.
func (pq parsedQuery) changed() bool { return pq.ignored != nil || pq.asWords != nil }

// text is the query as searched: the clauses as written, one space apart.
func (pq parsedQuery) text() string {
	raw := make([]string, len(pq.clauses))
	for i, c := range pq.clauses {
		raw[i] = c.raw
	}
	return strings.Join(raw, " ")
}

// proseWords is how many words make a query text rather than syntax. A
// query that long which the query language refuses, a description pasted
// whole with its code samples, markup and capitals ("are NOT returned"),
// is searched as its words, and the answer says why; a shorter one gets
// the error, whose advice fixes a query meant as syntax.
const proseWords = 8

// parseQuery reads q: natural text, a description pasted as a query, is
// searched by its first words rather than refused.
func parseQuery(q string) (parsedQuery, error) {
	pq, err := parseStrict(q)
	if err == nil {
		return pq, nil
	}
	var qe *QueryError
	if errors.As(err, &qe) {
		if pq, ok := readAsWords(q, qe); ok {
			return pq, nil
		}
	}
	return parsedQuery{}, err
}

// readAsWords reads prose, a query of at least proseWords words, as its
// plain words alone; why is what the query language refused in it.
func readAsWords(q string, why *QueryError) (parsedQuery, bool) {
	q, rest := cutQuery(q)
	if len(q) > maxQueryBytes { // no space to cut at
		q, rest = q[:maxQueryBytes], nil
	}
	var cs []clause // at most 512: q is cut to maxQueryBytes
	n := 0
	for _, f := range strings.Fields(q) {
		ws := words(f)
		n += len(ws)
		for i, w := range ws {
			if w == "AND" || w == "OR" || w == "NOT" {
				continue // operators to the strict reading, stop words as text
			}
			raw := w
			if i == len(ws)-1 && endsPhrase(f) {
				raw += f[len(f)-1:] // where a sentence or phrase ends ("ID."), as intent reads it
			}
			cs = append(cs, clause{field: fieldAll, kind: kindTerm, value: w, boost: 1, raw: raw})
		}
	}
	if n < proseWords {
		return parsedQuery{}, false
	}
	cs, ignored, _ := fitClauses(cs) // plain words only: never an error
	return parsedQuery{clauses: cs, ignored: append(ignored, rest...), asWords: why}, true
}

// cutQuery cuts a query longer than maxQueryBytes at the last space
// within the bound, returning the head and the words after it; a query
// without such a space comes back whole.
func cutQuery(q string) (string, []string) {
	if len(q) <= maxQueryBytes {
		return q, nil
	}
	cut := strings.LastIndexFunc(q[:maxQueryBytes+1], func(r rune) bool { return r < utf8.RuneSelf && isSpace(byte(r)) })
	if cut <= 0 {
		return q, nil
	}
	return q[:cut], strings.Fields(q[cut:])
}

// parseStrict reads q in the query language, leaving out the last plain
// words of a query longer than a search takes.
func parseStrict(q string) (parsedQuery, error) {
	q, ignored := cutQuery(q)
	if len(q) > maxQueryBytes {
		return parsedQuery{}, qerr(maxQueryBytes, "query longer than %d bytes; use a few distinctive words", maxQueryBytes)
	}
	p := parser{q: q, capitals: strings.ToUpper(q) == q}
	var out []clause
	for {
		p.skipSpace()
		if p.i >= len(q) {
			break
		}
		c, skip, err := p.clause()
		if err != nil {
			return parsedQuery{}, err
		}
		if !skip {
			out = append(out, c)
		}
	}
	out, left, err := fitClauses(out)
	if err != nil {
		return parsedQuery{}, err
	}
	return parsedQuery{clauses: out, ignored: append(left, ignored...)}, nil
}

// fitClauses keeps a query within maxClauses, the bound on what one
// search plans: past it, plain optional words that carry no term (stop
// words) go first, then the last plain optional words, which it returns
// as written. Any other clause past the bound is syntax the caller wrote
// on purpose, and an error.
func fitClauses(cs []clause) (kept []clause, left []string, err error) {
	if len(cs) <= maxClauses {
		return cs, nil, nil
	}
	optional := func(c clause) bool { return c.occur == should && plainWord(c) && c.boost == 1 }
	extra := len(cs) - maxClauses
	cs = slices.DeleteFunc(cs, func(c clause) bool {
		if extra > 0 && optional(c) && len(Analyze(c.value)) == 0 {
			extra--
			return true
		}
		return false
	})
	for i := len(cs) - 1; i >= 0 && len(cs) > maxClauses; i-- {
		if optional(cs[i]) {
			left = append(left, cs[i].raw)
			cs = slices.Delete(cs, i, i+1)
		}
	}
	if len(cs) > maxClauses {
		return nil, nil, qerr(cs[maxClauses].pos, "more than %d terms; use fewer, more distinctive words", maxClauses)
	}
	slices.Reverse(left)
	return cs, left, nil
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
		// A run of signs is a dash ("feedback -- internal only") or a
		// flag's prefix ("--verbose"): punctuation before a plain word.
		for p.i < len(p.q) && (p.q[p.i] == '+' || p.q[p.i] == '-') {
			p.i++
		}
		return c, true, nil
	}
	if c.occur == should && p.punctuation() {
		return c, true, nil
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
	if c.occur == should && c.field == fieldAll && p.q[p.i] == '"' {
		// In text a quote never closed (an inch mark: `a 5" screen`) or
		// an empty pair (`returns ""`) is punctuation.
		if v, end, ok := scanDelimited(p.q, p.i+1, '"'); !ok || strings.TrimSpace(v) == "" {
			p.i++
			if ok {
				p.i = end
			}
			return c, true, nil
		}
	}
	if err := p.value(&c); err != nil {
		return c, false, err
	}
	if c.kind == kindWildcard && strings.Trim(c.value, "*?") == "" && c.occur == should && c.field == fieldAll && p.atEnd(p.i) {
		return c, true, nil // a question mark or a bullet's star standing alone
	}
	if err := p.suffixes(&c); err != nil {
		return c, false, err
	}
	if !p.atEnd(p.i) {
		// Punctuation after a phrase or a word ("by \"id\".", "\"order\",")
		// ends the clause; anything with letters or digits is an error.
		end := p.i
		for !p.atEnd(end) && !isWordByte(p.q[end]) {
			end++
		}
		if !p.atEnd(end) {
			return c, false, qerr(p.i, "unexpected %q; separate terms with spaces", p.q[p.i:p.i+1])
		}
		p.i = end
	}
	return c, false, nil
}

// isWordByte reports an ASCII letter or digit, or any byte of a non-ASCII
// character (letters of other scripts).
func isWordByte(b byte) bool {
	return b >= utf8.RuneSelf || b >= '0' && b <= '9' || b|0x20 >= 'a' && b|0x20 <= 'z'
}

// punctuation skips, at the start of a plain clause, operator characters
// that cannot start one there and mean nothing as syntax: "~" or "^" with
// no term before ("~80 characters"), and "!" not before a word ("now !!",
// "x != 0"). "!" before a word is NOT, an error with advice
// (checkOperator).
func (p *parser) punctuation() bool {
	switch p.q[p.i] {
	case '~', '^':
		p.i++
		return true
	case '!':
		j := p.i
		for j < len(p.q) && !isSpace(p.q[j]) && !isWordByte(p.q[j]) && p.q[j] != '"' {
			j++
		}
		if p.atEnd(j) {
			p.i = j
			return true
		}
	}
	return false
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
		c.kind, c.value = kindPath, p.path()
	case p.q[p.i] == '/':
		if v, end, ok := scanDelimited(p.q, p.i+1, '/'); ok && (p.atEnd(end) || p.q[end] == '^') {
			p.i = end
			if v == "" {
				return qerr(c.pos, "empty regular expression; put a pattern between the slashes, e.g. /repos?/")
			}
			c.kind, c.value = kindRegex, v
			break
		}
		c.kind, c.value = kindPath, p.path()
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
		if path, ok := requestURLPath(c.value); ok && c.field == fieldAll {
			c.kind, c.value = kindPath, path // a request's URL: its path names the operation
			break
		}
		if strings.ContainsAny(c.value, "*?") {
			c.kind = kindWildcard
		}
	}
	if len(c.value) > maxValueBytes {
		return qerr(c.pos, "term longer than %d bytes", maxValueBytes)
	}
	if c.kind == kindWildcard && strings.Trim(c.value, "*?") == "" && (c.occur != should || c.field != fieldAll) {
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
// removing backslash escapes. A plain word (no field, no sign) keeps
// parentheses and quotes inside it as the punctuation they are in text
// ("list pets (all of them)", `<span class="label">`); the analyzer
// splits them off.
func (p *parser) bare(plain bool) string {
	var b strings.Builder
	for p.i < len(p.q) {
		ch := p.q[p.i]
		if ch == '\\' && p.i+1 < len(p.q) {
			b.WriteByte(p.q[p.i+1])
			p.i += 2
			continue
		}
		if isSpace(ch) || ch == '^' || ch == '~' || (!plain && (ch == '"' || ch == '(' || ch == ')')) {
			break
		}
		b.WriteByte(ch)
		p.i++
	}
	return b.String()
}

// path reads a path to the next space: parentheses, quotes and tildes are
// characters of real paths ("/indexers('7')", "/dags/~/dagRuns"), so only
// a boost ending it ("/pets^2") is left to suffixes.
func (p *parser) path() string {
	end := p.i
	for end < len(p.q) && !isSpace(p.q[end]) {
		end++
	}
	v := p.q[p.i:end]
	if k := strings.LastIndexByte(v, '^'); k > 0 && isNumber(v[k+1:]) {
		v = v[:k]
	}
	p.i += len(v)
	return v
}

// isNumber reports digits and dots, what parser.number reads: a malformed
// boost ("/pets^1.2.3") is left to the suffix parser, which says so.
func isNumber(s string) bool {
	return s != "" && strings.Trim(s, "0123456789.") == ""
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
