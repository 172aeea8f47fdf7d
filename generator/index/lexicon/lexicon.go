// Package lexicon holds the general English word data that the generator
// derives each server's word tables from, committed as internal/lexgen
// wrote it (`make lexicon`; sources and licences in NOTICE): 20,000 word
// vectors from GloVe, which of them lie near each other, and WordNet's
// derivationally related forms. It stays
// in the generator; a server carries only what its API needs.
package lexicon

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed" // the tables
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

var (
	//go:embed vectors.txt.gz
	vectorsGz []byte
	//go:embed forms.txt.gz
	formsGz []byte
	//go:embed near.txt.gz
	nearGz []byte
	// Notice is the data sets' notices, which ship with what is derived
	// from them.
	//go:embed NOTICE
	Notice string
)

// maxLine bounds one line of a table.
const maxLine = 1 << 16

// Load decodes the tables.
func Load() (*search.Lexicon, error) {
	lex := &search.Lexicon{Vectors: map[string]string{}, Forms: map[string][]string{}, Near: map[string][]string{}, Notice: Notice}
	var order []string
	err := eachLine(vectorsGz, func(word, rest string) error {
		order = append(order, word)
		if lex.Dims == 0 {
			lex.Dims = len(rest)
		}
		if len(rest) != lex.Dims {
			return fmt.Errorf("vector of %q has %d dimensions, want %d", word, len(rest), lex.Dims)
		}
		lex.Vectors[word] = rest
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("lexicon: vectors: %w", err)
	}
	err = eachLine(formsGz, func(word, rest string) error {
		lex.Forms[word] = strings.Fields(rest)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("lexicon: forms: %w", err)
	}
	if err := readNear(nearGz, order, lex.Near); err != nil {
		return nil, fmt.Errorf("lexicon: near: %w", err)
	}
	return lex, nil
}

// readNear reads the near table internal/lexgen writes: line k lists the
// neighbours of the k-th word of order that come later in order, as
// base-36 distances each from the one before (the first from word k).
// Both words of each pair get the other as a neighbour.
func readNear(gz []byte, order []string, near map[string][]string) error {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(io.LimitReader(zr, 64<<20))
	sc.Buffer(make([]byte, maxLine), maxLine)
	k := 0
	for ; sc.Scan(); k++ {
		if k >= len(order) {
			return fmt.Errorf("more lines than the %d words", len(order))
		}
		at := k
		for _, f := range strings.Fields(sc.Text()) {
			d, err := strconv.ParseInt(f, 36, 32)
			if err != nil || d < 1 || at+int(d) >= len(order) {
				return fmt.Errorf("line %d: bad distance %q", k+1, f)
			}
			at += int(d)
			a, b := order[k], order[at]
			near[a] = append(near[a], b)
			near[b] = append(near[b], a)
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if k != len(order) {
		return fmt.Errorf("%d lines for %d words", k, len(order))
	}
	return nil
}

// eachLine calls fn with the first word and the rest of every line of a
// gzipped table.
func eachLine(gz []byte, fn func(word, rest string) error) error {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(io.LimitReader(zr, 64<<20))
	sc.Buffer(make([]byte, maxLine), maxLine)
	for sc.Scan() {
		word, rest, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			return fmt.Errorf("line %q has no space", sc.Text())
		}
		if err := fn(word, rest); err != nil {
			return err
		}
	}
	return sc.Err()
}
