package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/swag2mcp/swag2mcp/generator/build"
	"github.com/swag2mcp/swag2mcp/generator/diag"
	"github.com/swag2mcp/swag2mcp/generator/index"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/load"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// searchFlags holds the flags of `swag2mcp search`.
type searchFlags struct {
	limit           int
	explain         bool
	allowRemoteRefs bool
}

// newSearchCmd builds `swag2mcp search`.
func newSearchCmd() *cobra.Command {
	var f searchFlags
	cmd := &cobra.Command{
		Use:   "search SPEC... QUERY",
		Short: "Preview what a generated server's search tool finds, without generating",
		Long: `search loads and indexes the specs in memory, exactly as gen would, and runs
QUERY through the same analyzer and ranking as the generated server's search
tool. It prints the ranked endpoints: method, path, summary and id.

The query language is the search tool's: plain words, field:value (method, tag,
path, summary, description, operationId, param), "phrases", +must, -mustnot,
fuzzy word~ or word~2, wildcards * and ?, /regex/ and boosts word^3.`,
		Example: `  swag2mcp search petstore.yaml "add a pet"
  swag2mcp search github.json "remove a webhook from my repo" --limit 5 --explain
  swag2mcp search github.json 'path:/repos/*/hooks* +method:DELETE'`,
		Args: cobra.ArbitraryArgs, // checked in RunE, for our own messages
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) < 2 {
				return errors.New("give one or more specs and then the query")
			}
			if f.limit < 1 || f.limit > 50 {
				return fmt.Errorf("--limit must be between 1 and 50, got %d", f.limit)
			}
			return runSearch(cmd, args[:len(args)-1], args[len(args)-1], f)
		},
	}
	fl := cmd.Flags()
	fl.IntVarP(&f.limit, "limit", "n", 10, "most results to print (1-50)")
	fl.BoolVar(&f.explain, "explain", false, "show the matched terms, fields and score contributions of each result")
	fl.BoolVar(&f.allowRemoteRefs, "allow-remote-refs", false, "let $refs fetch remote URLs")
	return cmd
}

// runSearch loads, builds, indexes and searches.
func runSearch(cmd *cobra.Command, specs []string, query string, f searchFlags) error {
	ctx := cmd.Context()
	stderr := cmd.ErrOrStderr()
	var problems diag.List
	var docs []*load.Doc
	for _, path := range specs {
		doc, ds := load.Load(ctx, path, load.Options{AllowRemoteRefs: f.allowRemoteRefs})
		problems = append(problems, ds...)
		if doc != nil {
			docs = append(docs, doc)
		}
	}
	if len(docs) > 0 && !problems.HasErrors() {
		api, ds := build.Build(docs, build.Options{})
		problems = append(problems, ds...)
		if api != nil && !problems.HasErrors() {
			return printSearch(cmd, api, query, f)
		}
	}
	printDiagnostics(stderr, problems, map[string]bool{})
	return &reported{errors.New("the specs have errors")}
}

// printSearch indexes api and prints the ranked answer to query.
func printSearch(cmd *cobra.Command, api *ir.API, query string, f searchFlags) error {
	cat := index.Catalog(api)
	s := search.Open(index.Build(api), cat)
	res, err := s.Search(cmd.Context(), search.Query{Text: query, Limit: f.limit, Explain: f.explain})
	if err != nil {
		var qe *search.QueryError
		if errors.As(err, &qe) {
			// A usage error (exit 2), shown with a caret under the problem.
			pos := min(max(qe.Pos, 0), len(query))
			return fmt.Errorf("%w\n  %s\n  %s^", qe, query, strings.Repeat(" ", pos))
		}
		return err
	}
	out := cmd.OutOrStdout()
	writeHits(out, res, cat, f.explain)
	fmt.Fprintf(out, "%d of %d matches\n", len(res.Hits), res.Total)
	if note := search.ReadingNote(res); note != "" { // as the server's note opens
		fmt.Fprintln(out, note)
	}
	return nil
}

// writeHits prints hits one a line (rank, score, method, path, summary, id),
// and with explain the contributions under each.
func writeHits(w io.Writer, res search.Result, cat *catalog.Catalog, explain bool) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for i, h := range res.Hits {
		e := &cat.Endpoints[h.Endpoint]
		fmt.Fprintf(tw, "%d.\t%.3f\t%s\t%s\t%s\t%s\n", i+1, h.Score, e.Method, e.Path, oneLine(e.Summary, 70), e.ID)
		if !explain {
			continue
		}
		tw.Flush()
		for _, c := range h.Why {
			fields := ""
			if len(c.Fields) > 0 {
				fields = " in " + strings.Join(c.Fields, ",")
			}
			fmt.Fprintf(w, "      %-8.3f %s → %s (%s%s)\n", c.Score, c.Clause, c.Term, c.Via, fields)
		}
	}
	tw.Flush()
}

// oneLine shortens s to one line of at most n runes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
