// Package halves reads and writes eval/halves.yaml, which fixes for every
// labelled query set whether it belongs to the tuning half (may guide
// changes to search) or the holdout half (measured only; its figure is the
// one to quote).
package halves

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/pb33f/go-yaml"
	"github.com/swag2mcp/swag2mcp/eval/internal/boundedfile"
)

// The two halves, as printed in reports.
const (
	Tuning  = "tuning"
	Holdout = "holdout"
)

// pinned is the set that must be in the tuning half (issue 11).
const pinned = "github"

// maxFile bounds the halves file's size.
const maxFile = 64 << 10

// Halves names the query sets of each half.
type Halves struct {
	Seed    string   `yaml:"seed"` // seed of the rule that decided the split
	Tuning  []string `yaml:"tuning"`
	Holdout []string `yaml:"holdout"`
}

// Read reads a halves file and checks it (see Validate).
func Read(file string) (*Halves, error) {
	data, err := boundedfile.Read(file, maxFile)
	if err != nil {
		return nil, err
	}
	var h Halves
	if err := yaml.Unmarshal(data, &h); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if err := h.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return &h, nil
}

// Validate checks that both halves are non-empty, no set is named twice
// and github is in the tuning half.
func (h *Halves) Validate() error {
	if len(h.Tuning) == 0 || len(h.Holdout) == 0 {
		return fmt.Errorf("both halves need at least one query set")
	}
	seen := map[string]string{}
	for _, half := range []struct {
		name string
		sets []string
	}{{Tuning, h.Tuning}, {Holdout, h.Holdout}} {
		for _, s := range half.sets {
			if prev, ok := seen[s]; ok {
				return fmt.Errorf("query set %q is named twice (%s and %s)", s, prev, half.name)
			}
			seen[s] = half.name
		}
	}
	if seen[pinned] != Tuning {
		return fmt.Errorf("query set %q must be in the %s half", pinned, Tuning)
	}
	return nil
}

// Of returns the half a query set belongs to, or "" when it is in neither.
func (h *Halves) Of(set string) string {
	switch {
	case slices.Contains(h.Tuning, set):
		return Tuning
	case slices.Contains(h.Holdout, set):
		return Holdout
	}
	return ""
}

// Cover checks that the halves name exactly the given query sets: every set
// in one half, and no half naming a set that does not exist.
func (h *Halves) Cover(sets []string) error {
	var bad []string
	for _, s := range sets {
		if h.Of(s) == "" {
			bad = append(bad, fmt.Sprintf("query set %q is in no half", s))
		}
	}
	for _, s := range slices.Concat(h.Tuning, h.Holdout) {
		if !slices.Contains(sets, s) {
			bad = append(bad, fmt.Sprintf("half names %q, which has no query set", s))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("%s", strings.Join(bad, "; "))
	}
	return nil
}

// Format writes h as a halves file, header first as # comment lines.
func Format(h Halves, header string) []byte {
	var b bytes.Buffer
	for _, l := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
		b.WriteString(strings.TrimRight("# "+l, " ") + "\n")
	}
	fmt.Fprintf(&b, "seed: %q\n", h.Seed)
	for _, half := range []struct {
		name string
		sets []string
	}{{Tuning, h.Tuning}, {Holdout, h.Holdout}} {
		fmt.Fprintf(&b, "%s:\n", half.name)
		for _, s := range half.sets {
			fmt.Fprintf(&b, "  - %q\n", s)
		}
	}
	return b.Bytes()
}
