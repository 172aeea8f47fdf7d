package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
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
// answers file; -loop-in scores it: the query succeeds when the hit the
// model took is an acceptable answer, or when its second search, run
// again at scoring, has one in its top loopShown.

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
	ID      int      `json:"id"`
	Intent  string   `json:"intent"`  // what the user asked, searched as is
	Results []string `json:"results"` // "METHOD /path — summary", best first
	Total   int      `json:"total"`
	Note    string   `json:"note,omitempty"`
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
		res, err := o.s.Search(ctx, search.Query{Text: q.Q, Limit: loopShown})
		if err != nil {
			return fmt.Errorf("%s: %q: %w", set.Spec.Name, q.Q, err)
		}
		item := loopItem{ID: id, Intent: q.Q, Total: res.Total,
			Note: search.ResultNote(ctx, s, o.cat, q.Q, res.Hits, res.Total)}
		for _, h := range res.Hits {
			e := o.cat.Endpoint(h.Endpoint)
			item.Results = append(item.Results, strings.TrimSuffix(e.Method+" "+e.Path+" — "+e.Summary, " — "))
		}
		task.Items = append(task.Items, item)
	}
	data, err := json.MarshalIndent(task, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(loopFile(dir, set.Spec.Name, ".task.json"), append(data, '\n'), 0o644)
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

// scoreLoop reads set's task and the model's answers to it in dir and
// scores them against the labels: a hit taken is judged as the task
// showed it, a second search is run now.
func scoreLoop(ctx context.Context, dir string, set *queryset.QuerySet, half string, o *oursEngine) (loopScore, error) {
	sc := loopScore{api: set.Spec.Name, half: half}
	var task loopTask
	var ans loopAnswers
	for _, f := range []struct {
		suffix string
		into   any
	}{{".task.json", &task}, {".answers.json", &ans}} {
		name := loopFile(dir, set.Spec.Name, f.suffix)
		data, err := boundedfile.Read(name, maxLoopFile)
		if err != nil {
			return sc, err
		}
		if err := json.Unmarshal(data, f.into); err != nil {
			return sc, fmt.Errorf("%s: %w", name, err)
		}
	}
	byID := map[int]loopAnswer{}
	for _, a := range ans.Answers {
		byID[a.ID] = a
	}
	for _, it := range task.Items {
		if it.ID < 0 || it.ID >= len(set.Queries) || set.Queries[it.ID].Q != it.Intent {
			return sc, fmt.Errorf("%s: item %d is not query %d of the set", loopFile(dir, set.Spec.Name, ".task.json"), it.ID, it.ID)
		}
		want := set.Queries[it.ID].Want
		sc.queries++
		if slices.ContainsFunc(it.Results, func(r string) bool { return slices.Contains(want, resultKey(r)) }) {
			sc.firstFound++
		}
		a, ok := byID[it.ID]
		switch {
		case !ok || (a.Take == 0 && strings.TrimSpace(a.Search) == ""):
			sc.blank++
		case a.Take > 0:
			if a.Take <= len(it.Results) && slices.Contains(want, resultKey(it.Results[a.Take-1])) {
				sc.tookRight++
			} else {
				sc.tookWrong++
			}
		default:
			sc.searched++
			second, err := o.Search(ctx, a.Search, loopShown)
			if err != nil {
				return sc, err
			}
			if rankOf(second, want) > 0 {
				sc.searchedFound++
			}
		}
	}
	return sc, nil
}

// resultKey is the "METHOD /path" of a result line of a task.
func resultKey(r string) string {
	k, _, _ := strings.Cut(r, " — ")
	return k
}

// printLoop prints the model-in-the-loop scores per API and, as a mean
// over APIs, per half.
func printLoop(w io.Writer, scores []loopScore) {
	fmt.Fprintf(w, "model in the loop: first search's recall@%d, hits the model took (right, wrong), second searches (those with an\n", loopShown)
	fmt.Fprintf(w, "answer in their top %d), queries left unanswered, and the share that ended at an acceptable answer\n", loopShown)
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
