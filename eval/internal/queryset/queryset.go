// Package queryset reads the labelled search queries of eval/queries: one
// YAML file per spec, each query with every operation that answers it.
package queryset

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/swag2mcp/swag2mcp/eval/internal/boundedfile"
)

// QuerySet is one spec's labelled queries, as stored in queries/*.yaml.
type QuerySet struct {
	Spec struct {
		Name       string `yaml:"name"`       // short name printed in reports
		Package    string `yaml:"package"`    // pinned npm package the spec comes from
		Path       string `yaml:"path"`       // spec file, relative to the specs cache
		Operations int    `yaml:"operations"` // operations the spec has, checked on load
	} `yaml:"spec"`
	Queries []Labelled `yaml:"queries"`
	File    string     `yaml:"-"` // where the set was read from
}

// Labelled is one query and every operation ("METHOD /path") that answers it.
type Labelled struct {
	Q          string   `yaml:"q"`
	Want       []string `yaml:"want"`
	Difficulty string   `yaml:"difficulty"` // easy, medium or hard; "" in sets written before difficulty was marked
	Kind       []string `yaml:"kind"`       // what the query tests (see Kinds); "syntax" changes how it is scored
}

// Difficulties are the marks a query may carry, easiest first.
var Difficulties = []string{"easy", "medium", "hard"}

// Unrated names the queries of sets written before difficulty was marked.
const Unrated = "unrated"

// Syntax is the kind of a structured-syntax query (field filters, +/-,
// path patterns, phrases). Its want is the exact set of operations the
// query must return, in any order, and nothing else.
const Syntax = "syntax"

// MaxSyntaxWant bounds the answer set of a syntax query.
const MaxSyntaxWant = 20

// Kinds are the kinds a query may name.
var Kinds = []string{
	"synonym",      // a word the spec does not use for the thing
	"paraphrase",   // shares no content word with the operation's summary
	"typo",         // misspelt
	"distractor",   // close to a wrong operation
	"domain",       // needs the API's domain knowledge to bridge the words
	"abbreviation", // a short form the spec spells out, or the reverse
	Syntax,
}

// Level is the query's difficulty, Unrated when it has none.
func (l Labelled) Level() string {
	if l.Difficulty == "" {
		return Unrated
	}
	return l.Difficulty
}

// IsSyntax reports whether the query is scored as a structured-syntax query.
func (l Labelled) IsSyntax() bool { return slices.Contains(l.Kind, Syntax) }

// maxQueryFile bounds a query file's size.
const maxQueryFile = 1 << 20

// ReadAll reads every *.yaml file of dir, sorted by file name.
func ReadAll(dir string) ([]*QuerySet, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	if len(files) == 0 {
		return nil, fmt.Errorf("no query files in %s", dir)
	}
	var sets []*QuerySet
	for _, f := range files {
		set, err := Read(f)
		if err != nil {
			return nil, err
		}
		sets = append(sets, set)
	}
	return sets, nil
}

// Read reads one query file and checks its required fields.
func Read(file string) (*QuerySet, error) {
	data, err := boundedfile.Read(file, maxQueryFile)
	if err != nil {
		return nil, err
	}
	set := &QuerySet{File: file}
	if err := yaml.Unmarshal(data, set); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if set.Spec.Name == "" || set.Spec.Path == "" {
		return nil, fmt.Errorf("%s: spec.name and spec.path are required", file)
	}
	if err := check(set); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return set, nil
}

// check validates every query of a set: q and want present, a known
// difficulty on every query or on none, known kinds, a bounded answer set
// for syntax queries.
func check(set *QuerySet) error {
	rated := 0
	for _, q := range set.Queries {
		if q.Difficulty != "" {
			rated++
		}
	}
	for i, q := range set.Queries {
		at := fmt.Sprintf("query %d (%q)", i+1, q.Q)
		switch {
		case strings.TrimSpace(q.Q) == "" || len(q.Want) == 0:
			return fmt.Errorf("query %d: q and want are required", i+1)
		case rated > 0 && q.Difficulty == "":
			return fmt.Errorf("%s: no difficulty, though other queries of the set have one", at)
		case q.Difficulty != "" && !slices.Contains(Difficulties, q.Difficulty):
			return fmt.Errorf("%s: difficulty %q, want one of %s", at, q.Difficulty, strings.Join(Difficulties, ", "))
		case len(slices.Compact(slices.Sorted(slices.Values(q.Want)))) != len(q.Want):
			return fmt.Errorf("%s: an operation named twice in want", at)
		case q.IsSyntax() && len(q.Want) > MaxSyntaxWant:
			return fmt.Errorf("%s: a syntax query's answer set has %d operations, at most %d", at, len(q.Want), MaxSyntaxWant)
		}
		for _, k := range q.Kind {
			if !slices.Contains(Kinds, k) {
				return fmt.Errorf("%s: kind %q, want some of %s", at, k, strings.Join(Kinds, ", "))
			}
		}
	}
	return nil
}

// CheckLabels reports every label that names no operation of the spec, so
// a typo in a label cannot pass as a search miss.
func CheckLabels(set *QuerySet, ops map[string]bool) error {
	var bad []string
	for _, q := range set.Queries {
		for _, w := range q.Want {
			if !ops[w] {
				bad = append(bad, fmt.Sprintf("%q: no operation %s", q.Q, w))
			}
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("%s: %d bad labels:\n  %s", set.File, len(bad), strings.Join(bad, "\n  "))
	}
	return nil
}
