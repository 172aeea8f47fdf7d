package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Issue 14's goal for the big server's go build, the runtime already
// compiled.
const (
	buildGoalSeconds = 60
	buildGoalMB      = 3 << 10
)

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

	files, err := pickInChild(ctx, c, work, out, log)
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
	sz, err := genSize(srv)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "generate             %s %s; %s\n", strings.Join(c.env, " "), u, sz)
	for i := range max(c.builds, 1) {
		if err := buildOnce(ctx, c, srv, i, out, log); err != nil {
			return err
		}
	}
	return nil
}

// buildOnce times go build of the generated module in srv: the first time
// there, later times in a copy next to it (hard links; the same depth, so
// its replace directive still finds the runtime), where only the main
// package is new to the build cache. It checks the goal.
func buildOnce(ctx context.Context, c config, srv string, i int, out, log io.Writer) error {
	dir := srv
	if i > 0 {
		dir = fmt.Sprintf("%s-build%d", srv, i+1)
		if err := copyModule(srv, dir); err != nil {
			return err
		}
		defer os.RemoveAll(dir)
	}
	u, err := timed(ctx, c.free, c.env, dir, log, "go", "build", "-o", "bigserver-mcp", ".")
	if err != nil {
		return fmt.Errorf("build: %w", err)
	}
	verdict := "meets"
	if u.wall.Seconds() > buildGoalSeconds || u.peakRSS>>20 > buildGoalMB {
		verdict = "MISSES"
	}
	fmt.Fprintf(out, "go build %d           %s %s (runtime and mcp-go already compiled); %s the goal ≤ %d s, ≤ %d MB\n",
		i+1, strings.Join(c.env, " "), u, verdict, buildGoalSeconds, buildGoalMB)
	return nil
}

// copyModule links the generated files of src (not its binary) into dst.
func copyModule(src, dst string) error {
	os.RemoveAll(dst)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() || e.Name() == "bigserver-mcp" {
			continue
		}
		if err := linkOrCopy(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
			return err
		}
	}
	return nil
}
