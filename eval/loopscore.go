package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/swag2mcp/swag2mcp/eval/internal/boundedfile"
	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
)

// loopScore is how a model in the loop fared on one query set.
type loopScore struct {
	api, half                      string
	queries, firstFound            int // queries, and those whose first search had an answer in its top loopShown
	tookRight, tookWrong           int // hits taken
	searched, searchedFound, blank int // searches again, those that ended at an answer, queries the model left unanswered
}

// maxLoopFile bounds a task or answers file.
const maxLoopFile = 4 << 20

// loopRound is one round of a set: its task, and its items and the
// model's answers by query id.
type loopRound struct {
	task    loopTask
	items   map[int]loopItem
	answers map[int]loopAnswer
}

// readLoopRound reads set's task and answers in dir; nil when dir has no
// task for the set, an error when it has a task without answers.
func readLoopRound(dir string, set *queryset.QuerySet) (*loopRound, error) {
	r := &loopRound{items: map[int]loopItem{}, answers: map[int]loopAnswer{}}
	var ans loopAnswers
	for _, f := range []struct {
		suffix string
		into   any
	}{{".task.json", &r.task}, {".answers.json", &ans}} {
		name := loopFile(dir, set.Spec.Name, f.suffix)
		data, err := boundedfile.Read(name, maxLoopFile)
		if errors.Is(err, fs.ErrNotExist) && f.suffix == ".task.json" {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(data, f.into); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	for _, it := range r.task.Items {
		if it.ID < 0 || it.ID >= len(set.Queries) || set.Queries[it.ID].Q != it.Intent {
			return nil, fmt.Errorf("%s: item %d is not query %d of the set", loopFile(dir, set.Spec.Name, ".task.json"), it.ID, it.ID)
		}
		r.items[it.ID] = it
	}
	for _, a := range ans.Answers {
		r.answers[a.ID] = a
	}
	return r, nil
}

// readLoopRounds reads set's rounds in dir, dir/next, dir/next/next…
// until one has no task; an error when the first has none.
func readLoopRounds(dir string, set *queryset.QuerySet) ([]*loopRound, error) {
	var rounds []*loopRound
	for {
		r, err := readLoopRound(dir, set)
		if err != nil {
			return nil, err
		}
		if r == nil {
			break
		}
		rounds = append(rounds, r)
		dir = filepath.Join(dir, loopNext)
	}
	if len(rounds) == 0 {
		return nil, fmt.Errorf("%s: no task", loopFile(dir, set.Spec.Name, ".task.json"))
	}
	return rounds, nil
}

// scoreLoop reads set's rounds in dir (and dir/next…) and scores the
// model's answers against the labels: a hit taken is judged as the task
// showed it; a search again is judged by the next round's answer to it,
// or, when there is none, by whether its top loopShown, run now, holds
// an answer.
func scoreLoop(ctx context.Context, dir string, set *queryset.QuerySet, half string, o *oursEngine) (loopScore, error) {
	sc := loopScore{api: set.Spec.Name, half: half}
	rounds, err := readLoopRounds(dir, set)
	if err != nil {
		return sc, err
	}
	first := rounds[0]
	for id := range set.Queries {
		it, ok := first.items[id]
		if !ok {
			continue
		}
		want := set.Queries[id].Want
		sc.queries++
		if slices.ContainsFunc(it.Results, func(r string) bool { return slices.Contains(want, resultKey(r)) }) {
			sc.firstFound++
		}
		a, ok := first.answers[id]
		switch {
		case !ok || a.blank():
			sc.blank++
		case a.Take > 0:
			if tookAnswer(it, a, want) {
				sc.tookRight++
			} else {
				sc.tookWrong++
			}
		default:
			sc.searched++
			found, err := searchedAnswer(ctx, rounds[1:], id, a, want, o)
			if err != nil {
				return sc, err
			}
			if found {
				sc.searchedFound++
			}
		}
	}
	return sc, nil
}

// blank reports an answer that neither takes a hit nor searches.
func (a loopAnswer) blank() bool { return a.Take == 0 && strings.TrimSpace(a.Search) == "" }

// tookAnswer reports whether the hit a took of it is one of want.
func tookAnswer(it loopItem, a loopAnswer, want []string) bool {
	return a.Take <= len(it.Results) && slices.Contains(want, resultKey(it.Results[a.Take-1]))
}

// searchedAnswer judges query id's search again a: by the answer of the
// next of rounds to it, when it ran that search, else by a's top
// loopShown.
func searchedAnswer(ctx context.Context, rounds []*loopRound, id int, a loopAnswer, want []string, o *oursEngine) (bool, error) {
	if len(rounds) > 0 {
		it, ok := rounds[0].items[id]
		b, answered := rounds[0].answers[id]
		switch {
		case !ok || it.Query != a.Search:
			// That round did not run this search: judged below.
		case !answered || b.blank():
			return false, nil
		case b.Take > 0:
			return tookAnswer(it, b, want), nil
		default:
			return searchedAnswer(ctx, rounds[1:], id, b, want, o)
		}
	}
	top, err := o.Search(ctx, a.Search, loopShown)
	if err != nil {
		return false, err
	}
	return rankOf(top, want) > 0, nil
}

// resultKey is the "METHOD /path" of a result line of a task.
func resultKey(r string) string {
	k, _, _ := strings.Cut(r, " — ")
	return k
}

// printLoop prints the model-in-the-loop scores per API and, as a mean
// over APIs, per half.
func printLoop(w io.Writer, scores []loopScore) {
	fmt.Fprintf(w, "model in the loop: first search's recall@%d, hits the model took (right, wrong), searches again (those that ended at\n", loopShown)
	fmt.Fprintf(w, "an answer: the next round's hit taken, or a last search's top %d), queries left unanswered, and the share that ended\n", loopShown)
	fmt.Fprintln(w, "at an acceptable answer")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "half\tAPI\tqueries\tfirst recall@5\ttook right\ttook wrong\tsearched again\tfound then\tunanswered\tsucceeded")
	for _, half := range []string{"tuning", "holdout"} {
		var first, success float64
		n := 0
		for _, s := range scores {
			if s.half != half {
				continue
			}
			f := float64(s.firstFound) / float64(max(1, s.queries))
			ok := float64(s.tookRight+s.searchedFound) / float64(max(1, s.queries))
			fmt.Fprintf(tw, "%s\t%s\t%d\t%.2f\t%d\t%d\t%d\t%d\t%d\t%.2f\n", half, s.api, s.queries, f, s.tookRight, s.tookWrong, s.searched, s.searchedFound, s.blank, ok)
			first += f
			success += ok
			n++
		}
		if n > 0 {
			fmt.Fprintf(tw, "%s\tmean of %d APIs\t\t%.2f\t\t\t\t\t\t%.2f\n", half, n, first/float64(n), success/float64(n))
		}
	}
	tw.Flush()
}
