// Command coldbuild reports what the first `go build` of a generated server
// costs on a machine whose Go build cache is empty, as on a fresh CI runner:
// it generates the petstore server, builds it -runs times with GOCACHE set
// to a new empty folder each time (the module cache stays warm: nothing is
// downloaded), and prints wall time, CPU and peak RSS of each build, then
// which modules the compile time goes to (from `go build
// -debug-actiongraph`), what each dependency of the runtime is for and how
// much dropping it would save.
//
// With -base REV it also exports that git revision of the checkout (or
// takes another checkout's folder) and builds its petstore server the same
// way, alternating with this one, so a change of the runtime's
// dependencies is measured before and after in the same run: `make
// cold-build-report BASE=main`. With -env KEY=VALUE the checkout's server
// is also built with that environment, alternating: `make cold-build-report
// COLDBUILD_FLAGS=-env=CGO_ENABLED=0`.
//
// Peak RSS comes from wait4, which on Linux starts a child's figure at its
// parent's high-water mark; this process stays small, so the figure is the
// build's own.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/swag2mcp/swag2mcp/internal/machine"
)

func main() {
	os.Exit(cli(os.Args[1:], os.Stdout, os.Stderr))
}

// options is the command line.
type options struct {
	root, spec, base string
	variant          []string // environment of an extra build of the checkout's server
	runs, top        int
}

func cli(args []string, stdout, stderr io.Writer) int {
	var o options
	fs := flag.NewFlagSet("coldbuild", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.root, "root", ".", "the swag2mcp checkout")
	fs.StringVar(&o.spec, "spec", "golden/testdata/petstore/petstore.yaml", "spec of the server, relative to -root")
	fs.StringVar(&o.base, "base", "", "git revision of -root, or another checkout's folder, to measure too, alternating with the checkout (before/after)")
	fs.IntVar(&o.runs, "runs", 2, "cold builds of each server")
	fs.IntVar(&o.top, "top", 12, "standard library packages listed")
	fs.Func("env", "KEY=VALUE (repeatable): also build the checkout's server with this environment, alternating (e.g. CGO_ENABLED=0)", func(v string) error {
		if !strings.Contains(v, "=") {
			return fmt.Errorf("want KEY=VALUE, got %q", v)
		}
		o.variant = append(o.variant, v)
		return nil
	})
	timeout := fs.Duration("timeout", time.Hour, "give up after this long")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || o.runs < 1 {
		fmt.Fprintln(stderr, "usage: coldbuild [-root DIR] [-spec FILE] [-base REV|DIR] [-env KEY=VALUE]... [-runs N] [-top N]")
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	if err := report(ctx, o, stdout); err != nil {
		fmt.Fprintln(stderr, "coldbuild:", err)
		return 1
	}
	return 0
}

// server is one generated server and what its cold builds cost.
type server struct {
	label  string
	dir    string
	env    []string // added to the environment of its builds
	graph  *pkgGraph
	builds []usage
	costs  []map[string]cost
}

func report(ctx context.Context, o options, out io.Writer) error {
	root, err := filepath.Abs(o.root)
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "coldbuild")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	checkouts := []struct{ label, dir string }{{"checkout", root}}
	if o.base != "" {
		dir, err := baseDir(ctx, root, o.base, filepath.Join(work, "base-src"))
		if err != nil {
			return err
		}
		checkouts = append([]struct{ label, dir string }{{"base " + filepath.Base(o.base), dir}}, checkouts...)
	}
	var servers []*server
	for i, c := range checkouts {
		s, err := generate(ctx, c.dir, o.spec, filepath.Join(work, fmt.Sprint(i)))
		if err != nil {
			return fmt.Errorf("%s: %w", c.label, err)
		}
		s.label = c.label
		servers = append(servers, s)
	}
	if len(o.variant) > 0 { // the checkout's server again, built with o.variant
		last := servers[len(servers)-1]
		g, err := listGraph(ctx, last.dir, o.variant)
		if err != nil {
			return err
		}
		servers = append(servers, &server{label: strings.Join(o.variant, " "), dir: last.dir, env: o.variant, graph: g})
	}
	header(ctx, out, o)
	for r := range o.runs {
		for i := range servers {
			s := servers[i]
			if r%2 == 1 { // alternate the order: neither side always goes first
				s = servers[len(servers)-1-i]
			}
			before := machine.LoadAvg()
			u, costs, err := coldBuild(ctx, s.dir, s.env)
			if err != nil {
				return fmt.Errorf("%s: %w", s.label, err)
			}
			s.builds = append(s.builds, u)
			s.costs = append(s.costs, costs)
			fmt.Fprintf(out, "cold build %-16s run %d: %6.1f s wall, %6.1f s CPU, peak RSS %4d MB; load %.1f → %.1f\n",
				s.label, r+1, u.wall.Seconds(), u.cpu.Seconds(), u.peakRSS>>20, before, machine.LoadAvg())
		}
	}
	fmt.Fprintln(out)
	for _, s := range servers {
		fmt.Fprintf(out, "median %-20s %6.1f s wall, %6.1f s CPU, peak RSS %4d MB over %d runs\n",
			s.label, median(s.builds, func(u usage) float64 { return u.wall.Seconds() }),
			median(s.builds, func(u usage) float64 { return u.cpu.Seconds() }),
			int64(median(s.builds, func(u usage) float64 { return float64(u.peakRSS >> 20) })), len(s.builds))
	}
	for _, s := range servers {
		fmt.Fprintf(out, "\n== %s: compile CPU by module (mean of %d runs; CPU of the compiler, assembler, cgo and linker processes)\n", s.label, len(s.costs))
		modules(out, s.graph, meanCosts(s.costs), o.top)
	}
	return nil
}

// generate builds the generator of checkout dir (with the usual, warm build
// cache) and generates the server of spec into work.
func generate(ctx context.Context, dir, spec, work string) (*server, error) {
	gen := filepath.Join(work, "swag2mcp")
	if _, err := run(ctx, dir, nil, "go", "build", "-o", gen, "./cmd/swag2mcp"); err != nil {
		return nil, err
	}
	srv := filepath.Join(work, "server")
	if _, err := run(ctx, dir, nil, gen, "gen", spec, "-o", srv, "--runtime", dir); err != nil {
		return nil, err
	}
	g, err := listGraph(ctx, srv, nil)
	if err != nil {
		return nil, err
	}
	return &server{dir: srv, graph: g}, nil
}

// baseDir is the checkout to compare with: base itself when it is a
// folder (another checkout), else git revision base of root exported into
// dir.
func baseDir(ctx context.Context, root, base, dir string) (string, error) {
	if info, err := os.Stat(base); err == nil && info.IsDir() {
		return filepath.Abs(base)
	}
	return dir, export(ctx, root, base, dir)
}

// export writes revision rev of the git checkout root into dir.
func export(ctx context.Context, root, rev, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	archive := filepath.Join(filepath.Dir(dir), "base.tar")
	if _, err := run(ctx, root, nil, "git", "archive", "--format=tar", "-o", archive, rev); err != nil {
		return err
	}
	_, err := run(ctx, dir, nil, "tar", "-xf", archive)
	return err
}

// header says what the figures were measured with.
func header(ctx context.Context, out io.Writer, o options) {
	env := func(name string) string {
		b, err := exec.CommandContext(ctx, "go", "env", name).Output()
		if err != nil {
			return "?"
		}
		return strings.TrimSpace(string(b))
	}
	fmt.Fprintf(out, "cold build of the server generated from %s: GOCACHE empty (a new folder per build), module cache warm (%s)\n", o.spec, env("GOMODCACHE"))
	fmt.Fprintf(out, "%s %s/%s, %d CPUs, CGO_ENABLED=%s, GOFLAGS=%q, GOMAXPROCS=%s\n",
		env("GOVERSION"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), env("CGO_ENABLED"), env("GOFLAGS"), os.Getenv("GOMAXPROCS"))
}

// median of the figures f picks from us.
func median(us []usage, f func(usage) float64) float64 {
	v := make([]float64, len(us))
	for i, u := range us {
		v[i] = f(u)
	}
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// meanCosts averages the per-package costs of several builds.
func meanCosts(runs []map[string]cost) map[string]cost {
	out := map[string]cost{}
	for _, r := range runs {
		for p, c := range r {
			sum := out[p]
			sum.add(c)
			out[p] = sum
		}
	}
	n := time.Duration(len(runs))
	for p, c := range out {
		out[p] = cost{cpu: c.cpu / n, wall: c.wall / n, actions: c.actions / len(runs)}
	}
	return out
}
