package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

// warmRuntime generates and builds the petstore example, so the runtime
// and its dependencies are in the build cache before anything is timed.
func warmRuntime(c config) error {
	mod := filepath.Join(c.work, "warm")
	if _, err := timed(exec.Command(c.gen, "gen", "golden/testdata/petstore/petstore.yaml", "-o", mod, "--runtime", ".")); err != nil {
		return err
	}
	build := exec.Command("go", "build", "-o", "server", ".")
	build.Dir = mod
	_, err := timed(build)
	return err
}

// measure prints one spec's figures.
func measure(c config, spec, peer string, baselines []string, out io.Writer) error {
	fmt.Fprintf(out, "\nspec                 %s\n", spec)
	mod := filepath.Join(c.work, filepath.Base(spec)+".server")
	var ours, theirs []usage
	for i := range c.runs {
		if err := os.RemoveAll(mod); err != nil {
			return err
		}
		u, err := timed(exec.Command(c.gen, "gen", spec, "-o", mod, "--runtime", "."))
		if err != nil {
			return fmt.Errorf("gen: %w", err)
		}
		ours = append(ours, u)
		if peer == "" {
			continue
		}
		dir := filepath.Join(c.work, fmt.Sprintf("peer-%d", i))
		u, err = timed(exec.Command(peer, "--input", spec, "--output", dir, "--force"))
		if err != nil {
			return fmt.Errorf("peer: %w", err)
		}
		theirs = append(theirs, u)
		os.RemoveAll(dir)
	}
	o := median(ours)
	fmt.Fprintf(out, "generate             %v wall, %v CPU, peak RSS %d MiB (median of %d)\n", o.wall, o.cpu, o.rss>>20, len(ours))
	if len(theirs) > 0 {
		t := median(theirs)
		fmt.Fprintf(out, "peer generate        %v wall, %v CPU, peak RSS %d MiB (median of %d, runs alternating)\n", t.wall, t.cpu, t.rss>>20, len(theirs))
		fmt.Fprintf(out, "ours / peer          %.2f× wall, %.2f× CPU, %.2f× memory\n",
			o.wall.Seconds()/t.wall.Seconds(), o.cpu.Seconds()/t.cpu.Seconds(), float64(o.rss)/float64(t.rss))
	}

	build := exec.Command("go", "build", "-o", "server", ".")
	build.Dir = mod
	b, err := timed(build)
	if err != nil {
		return fmt.Errorf("go build: %w", err)
	}
	fmt.Fprintf(out, "go build             %v wall, %v CPU, peak RSS %d MiB (runtime already compiled)\n", b.wall, b.cpu, b.rss>>20)

	bin, err := filepath.Abs(filepath.Join(mod, "server"))
	if err != nil {
		return err
	}
	st, err := os.Stat(bin)
	if err != nil {
		return err
	}
	// The Dockerfile swag2mcp writes builds without the symbol table and
	// debug information; both sizes are shown.
	stripped := exec.Command("go", "build", "-trimpath", "-ldflags=-s", "-o", "server-stripped", ".")
	stripped.Dir = mod
	if _, err := timed(stripped); err != nil {
		return fmt.Errorf("go build -ldflags=-s: %w", err)
	}
	sst, err := os.Stat(filepath.Join(mod, "server-stripped"))
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "binary               %.1f MiB (%.1f MiB as the generated Dockerfile builds it: -trimpath -ldflags=-s)\n",
		float64(st.Size())/(1<<20), float64(sst.Size())/(1<<20))
	if data, err := os.Stat(filepath.Join(mod, "catalog_gen.bin")); err == nil {
		fmt.Fprintf(out, "embedded data        %.1f MiB\n", float64(data.Size())/(1<<20))
	}

	bins := append([]string{bin}, baselines...)
	spawns, err := alternating(bins, c.spawns, firstToolsList)
	if err != nil {
		return err
	}
	inits, err := alternating(bins, c.spawns, measureInit)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "tools/list           %d bytes\n", spawns[0][0].bytes)
	printSpawns(out, "spawn → tools/list", spawns[0])
	printInits(out, "package init", inits[0])
	for i, base := range baselines {
		printSpawns(out, "  baseline", spawns[1+i])
		printInits(out, "  baseline init", inits[1+i])
		fmt.Fprintf(out, "  (%s, started alternately with this server)\n", base)
	}
	return nil
}
