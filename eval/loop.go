package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
	"github.com/swag2mcp/swag2mcp/generator/ir"
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

// What -loop-out, -loop-next and -loop-in do.
const (
	loopWriting = "out"  // write the first round's tasks
	loopNexting = "next" // write the next round's tasks
	loopScoring = "in"   // score every round
)

// loopRun is the one loop step a command line asks for, in dir.
type loopRun struct {
	mode, dir  string // mode "" when none
	vocabulary bool   // the tasks show the server's vocabulary help
}

// newLoopRun reads the loop flags: at most one of them names a folder.
func newLoopRun(out, next, in string, vocabulary bool) (loopRun, error) {
	var r loopRun
	for _, f := range []struct{ mode, dir string }{{loopWriting, out}, {loopNexting, next}, {loopScoring, in}} {
		if f.dir == "" {
			continue
		}
		if r.mode != "" {
			return r, fmt.Errorf("-loop-%s and -loop-%s: give one", r.mode, f.mode)
		}
		r = loopRun{mode: f.mode, dir: f.dir, vocabulary: vocabulary}
	}
	return r, nil
}

// run does r's step for one query set; a score only when scoring.
func (r loopRun) run(ctx context.Context, set *queryset.QuerySet, half string, api *ir.API) (loopScore, error) {
	o, err := newOurs(api)
	if err != nil {
		return loopScore{}, err
	}
	switch r.mode {
	case loopWriting:
		return loopScore{}, writeLoopTask(ctx, r.dir, set, o, r.vocabulary)
	case loopNexting:
		return loopScore{}, writeLoopNext(ctx, r.dir, set, o)
	}
	return scoreLoop(ctx, r.dir, set, half, o)
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
	overview := o.cat.Overview(nil)
	task := loopTask{API: set.Spec.Name, Instructions: loopInstructions + loopOverviewLead + overview}
	if !vocabulary {
		head, _, _ := strings.Cut(overview, "; ")
		task.Instructions = loopInstructions + " Served: " + strings.TrimSuffix(head, ".") + "."
	}
	notes := loopNotes(o, vocabulary)
	for id, q := range set.Queries {
		if q.IsSyntax() {
			continue
		}
		item, err := loopItemOf(ctx, o, notes, id, q.Q, "")
		if err != nil {
			return fmt.Errorf("%s: %w", set.Spec.Name, err)
		}
		task.Items = append(task.Items, item)
	}
	return writeLoopFile(dir, set.Spec.Name, task)
}

// loopNotes is the Searcher whose notes a task shows: o's own, or,
// without vocabulary, one that names no resource.
func loopNotes(o *oursEngine, vocabulary bool) search.Searcher {
	if vocabulary {
		return o.s
	}
	return withoutVocabulary{o.s, o.s.(search.Advisor)}
}

// loopItemOf is query id as the model meets it: intent searched as query
// (the intent itself when query is ""), its top loopShown hits and the
// note notes gives.
func loopItemOf(ctx context.Context, o *oursEngine, notes search.Searcher, id int, intent, query string) (loopItem, error) {
	text := intent
	if query != "" {
		text = query
	}
	res, err := o.s.Search(ctx, search.Query{Text: text, Limit: loopShown, Narrow: true})
	if err != nil {
		return loopItem{}, fmt.Errorf("%q: %w", text, err)
	}
	item := loopItem{ID: id, Intent: intent, Query: query, Total: res.Total,
		Note: search.ResultNote(ctx, notes, o.cat, text, res)}
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

// loopNext is the folder of the round after the one in dir: the model's
// second searches, run, and its answers to what they showed.
const loopNext = "next"

// writeLoopNext runs the searches again the model asked for in dir's
// round of set and writes their task into dir/next: each item shows the
// intent, the hits the model saw before and its query's hits and note.
func writeLoopNext(ctx context.Context, dir string, set *queryset.QuerySet, o *oursEngine) error {
	round, err := readLoopRound(dir, set)
	if err != nil || round == nil {
		return err
	}
	next := loopTask{API: round.task.API, Instructions: round.task.Instructions}
	// The next round's notes help as the first's did: its instructions say whether they listed the vocabulary.
	notes := loopNotes(o, strings.Contains(round.task.Instructions, loopOverviewLead))
	for id := range set.Queries {
		a, ok := round.answers[id]
		it, shown := round.items[id]
		if !ok || !shown || a.Take > 0 || a.blank() {
			continue
		}
		item, err := loopItemOf(ctx, o, notes, id, set.Queries[id].Q, a.Search)
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
