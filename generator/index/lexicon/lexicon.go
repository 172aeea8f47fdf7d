// Package lexicon holds the general English word data that the generator
// derives each server's word tables from, committed as internal/lexgen
// wrote it (`make lexicon`; sources and licences in NOTICE): 20,000 word
// vectors from GloVe and WordNet's derivationally related forms. It stays
// in the generator; a server carries only what its API needs.
package lexicon

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed" // the tables
	"fmt"
	"io"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

var (
	//go:embed vectors.txt.gz
	vectorsGz []byte
	//go:embed forms.txt.gz
	formsGz []byte
	// Notice is the data sets' notices, which ship with what is derived
	// from them.
	//go:embed NOTICE
	Notice string
)

// maxLine bounds one line of a table.
const maxLine = 1 << 16

// Load decodes the tables.
func Load() (*search.Lexicon, error) {
	lex := &search.Lexicon{Vectors: map[string]string{}, Forms: map[string][]string{}, Notice: Notice}
	err := eachLine(vectorsGz, func(word, rest string) error {
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
	return lex, nil
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
