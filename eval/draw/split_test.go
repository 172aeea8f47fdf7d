package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestSplit(t *testing.T) {
	old := []string{"github", "gmail", "stackexchange", "spotify"}
	var drawn []scored
	for i, n := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		drawn = append(drawn, scored{name: n, score: i * 10}) // h best documented, a worst
	}
	h := split("seed", old, drawn)
	if len(h.tuning) != len(h.holdout) {
		t.Fatalf("halves of %d and %d sets, want equal", len(h.tuning), len(h.holdout))
	}
	if !slices.Equal(h.tuning[:len(old)], old) {
		t.Errorf("tuning starts %v, want every existing set %v", h.tuning, old)
	}
	names := func(s []scored) []string {
		var out []string
		for _, x := range s {
			out = append(out, x.name)
		}
		return out
	}
	if got := names(h.better); !slices.Equal(got, []string{"h", "g", "f", "e"}) {
		t.Errorf("better stratum %v", got)
	}
	newTuning := h.tuning[len(old):]
	if len(newTuning) != 2 || !slices.Contains(names(h.better), newTuning[0]) || !slices.Contains(names(h.worse), newTuning[1]) {
		t.Errorf("drawn sets in tuning %v, want one from each stratum, better first", newTuning)
	}
	all := slices.Concat(h.tuning, h.holdout)
	slices.Sort(all)
	want := slices.Concat(old, names(drawn))
	slices.Sort(want)
	if !slices.Equal(all, want) {
		t.Errorf("halves hold %v, want every set once: %v", all, want)
	}
	if again := split("seed", old, drawn); !slices.Equal(again.tuning, h.tuning) {
		t.Errorf("same seed, different split: %v then %v", h.tuning, again.tuning)
	}
}

// TestSplitSeedMatters checks the pick inside a stratum follows the seed:
// over several seeds, more than one set of the stratum is picked.
func TestSplitSeedMatters(t *testing.T) {
	drawn := []scored{{"a", 1}, {"b", 1}, {"c", 1}, {"d", 1}}
	picked := map[string]bool{}
	for _, seed := range []string{"1", "2", "3", "4", "5", "6", "7", "8"} {
		picked[split(seed, []string{"github"}, drawn).tuning[1]] = true
	}
	if len(picked) < 2 {
		t.Errorf("every seed picked %v", picked)
	}
}

func TestDocScore(t *testing.T) {
	p := filepath.Join(t.TempDir(), "s.json")
	spec := `{"paths":{
		"/a":{"get":{"summary":"one two","description":"three"},"parameters":[]},
		"/b":{"get":{"summary":"one"},"post":{}},
		"/c":{"delete":{"description":"a b c d e f"}}}}`
	if err := os.WriteFile(p, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := docScore(p)
	if err != nil {
		t.Fatal(err)
	}
	// Words per operation 3, 1, 0 and 6; the median of an even count is
	// the upper middle one.
	if got != 3 {
		t.Errorf("docScore = %d, want 3", got)
	}
}

// TestSplitLaterDraws checks that sets drawn after the first round go to
// tuning and leave the first round's split as it was.
func TestSplitLaterDraws(t *testing.T) {
	old := []string{"github"}
	var drawn []scored
	for i, n := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"} {
		drawn = append(drawn, scored{name: n, score: i})
	}
	first := split("seed", old, drawn[:firstRound])
	both := split("seed", old, drawn)
	if !slices.Equal(both.holdout, first.holdout) {
		t.Errorf("holdout %v with later draws, %v without", both.holdout, first.holdout)
	}
	if want := slices.Concat(first.tuning, []string{"i", "j"}); !slices.Equal(both.tuning, want) {
		t.Errorf("tuning %v, want %v", both.tuning, want)
	}
	if !slices.Equal(both.later, []string{"i", "j"}) {
		t.Errorf("later %v", both.later)
	}
}
