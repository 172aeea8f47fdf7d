package main

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/eval/internal/specs"
)

// docScore measures how well a spec documents its operations: the median
// number of words in an operation's summary and description together.
func docScore(path string) (int, error) {
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := specs.ReadJSON(path, &doc); err != nil {
		return 0, err
	}
	var words []int
	for _, item := range doc.Paths {
		for k, raw := range item {
			if !specs.IsMethod(k) {
				continue
			}
			var op struct {
				Summary     string `json:"summary"`
				Description string `json:"description"`
			}
			if json.Unmarshal(raw, &op) != nil {
				continue
			}
			words = append(words, len(strings.Fields(op.Summary))+len(strings.Fields(op.Description)))
		}
	}
	if len(words) == 0 {
		return 0, nil
	}
	slices.Sort(words)
	return words[len(words)/2], nil
}

// scored is a drawn set with its documentation score.
type scored struct {
	name  string
	score int
}

// partition is the split of every query set into the tuning and holdout halves.
type partition struct {
	tuning, holdout []string
	better, worse   []scored // the first round's two documentation strata
	later           []string // sets drawn after the first round, in tuning
}

// firstRound is the size of the first draw, the sets split below before
// any search ran on them. The holdout half is what those sets made it and
// stays so: its figure has been quoted since, and moving a set would mix
// read and unread results. A set drawn later goes to tuning, its first
// figure an out-of-sample reading taken before it guided any change.
const firstRound = 8

// split decides the halves by a rule fixed before any search ran on the
// drawn sets (given in draw order):
//
//  1. every existing set goes to tuning: earlier tuning saw its figures;
//  2. the first round's sets are ranked by documentation score (best first, ties by
//     name) and cut into a better and a worse documented stratum (the
//     better one takes the odd one out);
//  3. tuning takes as many of them as make the halves equal in size,
//     alternately from the better and the worse stratum, each stratum's
//     sets taken in the order of drawKey(seed+"/split", name);
//  4. every other set of the first round is held out;
//  5. a set drawn after the first round goes to tuning.
func split(seed string, old []string, drawn []scored) partition {
	var later []scored
	if len(drawn) > firstRound {
		drawn, later = drawn[:firstRound], drawn[firstRound:]
	}
	ranked := slices.Clone(drawn)
	slices.SortFunc(ranked, func(a, b scored) int {
		if a.score != b.score {
			return b.score - a.score
		}
		return strings.Compare(a.name, b.name)
	})
	cut := (len(ranked) + 1) / 2
	h := partition{tuning: slices.Clone(old), better: ranked[:cut], worse: ranked[cut:]}
	strata := [][]scored{slices.Clone(h.better), slices.Clone(h.worse)}
	for _, s := range strata {
		slices.SortFunc(s, func(a, b scored) int {
			return strings.Compare(drawKey(seed+"/split", a.name), drawKey(seed+"/split", b.name))
		})
	}
	need := (len(old)+len(drawn))/2 - len(old)
	taken := map[string]bool{}
	for i := 0; need > 0 && (len(strata[0]) > 0 || len(strata[1]) > 0); i++ {
		s := &strata[i%2]
		if len(*s) == 0 {
			continue
		}
		h.tuning = append(h.tuning, (*s)[0].name)
		taken[(*s)[0].name] = true
		*s = (*s)[1:]
		need--
	}
	for _, d := range later {
		h.tuning = append(h.tuning, d.name)
		h.later = append(h.later, d.name)
	}
	for _, d := range ranked {
		if !taken[d.name] {
			h.holdout = append(h.holdout, d.name)
		}
	}
	slices.Sort(h.holdout)
	return h
}
