package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// usage is what one child process cost.
type usage struct {
	wall    time.Duration
	cpu     time.Duration // user+sys of the process and the children it waited for
	peakRSS int64         // bytes: the largest resident set of the process and those children
}

// run runs name with args in dir, with env added to this process's
// environment, and measures it. On failure the error holds the command's
// output.
func run(ctx context.Context, dir string, env []string, name string, args ...string) (usage, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	start := time.Now()
	err := cmd.Run()
	u := usage{wall: time.Since(start)}
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			// On Linux, wait4 reports the largest resident set of the
			// process and of the descendants it waited for (go build's
			// compilers).
			u.peakRSS = ru.Maxrss << 10
			u.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	if err != nil {
		return u, fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, tail(out.String(), 4096))
	}
	return u, nil
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// coldBuild builds the server in dir with a fresh, empty build cache (the
// module cache stays as it is) and returns what it cost and the per-package
// costs from the action graph.
func coldBuild(ctx context.Context, dir string, env []string) (usage, map[string]cost, error) {
	tmp, err := os.MkdirTemp("", "coldbuild-cache")
	if err != nil {
		return usage{}, nil, err
	}
	defer os.RemoveAll(tmp)
	graph := filepath.Join(tmp, "actiongraph.json")
	bin := filepath.Join(tmp, "server")
	env = append(append([]string{}, env...), "GOCACHE="+filepath.Join(tmp, "gocache"))
	u, err := run(ctx, dir, env, "go", "build", "-debug-actiongraph="+graph, "-o", bin, ".")
	if err != nil {
		return u, nil, err
	}
	costs, err := readActionGraph(graph)
	return u, costs, err
}
