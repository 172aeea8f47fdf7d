package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"
)

// initCost is what package initialization took in one start of a binary,
// as the Go runtime's GODEBUG=inittrace=1 reports it: clock time per
// package, before main runs.
type initCost map[string]time.Duration

// total is the clock time of every package's initialization.
func (c initCost) total() time.Duration {
	var t time.Duration
	for _, d := range c {
		t += d
	}
	return t
}

// measureInit starts bin once with GODEBUG=inittrace=1 and an empty stdin
// (a server exits at end of input) and reads the trace from its stderr.
func measureInit(bin string) (initCost, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	stderr := &headWriter{max: maxInitTrace}
	cmd.Stderr = stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("start with inittrace: %w", err)
	}
	return parseInitTrace(&stderr.buf)
}

// maxInitTrace bounds what measureInit keeps of a start's stderr: the
// trace is a line per package (a few hundred), written before main runs.
const maxInitTrace = 1 << 20

// headWriter keeps the first max bytes written to it and drops the rest,
// so a chatty binary cannot grow the report's memory.
type headWriter struct {
	buf bytes.Buffer
	max int
}

func (w *headWriter) Write(p []byte) (int, error) {
	if room := w.max - w.buf.Len(); room > 0 {
		w.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// parseInitTrace reads the lines of the runtime's init trace,
//
//	init github.com/x/y @1.2 ms, 0.35 ms clock, 1024 bytes, 12 allocs
//
// skipping every other line (the server's own logs share stderr).
func parseInitTrace(r io.Reader) (initCost, error) {
	cost := initCost{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 7 || f[0] != "init" || f[5] != "ms" || f[6] != "clock," {
			continue
		}
		ms, err := strconv.ParseFloat(f[4], 64)
		if err != nil {
			return nil, fmt.Errorf("inittrace line %q: %w", sc.Text(), err)
		}
		cost[f[1]] += time.Duration(ms * float64(time.Millisecond))
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(cost) == 0 {
		return nil, fmt.Errorf("no inittrace lines (not a Go binary, or GODEBUG ignored)")
	}
	return cost, nil
}

// printInits prints the median total of package initialization and the
// packages with the largest median, the fixed cost every start pays before
// main.
func printInits(out io.Writer, label string, costs []initCost) {
	const top = 3
	totals := make([]time.Duration, len(costs))
	perPkg := map[string][]time.Duration{}
	for i, c := range costs {
		totals[i] = c.total()
		for pkg, d := range c {
			perPkg[pkg] = append(perPkg[pkg], d)
		}
	}
	type pkgCost struct {
		pkg string
		d   time.Duration
	}
	var pkgs []pkgCost
	for pkg, ds := range perPkg {
		// A package absent from a start counts as zero there.
		for len(ds) < len(costs) {
			ds = append(ds, 0)
		}
		pkgs = append(pkgs, pkgCost{pkg, medianDuration(ds)})
	}
	slices.SortFunc(pkgs, func(a, b pkgCost) int { return cmp.Or(cmp.Compare(b.d, a.d), strings.Compare(a.pkg, b.pkg)) })
	r := func(d time.Duration) time.Duration { return d.Round(10 * time.Microsecond) }
	var b strings.Builder
	for i, p := range pkgs[:min(top, len(pkgs))] {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %v", p.pkg, r(p.d))
	}
	fmt.Fprintf(out, "%-20s median %v over %d starts; largest: %s\n", label, r(medianDuration(totals)), len(costs), b.String())
}

// medianDuration is the middle value of ds (the upper one of an even count); ds is sorted in place.
func medianDuration(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[len(ds)/2]
}
