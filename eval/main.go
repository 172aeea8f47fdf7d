// Command eval measures how well swag2mcp's search finds the right
// operation for natural-language queries: for every labelled query set in
// queries/ it prints recall@1, recall@5 and MRR@10 of our search and of a
// bleve baseline, then the queries ours ranks worst. It is a separate module
// so bleve stays out of the main module and of generated servers.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
	"github.com/swag2mcp/swag2mcp/generator/build"
	"github.com/swag2mcp/swag2mcp/generator/diag"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/load"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	specs := fs.String("specs", "../.cache/specs", "specs cache (scripts/fetch-specs.sh fills it)")
	queries := fs.String("queries", "queries", "folder of labelled query sets (*.yaml)")
	worst := fs.Int("worst", 15, "worst queries of ours to list per spec")
	reps := fs.Int("reps", 20, "times every query is run for the latency columns")
	only := fs.String("only", "", "run only the query set with this spec name")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: eval [-specs DIR] [-queries DIR] [-worst N] [-reps N] [-only NAME]")
		return 2
	}
	sets, err := queryset.ReadAll(*queries)
	if err != nil {
		fmt.Fprintln(stderr, "eval:", err)
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	var rows []row
	var details strings.Builder
	for _, set := range sets {
		if *only != "" && set.Spec.Name != *only {
			continue
		}
		r, err := evaluate(ctx, set, *specs, *worst, *reps, &details)
		if err != nil {
			fmt.Fprintln(stderr, "eval:", err)
			return 1
		}
		rows = append(rows, r...)
	}
	printTable(stdout, rows)
	fmt.Fprint(stdout, details.String())
	return 0
}

// row is one line of the summary table.
type row struct {
	spec, engine string
	ops          int
	s            scores
}

// evaluate runs one query set through every engine.
func evaluate(ctx context.Context, set *queryset.QuerySet, specs string, worst, reps int, details io.Writer) ([]row, error) {
	api, err := lower(ctx, filepath.Join(specs, set.Spec.Path))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", set.Spec.Name, err)
	}
	eps := endpoints(api)
	ops := make(map[string]bool, len(eps))
	for _, e := range eps {
		ops[opKey(e.Method, e.Path)] = true
	}
	if set.Spec.Operations != 0 && set.Spec.Operations != len(eps) {
		fmt.Fprintf(details, "note: %s: %d operations lowered, query file says %d\n", set.Spec.Name, len(eps), set.Spec.Operations)
	}
	if err := queryset.CheckLabels(set, ops); err != nil {
		return nil, err
	}
	engines, err := newEngines(api)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", set.Spec.Name, err)
	}
	if ours, ok := engines[0].(*oursEngine); ok {
		fmt.Fprintf(details, "%s: compiled index %.1f KB for %d operations\n", set.Spec.Name, float64(ours.bytes)/1024, len(eps))
	}
	var rows []row
	for i, eng := range engines {
		outs := make([]outcome, len(set.Queries))
		for j, q := range set.Queries {
			outs[j] = outcome{Query: q}
			top, err := eng.Search(ctx, q.Q, depth)
			if err != nil {
				outs[j].Err = err.Error()
				continue
			}
			outs[j].Top = top
			outs[j].Rank = rankOf(top, q.Want)
		}
		r := row{spec: set.Spec.Name, engine: engineNames()[i], ops: len(eps), s: score(outs)}
		r.s.P50, r.s.P99 = timeQueries(ctx, eng, set.Queries, reps)
		rows = append(rows, r)
		if i == 0 {
			printWorst(details, set.Spec.Name, outs, worst)
		}
	}
	return rows, nil
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

// lower loads one spec and lowers it to the IR, as the generator does.
func lower(ctx context.Context, path string) (*ir.API, error) {
	doc, ds := load.Load(ctx, path, load.Options{})
	if doc == nil || ds.HasErrors() {
		return nil, fmt.Errorf("load %s: %v", path, errorsOnly(ds))
	}
	api, ds := build.Build([]*load.Doc{doc}, build.Options{})
	if api == nil || ds.HasErrors() {
		return nil, fmt.Errorf("build %s: %v", path, errorsOnly(ds))
	}
	return api, nil
}

func errorsOnly(l diag.List) diag.List {
	var out diag.List
	for _, d := range l {
		if d.Severity == diag.Error {
			out = append(out, d)
		}
	}
	return out
}

func printTable(w io.Writer, rows []row) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "spec\tops\tqueries\tengine\trecall@1\trecall@5\tMRR@10\terrors\tp50\tp99")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%.2f\t%.2f\t%.2f\t%d\t%v\t%v\n",
			r.spec, r.ops, r.s.N, r.engine, r.s.Recall1, r.s.Recall5, r.s.MRR, r.s.Errors,
			r.s.P50.Round(time.Microsecond), r.s.P99.Round(time.Microsecond))
	}
	tw.Flush()
	var verdicts []string
	for _, r := range rows {
		if r.engine != oursName {
			continue
		}
		v := "met"
		if r.s.Recall5 < goalRecall5 || r.s.MRR < goalMRR {
			v = "not met"
		}
		verdicts = append(verdicts, r.spec+" "+v)
	}
	fmt.Fprintf(w, "goal for swag2mcp (recall@5 ≥ %.2f and MRR ≥ %.2f on every spec): %s\n", goalRecall5, goalMRR, strings.Join(verdicts, ", "))
}

// The goal for our search on every spec.
const (
	goalRecall5 = 0.90
	goalMRR     = 0.75
)

// printWorst lists the queries ours ranks worst: not in the top 5 first
// (errors, then misses), then those in the top 5 but not first, each with
// what it wanted and the top 3 it got.
func printWorst(w io.Writer, spec string, outs []outcome, n int) {
	var bad []outcome
	for _, o := range outs {
		if o.Rank != 1 {
			bad = append(bad, o)
		}
	}
	if len(bad) == 0 || n <= 0 {
		return
	}
	badness := func(o outcome) int {
		switch {
		case o.Err != "":
			return 1000
		case o.Rank == 0:
			return 100
		}
		return o.Rank
	}
	sort.SliceStable(bad, func(i, j int) bool { return badness(bad[i]) > badness(bad[j]) })
	fmt.Fprintf(w, "\n%s: swag2mcp's worst queries (%d of %d not ranked first)\n", spec, len(bad), len(outs))
	for i, o := range bad {
		if i == n {
			fmt.Fprintf(w, "  … %d more\n", len(bad)-n)
			break
		}
		rank := "miss"
		if o.Rank > 0 {
			rank = fmt.Sprintf("#%d", o.Rank)
		}
		fmt.Fprintf(w, "  %-5s %q\n", rank, o.Query.Q)
		fmt.Fprintf(w, "        want %s\n", strings.Join(o.Query.Want, " | "))
		if o.Err != "" {
			fmt.Fprintf(w, "        error %s\n", o.Err)
			continue
		}
		top := o.Top
		if len(top) > 3 {
			top = top[:3]
		}
		for k, t := range top {
			fmt.Fprintf(w, "        got%d %s\n", k+1, t)
		}
	}
}
