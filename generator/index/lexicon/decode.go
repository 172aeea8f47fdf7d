package lexicon

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strings"

	// Inflates about a third faster than compress/gzip; the runtime
	// already depends on the module (zstd).
	"github.com/klauspost/compress/gzip"
)

// maxTable bounds one decompressed table.
const maxTable = 64 << 20

// decode decompresses and indexes the four tables internal/lexgen
// writes: vectors (lines "word vector", the order the near table numbers
// words in), forms (lines "word form…"), spellings (lines "word
// spelling…") and near (see readNear).
func decode(vectorsGz, formsGz, spellingsGz, nearGz []byte) (*Lexicon, error) {
	l := &Lexicon{}
	text, err := gunzip(vectorsGz, maxTable)
	if err == nil {
		err = l.readVectors(text)
	}
	if err != nil {
		return nil, fmt.Errorf("lexicon: vectors: %w", err)
	}
	if text, err = gunzip(formsGz, maxTable); err == nil {
		l.forms, err = readForms(text)
	}
	if err != nil {
		return nil, fmt.Errorf("lexicon: forms: %w", err)
	}
	if text, err = gunzip(spellingsGz, maxTable); err == nil {
		l.spells, err = readForms(text)
	}
	if err != nil {
		return nil, fmt.Errorf("lexicon: spellings: %w", err)
	}
	if text, err = gunzip(nearGz, maxTable); err == nil {
		l.nearAt, l.near, err = readNear(text, len(l.words))
	}
	if err != nil {
		return nil, fmt.Errorf("lexicon: near: %w", err)
	}
	return l, nil
}

// gunzip is a gzipped table's text, at most limit bytes.
func gunzip(gz []byte, limit int) (string, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return "", err
	}
	var b strings.Builder
	// A gzip stream ends with its text's length (mod 2³²): one
	// allocation of the right size instead of doubling.
	if n := len(gz); n >= 4 {
		if size := binary.LittleEndian.Uint32(gz[n-4:]); int64(size) <= int64(limit) {
			b.Grow(int(size))
		}
	}
	if _, err := io.Copy(&b, io.LimitReader(zr, int64(limit)+1)); err != nil {
		return "", err
	}
	if b.Len() > limit {
		return "", fmt.Errorf("more than %d bytes", limit)
	}
	return b.String(), nil
}

// readVectors indexes the lines "word vector" of text, every vector of
// the same length.
func (l *Lexicon) readVectors(text string) error {
	n := strings.Count(text, "\n") + 1
	l.words, l.vectors = make([]string, 0, n), make([]string, 0, n)
	l.ids = make(map[string]int32, n)
	for line := range lines(text) {
		word, vec, ok := strings.Cut(line, " ")
		switch {
		case !ok:
			return fmt.Errorf("line %q has no space", line)
		case l.dims == 0:
			l.dims = len(vec)
		case len(vec) != l.dims:
			return fmt.Errorf("vector of %q has %d dimensions, want %d", word, len(vec), l.dims)
		}
		if _, dup := l.ids[word]; dup {
			return fmt.Errorf("%q is listed twice", word)
		}
		l.ids[word] = int32(len(l.words))
		l.words = append(l.words, word)
		l.vectors = append(l.vectors, vec)
	}
	return nil
}

// readForms maps the first word of each line of text to the rest.
func readForms(text string) (map[string]string, error) {
	forms := make(map[string]string, strings.Count(text, "\n")+1)
	for line := range lines(text) {
		word, rest, ok := strings.Cut(line, " ")
		if !ok {
			return nil, fmt.Errorf("line %q has no space", line)
		}
		forms[word] = rest
	}
	return forms, nil
}

// readNear reads the near table internal/lexgen writes for n words: line
// k lists the neighbours of word k that come later, as base-36 distances
// each from the one before (the first from word k). Both words of each
// pair get the other as a neighbour: the neighbours of word k are
// near[at[k]:at[k+1]], in word order.
func readNear(text string, n int) (at, near []int32, err error) {
	type pair struct{ a, b int32 }
	pairs := make([]pair, 0, strings.Count(text, " ")+n)
	at = make([]int32, n+1)
	k := 0
	for line := range lines(text) {
		if k >= n {
			return nil, nil, fmt.Errorf("more lines than the %d words", n)
		}
		b := k
		for f := range strings.FieldsSeq(line) {
			d, ok := distance(f, n-b)
			if !ok {
				return nil, nil, fmt.Errorf("line %d: bad distance %q", k+1, f)
			}
			b += d
			pairs = append(pairs, pair{int32(k), int32(b)})
			at[k+1]++
			at[b+1]++
		}
		k++
	}
	if k != n {
		return nil, nil, fmt.Errorf("%d lines for %d words", k, n)
	}
	for i := 1; i <= n; i++ {
		at[i] += at[i-1]
	}
	// Filling in line order puts each word's neighbours in word order:
	// the earlier ones come from earlier lines, the later from its own.
	near = make([]int32, 2*len(pairs))
	next := append([]int32(nil), at[:n]...)
	for _, p := range pairs {
		near[next[p.a]] = p.b
		next[p.a]++
		near[next[p.b]] = p.a
		next[p.b]++
	}
	return at, near, nil
}

// distance parses a distance of the near table, base-36 digits
// (strconv.FormatInt's), from 1 up to but excluding limit. Hand-written:
// strconv.ParseInt was a sixth of decoding the tables, for 178,000
// numbers of one or two digits.
func distance(f string, limit int) (int, bool) {
	d := 0
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'z':
			c -= 'a' - 10
		default:
			return 0, false
		}
		if d = d*36 + int(c); d >= limit {
			return 0, false
		}
	}
	return d, f != "" && d >= 1
}

// lines yields the lines of text without their newlines; a last line
// needs none.
func lines(text string) func(yield func(string) bool) {
	return func(yield func(string) bool) {
		for rest := text; rest != ""; {
			var line string
			line, rest, _ = strings.Cut(rest, "\n")
			if !yield(line) {
				return
			}
		}
	}
}
