// Command eval measures how well swag2mcp's search finds the right
// operation for natural-language queries: for every labelled query set in
// queries/ it prints recall@1/5/10 and MRR@10 of our search and of a bleve
// baseline, per API and per half (halves.yaml: tuning and holdout, the
// holdout figure being the headline), by difficulty, and how many
// structured-syntax queries return exactly their answer set; then the
// queries ours ranks worst, for tuning-half sets only. It is a separate
// module so bleve stays out of the main module and of generated servers.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/swag2mcp/swag2mcp/eval/internal/halves"
	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
	"github.com/swag2mcp/swag2mcp/eval/internal/specs"
	"github.com/swag2mcp/swag2mcp/generator/ir"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	specDir := fs.String("specs", "../.cache/specs", "specs cache (scripts/fetch-specs.sh fills it)")
	queries := fs.String("queries", "queries", "folder of labelled query sets (*.yaml)")
	halvesFile := fs.String("halves", "halves.yaml", "which query sets are in the tuning and the holdout half")
	worst := fs.Int("worst", 15, "worst queries of ours to list per tuning-half spec (holdout queries are never listed)")
	reps := fs.Int("reps", 5, "times every query is run for the latency columns")
	only := fs.String("only", "", "run only the query set with this spec name")
	half := fs.String("half", "", "run only the query sets of this half (tuning or holdout); both when empty")
	stress := fs.String("stress", "", "also run the tuning half under stress conditions, reported as extra halves: bare (no summaries or descriptions), crowd (merged with crowd.txt's distractor specs), scale (crowd, distractors hidden from results), template (bare, titled from method and path), nested (template, each operation copied under other resources' paths; a copy counts as its original), nested-strict (nested, copies wrong), post (every write a POST), described (template titles, texts kept), typo (each query with one word misspelt), third-person, gerund, asked, nominal (verb-first queries phrased \"Deletes a…\", \"Deleting a…\", \"which endpoint deletes a…\", \"Deletion of a…\"), terse (every query without its articles), comma-separated, or all")
	crowdFile := fs.String("crowd", "crowd.txt", "distractor specs of -stress crowd (written by go run ./draw)")
	checkOnly := fs.Bool("check", false, "only check that every label names an operation of its spec; run no search")
	loopOut := fs.String("loop-out", "", "write to this folder, per query set, what a model using the server sees of each query (see loop.go), and nothing else")
	loopIn := fs.String("loop-in", "", "score the answers a model wrote in this folder to -loop-out's tasks, and nothing else")
	loopNextDir := fs.String("loop-next", "", "run the searches again a model asked for in this folder's answers and write what they show as the next round's tasks (FOLDER/next), and nothing else")
	saveTo := fs.String("save", "", "write our search's rank of every natural-language query to this file (JSON lines), for a later -against")
	against := fs.String("against", "", "compare this run with one -save wrote: per half, recall@5 and MRR then and now, the change with its paired bootstrap interval, the queries moved (the holdout's counted, not listed)")
	loopVocabulary := fs.Bool("loop-vocabulary", true, "with -loop-out: the instructions list the API's tags and resources and weak notes its resources, as a server's do; false leaves them out")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: eval [-specs DIR] [-queries DIR] [-halves FILE] [-worst N] [-reps N] [-only NAME] [-half tuning|holdout] [-stress bare,crowd,scale,template,described,nested,nested-strict,post,typo,third-person,gerund,asked,nominal,terse|all] [-crowd FILE] [-save FILE] [-against FILE] [-check] [-loop-out DIR | -loop-next DIR | -loop-in DIR]")
		return 2
	}
	sets, h, err := readInputs(*queries, *halvesFile)
	if err != nil {
		fmt.Fprintln(stderr, "eval:", err)
		return 1
	}
	if *half != "" && *half != halves.Tuning && *half != halves.Holdout {
		fmt.Fprintf(stderr, "eval: -half %q: want %s or %s\n", *half, halves.Tuning, halves.Holdout)
		return 2
	}
	conds, err := parseStress(*stress)
	if err != nil {
		fmt.Fprintln(stderr, "eval:", err)
		return 2
	}
	loop, err := newLoopRun(*loopOut, *loopNextDir, *loopIn, *loopVocabulary)
	if err != nil {
		fmt.Fprintln(stderr, "eval:", err)
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Minute)
	defer cancel()
	start := time.Now()
	var crowd *ir.API
	if (slices.Contains(conds, stressCrowd) || slices.Contains(conds, stressScale)) && *half != halves.Holdout && !*checkOnly {
		if crowd, err = loadCrowd(ctx, *crowdFile, *specDir); err != nil {
			fmt.Fprintln(stderr, "eval:", err)
			return 1
		}
	}
	var results []result
	var loops []loopScore
	var details strings.Builder
	for _, set := range sets {
		if (*only != "" && set.Spec.Name != *only) || (*half != "" && h.Of(set.Spec.Name) != *half) {
			continue
		}
		api, err := loadSet(ctx, set, *specDir, &details)
		if err != nil {
			fmt.Fprintln(stderr, "eval:", err)
			return 1
		}
		if *checkOnly {
			fmt.Fprintf(stdout, "%s: %d queries, every label names an operation\n", set.Spec.Name, len(set.Queries))
			continue
		}
		if loop.mode != "" {
			sc, err := loop.run(ctx, set, h.Of(set.Spec.Name), api)
			if err != nil {
				fmt.Fprintln(stderr, "eval:", err)
				return 1
			}
			if loop.mode == loopScoring {
				loops = append(loops, sc)
			}
			continue
		}
		rs, err := evaluate(ctx, set, h.Of(set.Spec.Name), api, *reps)
		if err != nil {
			fmt.Fprintln(stderr, "eval:", err)
			return 1
		}
		if rs[0].half == halves.Tuning {
			printWorst(&details, set.Spec.Name, rs[0].outs, *worst)
		}
		results = append(results, rs...)
		if rs[0].half != halves.Tuning {
			continue
		}
		stressed, err := evaluateStressed(ctx, set, api, crowd, conds, *reps)
		if err != nil {
			fmt.Fprintln(stderr, "eval:", err)
			return 1
		}
		for _, r := range stressed {
			printWorst(&details, r.spec, r.outs, *worst)
		}
		results = append(results, stressed...)
	}
	if *checkOnly {
		fmt.Fprint(stdout, details.String())
		return 0
	}
	if loop.mode != "" {
		if loop.mode == loopScoring {
			printLoop(stdout, loops)
		}
		return 0
	}
	printReport(stdout, results)
	fmt.Fprint(stdout, details.String())
	if *against != "" {
		saved, err := readRun(*against)
		if err != nil {
			fmt.Fprintln(stderr, "eval:", err)
			return 1
		}
		printComparison(stdout, results, saved, *against)
	}
	if *saveTo != "" {
		if err := saveRun(*saveTo, results); err != nil {
			fmt.Fprintln(stderr, "eval:", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "\nran in %v\n", time.Since(start).Round(time.Second))
	return 0
}

// readInputs reads the query sets and the halves, and checks that every
// set is in exactly one half.
func readInputs(queries, halvesFile string) ([]*queryset.QuerySet, *halves.Halves, error) {
	sets, err := queryset.ReadAll(queries)
	if err != nil {
		return nil, nil, err
	}
	h, err := halves.Read(halvesFile)
	if err != nil {
		return nil, nil, err
	}
	var names []string
	for _, s := range sets {
		names = append(names, s.Spec.Name)
	}
	if err := h.Cover(names); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", halvesFile, err)
	}
	return sets, h, nil
}

// result is one engine's outcomes on one query set.
type result struct {
	spec, half, engine string
	ops                int
	indexBytes         int // size of our compiled index; 0 for other engines
	outs               []outcome
	p50, p99           time.Duration // in-process time of one query (see timeQueries)
	rephrase           *rephrase     // our engine on its own API: what the weak-answer help did
}

// loadSet lowers a set's spec and checks its labels against it.
func loadSet(ctx context.Context, set *queryset.QuerySet, specDir string, notes io.Writer) (*ir.API, error) {
	api, err := specs.Lower(ctx, filepath.Join(specDir, set.Spec.Path))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", set.Spec.Name, err)
	}
	eps := specs.Endpoints(api)
	ops := make(map[string]bool, len(eps))
	for _, e := range eps {
		ops[opKey(e.Method, e.Path)] = true
	}
	if set.Spec.Operations != 0 && set.Spec.Operations != len(eps) {
		fmt.Fprintf(notes, "note: %s: %d operations lowered, query file says %d\n", set.Spec.Name, len(eps), set.Spec.Operations)
	}
	if err := queryset.CheckLabels(set, ops); err != nil {
		return nil, err
	}
	return api, nil
}

// evaluate runs one query set through every engine.
func evaluate(ctx context.Context, set *queryset.QuerySet, half string, api *ir.API, reps int) ([]result, error) {
	engines, err := newEngines(api)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", set.Spec.Name, err)
	}
	rs := runEngines(ctx, set, set.Spec.Name, half, engines, engineNames(), len(specs.Endpoints(api)), reps)
	rp, err := measureRephrase(ctx, engines[0].(*oursEngine), rs[0].outs)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", set.Spec.Name, err)
	}
	rs[0].rephrase = &rp
	return rs, nil
}

// evaluateStressed runs one tuning set through our search under every
// condition of conds, in stressOrder: bare, which strips api in place,
// comes last; template and nested work on copies.
func evaluateStressed(ctx context.Context, set *queryset.QuerySet, api, crowd *ir.API, conds []string, reps int) ([]result, error) {
	var out []result
	own := len(specs.Endpoints(api))
	for _, cond := range stressOrder() {
		if !slices.Contains(conds, cond) {
			continue
		}
		stressed, queries := api, set
		var original, keys []string
		switch cond {
		case stressTypo:
			queries = withTypos(set)
		case stressThirdPerson, stressGerund, stressAsked, stressNominal, stressTerse:
			queries = withPhrasing(set, cond)
		case stressCrowd, stressScale:
			stressed = withCrowd(api, crowd)
		case stressTemplate:
			stressed = templated(api)
		case stressDescribed:
			stressed = described(api)
		case stressNested, stressNestedStrict:
			stressed, original = nested(api)
		case stressPost:
			stressed, keys = postOnly(api)
		case stressBare:
			stripTexts(api)
		}
		ours, err := newOursOwning(stressed, own)
		if err != nil {
			return nil, fmt.Errorf("%s [%s]: %w", set.Spec.Name, cond, err)
		}
		ours.hideCrowd = cond == stressScale
		if cond == stressNested {
			ours.original = original
		}
		ours.keys = keys
		name := set.Spec.Name + " [" + cond + "]"
		out = append(out, runEngines(ctx, queries, name, stressHalf(cond), []engine{ours}, []string{oursName},
			len(specs.Endpoints(stressed)), reps)...)
	}
	return out, nil
}

// runEngines runs every query of set through each engine.
func runEngines(ctx context.Context, set *queryset.QuerySet, spec, half string, engines []engine, names []string, ops, reps int) []result {
	var out []result
	for i, eng := range engines {
		r := result{spec: spec, half: half, engine: names[i], ops: ops, outs: outcomesOf(ctx, set, eng)}
		if ours, ok := eng.(*oursEngine); ok {
			r.indexBytes = ours.bytes
		}
		r.p50, r.p99 = timeQueries(ctx, eng, set.Queries, reps)
		out = append(out, r)
	}
	return out
}

// outcomesOf runs every query of set through eng and judges its results.
func outcomesOf(ctx context.Context, set *queryset.QuerySet, eng engine) []outcome {
	outs := make([]outcome, len(set.Queries))
	for j, q := range set.Queries {
		outs[j] = outcome{Query: q}
		n := depth
		if q.IsSyntax() {
			n = syntaxDepth
		}
		top, err := eng.Search(ctx, q.Q, n)
		if err != nil {
			outs[j].Err = err.Error()
		}
		outs[j].Top = top
		outs[j].judge()
	}
	return outs
}

// timeQueries runs every query reps times after one warm-up pass and
// returns the median and 99th percentile time of one in-process search.
func timeQueries(ctx context.Context, eng engine, qs []queryset.Labelled, reps int) (p50, p99 time.Duration) {
	for _, q := range qs {
		eng.Search(ctx, q.Q, depth)
	}
	var took []time.Duration
	for range max(reps, 1) {
		for _, q := range qs {
			start := time.Now()
			eng.Search(ctx, q.Q, depth)
			took = append(took, time.Since(start))
		}
	}
	slices.Sort(took)
	return took[len(took)/2], took[min(len(took)-1, len(took)*99/100)]
}
