// Package queryset reads the labelled search queries of eval/queries: one
// YAML file per spec, each query with every operation that answers it.
package queryset

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pb33f/go-yaml"
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
	Q    string   `yaml:"q"`
	Want []string `yaml:"want"`
}

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
	st, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	if st.Size() > maxQueryFile {
		return nil, fmt.Errorf("%s: larger than %d bytes", file, maxQueryFile)
	}
	data, err := os.ReadFile(file)
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
	for i, q := range set.Queries {
		if strings.TrimSpace(q.Q) == "" || len(q.Want) == 0 {
			return nil, fmt.Errorf("%s: query %d: q and want are required", file, i+1)
		}
	}
	return set, nil
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
