package search

import (
	"bytes"
	"strings"
)

// globMatch reports whether s matches pattern, where * matches any run of
// bytes (slashes included, so path:/repos/* reaches every path below
// /repos) and ? one character. Hand-written because path.Match stops * at
// slashes; it backtracks only to the last star, so it runs in
// O(len(s)·len(pattern)) at worst.
func globMatch(pattern string, s []byte) bool {
	p, i := 0, 0
	star, mark := -1, 0
	for i < len(s) {
		switch {
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, i
			p++
		case p < len(pattern) && pattern[p] == '?':
			_, size := decodeRune(s, i)
			i += size
			p++
		case p < len(pattern) && pattern[p] == s[i]:
			p++
			i++
		case star >= 0:
			p = star + 1
			_, size := decodeRune(s, mark)
			mark += size
			i = mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

// decodeRune returns the size of the UTF-8 sequence at s[i] (1 for bad bytes).
func decodeRune(s []byte, i int) (rune, int) {
	c := s[i]
	switch {
	case c < 0x80:
		return rune(c), 1
	case c>>5 == 0x6 && i+1 < len(s):
		return 0, 2
	case c>>4 == 0xE && i+2 < len(s):
		return 0, 3
	case c>>3 == 0x1E && i+3 < len(s):
		return 0, 4
	}
	return rune(c), 1
}

// glob is a pattern of globMatch made ready for many keys: one without ?
// is its literal parts, found in order with bytes.Index (a pattern
// starting with * visits every key of its field: all paths of an API).
type glob struct {
	pattern string
	parts   [][]byte // the literal parts between stars; nil when pattern has a ?
	head    bool     // the first part must start the key
	tail    bool     // the last part must end it
}

func newGlob(pattern string) glob {
	g := glob{pattern: pattern}
	if strings.Contains(pattern, "?") {
		return g
	}
	g.head, g.tail = !strings.HasPrefix(pattern, "*"), !strings.HasSuffix(pattern, "*")
	g.parts = [][]byte{}
	for _, part := range strings.Split(pattern, "*") {
		if part != "" {
			g.parts = append(g.parts, []byte(part))
		}
	}
	return g
}

// match reports whether key matches the pattern, as globMatch does.
func (g glob) match(key []byte) bool {
	if g.parts == nil {
		return globMatch(g.pattern, key)
	}
	parts := g.parts
	if len(parts) == 0 { // only stars, or empty
		return !g.head || len(key) == 0
	}
	if g.head {
		if !bytes.HasPrefix(key, parts[0]) {
			return false
		}
		if len(parts) == 1 && g.tail {
			return len(key) == len(parts[0])
		}
		key, parts = key[len(parts[0]):], parts[1:]
	}
	var last []byte
	if g.tail && len(parts) > 0 {
		last, parts = parts[len(parts)-1], parts[:len(parts)-1]
	}
	for _, part := range parts {
		i := bytes.Index(key, part)
		if i < 0 {
			return false
		}
		key = key[i+len(part):]
	}
	return last == nil || bytes.HasSuffix(key, last)
}

// literalPrefix is the part of a glob before its first wildcard.
func literalPrefix(pattern string) string {
	for i := 0; i < len(pattern); i++ {
		if pattern[i] == '*' || pattern[i] == '?' {
			return pattern[:i]
		}
	}
	return pattern
}

// maxEditLen bounds the words compared by edit distance.
const maxEditLen = 64

// editDistance is the optimal string alignment distance of a and b over
// bytes (Levenshtein's edits plus a swap of two neighbouring letters, the
// commonest typo, as Lucene's fuzzy queries count it), or max+1 once it
// must exceed max (the rows stop early). Bytes, not runes: terms are mostly
// ASCII, and a non-ASCII letter costing two edits only makes fuzzy
// matching stricter there.
func editDistance(a, b string, max int) int {
	if len(a) > maxEditLen || len(b) > maxEditLen {
		return max + 1
	}
	if d := len(a) - len(b); d > max || -d > max {
		return max + 1
	}
	var buf [3][maxEditLen + 1]int
	before, prev, cur := &buf[0], &buf[1], &buf[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, before[j-2]+1) // swapped neighbours
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > max {
			return max + 1
		}
		before, prev, cur = prev, cur, before
	}
	if prev[len(b)] > max {
		return max + 1
	}
	return prev[len(b)]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
