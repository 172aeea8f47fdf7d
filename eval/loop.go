package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/swag2mcp/swag2mcp/eval/internal/boundedfile"
	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// A model in the loop: a generated server is used by a language model,
// which reads the server's instructions, searches, looks at the answer
// and its note, and either takes a hit or searches again in other words.
// -loop-out writes, per query set, what such a model would see for each
// natural-language query (the instructions, the first search's top
// loopShown hits and the note); a model, given only that file, writes an
// answers file; -loop-next runs the searches again it asked for and
// writes the next round's tasks (the hits it rejected, its query's hits
// and note) into next/; -loop-in scores every round: the query succeeds
// when a hit the model took is an acceptable answer, or, for a last
// search no round answered, when its top loopShown, run at scoring,
// holds one.

// loopShown is how many hits the model sees, and where its second
// search must place an answer.
const loopShown = 5

// loopInstructions is the MCP instructions' text before the overview,
// as runtime/mcptools sends it (instructions there; the eval module
// cannot import mcptools, whose MCP library it lacks).
const loopInstructions = "Find API endpoints with search, read an endpoint's contract with inspect, " +
	"then call it with invoke. Ids come from search results. For work that needs many calls, " +
	"write one script instead of many invokes. Large answers come back as a fileRef: explore it " +
	"with response_outline, response_compress and response_slice."

// loopOverviewLead joins loopInstructions and the overview (overviewLead
// in runtime/mcptools).
const loopOverviewLead = " Word searches in the API's own terms; its main tags and resources follow. Served: "

// loopTask is the file -loop-out writes for one query set.
type loopTask struct {
	API          string     `json:"api"`
	Instructions string     `json:"instructions"`
	Items        []loopItem `json:"items"`
}

// loopItem is one query as the model meets it.
type loopItem struct {
	ID      int        `json:"id"`
	Intent  string     `json:"intent"`          // what the user asked
	Query   string     `json:"query,omitempty"` // what was searched, when not the intent
	Results []string   `json:"results"`         // "METHOD /path — summary", best first
	Total   int        `json:"total"`
	Note    string     `json:"note,omitempty"`
	Earlier []loopStep `json:"earlier,omitempty"` // the searches before, first first
}

// loopStep is a search the model made before and the hits it saw.
type loopStep struct {
	Query   string   `json:"query,omitempty"` // empty: the intent
	Results []string `json:"results"`
}

// loopAnswers is the file a model writes for a loopTask.
type loopAnswers struct {
	Answers []loopAnswer `json:"answers"`
}

// loopAnswer takes result Take (1-based) or searches again with Search.
type loopAnswer struct {
	ID     int    `json:"id"`
	Take   int    `json:"take,omitempty"`
	Search string `json:"search,omitempty"`
}

// loopFile names a set's task or answers file in dir.
func loopFile(dir, set, suffix string) string {
	return filepath.Join(dir, strings.ReplaceAll(set, "/", "_")+suffix)
}

// writeLoopTask writes the task of set for o into dir. Without
// vocabulary, the instructions give only the API's title and size and
// the notes name no resource: what the model would know without the
// server's vocabulary help.
func writeLoopTask(ctx context.Context, dir string, set *queryset.QuerySet, o *oursEngine, vocabulary bool) error {
	task := loopTask{API: set.Spec.Name, Instructions: loopInstructions + loopOverviewLead + o.cat.Overview(nil)}
	var s search.Searcher = o.s
	if !vocabulary {
		head, _, _ := strings.Cut(o.cat.Overview(nil), "; ")
		task.Instructions = loopInstructions + " Served: " + strings.TrimSuffix(head, ".") + "."
		s = withoutVocabulary{o.s, o.s.(search.Advisor)}
	}
	for id, q := range set.Queries {
		if q.IsSyntax() {
			continue
		}
		item, err := loopItemOf(ctx, o, s, id, q.Q, "")
		if err != nil {
			return fmt.Errorf("%s: %w", set.Spec.Name, err)
		}
		task.Items = append(task.Items, item)
	}
	return writeLoopFile(dir, set.Spec.Name, task)
}

// loopItemOf is query id as the model meets it: intent searched as query
// (the intent itself when query is ""), its top loopShown hits and the
// note s gives.
func loopItemOf(ctx context.Context, o *oursEngine, s search.Searcher, id int, intent, query string) (loopItem, error) {
	text := intent
	if query != "" {
		text = query
	}
	res, err := o.s.Search(ctx, search.Query{Text: text, Limit: loopShown})
	if err != nil {
		return loopItem{}, fmt.Errorf("%q: %w", text, err)
	}
	item := loopItem{ID: id, Intent: intent, Query: query, Total: res.Total,
		Note: search.ResultNote(ctx, s, o.cat, text, res.Hits, res.Total)}
	for _, h := range res.Hits {
		e := o.cat.Endpoint(h.Endpoint)
		item.Results = append(item.Results, strings.TrimSuffix(e.Method+" "+e.Path+" — "+e.Summary, " — "))
	}
	return item, nil
}

// writeLoopFile writes a set's task into dir.
func writeLoopFile(dir, set string, task loopTask) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(task, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(loopFile(dir, set, ".task.json"), append(data, '\n'), 0o644)
}

// withoutVocabulary is a Searcher and Advisor that is no Vocabulary: its
// notes name no resource.
type withoutVocabulary struct {
	search.Searcher
	search.Advisor
}

// loopScore is how a model in the loop fared on one query set.
type loopScore struct {
	api, half                      string
	queries, firstFound            int // queries, and those whose first search had an answer in its top loopShown
	tookRight, tookWrong           int // hits taken
	searched, searchedFound, blank int // second searches, those that found an answer, queries the model left unanswered
}

// maxLoopFile bounds a task or answers file.
const maxLoopFile = 4 << 20

// loopNext is the folder of the round after the one in dir: the model's
// second searches, run, and its answers to what they showed.
const loopNext = "next"

// loopRound is one round of a set: its task's items and the model's
// answers, by query id; nil when the folder has no task for the set.
type loopRound struct {
	items   map[int]loopItem
	answers map[int]loopAnswer
}

// readLoopRound reads set's task and answers in dir; a round without a
// task is nil, a task without answers an error.
func readLoopRound(dir string, set *queryset.QuerySet) (*loopRound, error) {
	var task loopTask
	var ans loopAnswers
	for _, f := range []struct {
		suffix string
		into   any
	}{{".task.json", &task}, {".answers.json", &ans}} {
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
	r := &loopRound{items: map[int]loopItem{}, answers: map[int]loopAnswer{}}
	for _, it := range task.Items {
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

// scoreLoop reads set's rounds in dir (and dir/next…) and scores the
// model's answers against the labels: a hit taken is judged as the task
// showed it; a search again is judged by the next round's answer to it,
// or, when there is none, by whether its top loopShown, run now, holds
// an answer.
func scoreLoop(ctx context.Context, dir string, set *queryset.QuerySet, half string, o *oursEngine) (loopScore, error) {
	sc := loopScore{api: set.Spec.Name, half: half}
	first, err := readLoopRound(dir, set)
	if err != nil {
		return sc, err
	}
	if first == nil {
		return sc, fmt.Errorf("%s: no task", loopFile(dir, set.Spec.Name, ".task.json"))
	}
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
		case !ok || (a.Take == 0 && strings.TrimSpace(a.Search) == ""):
			sc.blank++
		case a.Take > 0:
			if tookAnswer(it, a, want) {
				sc.tookRight++
			} else {
				sc.tookWrong++
			}
		default:
			sc.searched++
			found, err := searchedAnswer(ctx, filepath.Join(dir, loopNext), set, id, a, o)
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

// tookAnswer reports whether the hit a took of it is one of want.
func tookAnswer(it loopItem, a loopAnswer, want []string) bool {
	return a.Take <= len(it.Results) && slices.Contains(want, resultKey(it.Results[a.Take-1]))
}

// searchedAnswer judges query id's search again a: by the answer of the
// round in dir to it, when there is one, else by its top loopShown.
func searchedAnswer(ctx context.Context, dir string, set *queryset.QuerySet, id int, a loopAnswer, o *oursEngine) (bool, error) {
	want := set.Queries[id].Want
	next, err := readLoopRound(dir, set)
	if err != nil {
		return false, err
	}
	if next != nil {
		it, ok := next.items[id]
		b, answered := next.answers[id]
		switch {
		case !ok || it.Query != a.Search:
			// The next round did not run this search: judged below.
		case !answered || (b.Take == 0 && strings.TrimSpace(b.Search) == ""):
			return false, nil
		case b.Take > 0:
			return tookAnswer(it, b, want), nil
		default:
			return searchedAnswer(ctx, filepath.Join(dir, loopNext), set, id, b, o)
		}
	}
	top, err := o.Search(ctx, a.Search, loopShown)
	if err != nil {
		return false, err
	}
	return rankOf(top, want) > 0, nil
}

// writeLoopNext runs the searches again the model asked for in dir's
// round of set and writes their task into dir/next: each item shows the
// intent, the hits the model saw before and its query's hits and note.
func writeLoopNext(ctx context.Context, dir string, set *queryset.QuerySet, o *oursEngine) error {
	round, err := readLoopRound(dir, set)
	if err != nil || round == nil {
		return err
	}
	var prev loopTask
	if data, err := boundedfile.Read(loopFile(dir, set.Spec.Name, ".task.json"), maxLoopFile); err != nil {
		return err
	} else if err := json.Unmarshal(data, &prev); err != nil {
		return err
	}
	next := loopTask{API: prev.API, Instructions: prev.Instructions}
	for id := range set.Queries {
		a, ok := round.answers[id]
		it, shown := round.items[id]
		if !ok || !shown || a.Take > 0 || strings.TrimSpace(a.Search) == "" {
			continue
		}
		item, err := loopItemOf(ctx, o, o.s, id, set.Queries[id].Q, a.Search)
		if err != nil {
			return fmt.Errorf("%s: %w", set.Spec.Name, err)
		}
		item.Earlier = append(slices.Clone(it.Earlier), loopStep{Query: it.Query, Results: it.Results})
		next.Items = append(next.Items, item)
	}
	if len(next.Items) == 0 {
		return nil
	}
	return writeLoopFile(filepath.Join(dir, loopNext), set.Spec.Name, next)
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
