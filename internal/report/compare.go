package main

import (
	"fmt"
	"io"
	"slices"
	"time"
)

// alternating measures each of bins n times, in turn (A B A B …), so a
// machine's changing load weighs on every binary alike, and returns each
// binary's measurements.
func alternating[T any](bins []string, n int, measure func(bin string) (T, error)) ([][]T, error) {
	out := make([][]T, len(bins))
	for range n {
		for i, bin := range bins {
			m, err := measure(bin)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", bin, err)
			}
			out[i] = append(out[i], m)
		}
	}
	return out, nil
}

// printSpawns prints the median and the spread of spawns' wall times and
// the median CPU time of a spawn.
func printSpawns(out io.Writer, label string, spawns []spawn) {
	walls := make([]time.Duration, len(spawns))
	cpus := make([]time.Duration, len(spawns))
	for i, sp := range spawns {
		walls[i], cpus[i] = sp.wall, sp.cpu
	}
	slices.Sort(walls)
	slices.Sort(cpus)
	r := func(d time.Duration) time.Duration { return d.Round(100 * time.Microsecond) }
	fmt.Fprintf(out, "%-20s median %v (min %v, max %v), CPU median %v, over %d starts\n", label,
		r(walls[len(walls)/2]), r(walls[0]), r(walls[len(walls)-1]), r(cpus[len(cpus)/2]), len(spawns))
}

// compareServers prints spawn → tools/list of prebuilt server binaries,
// started alternately (the -server mode: no generation).
func compareServers(c config, out io.Writer) error {
	fmt.Fprintf(out, "load average         %s\n", loadAverage())
	bins := append(slices.Clone(c.servers), c.baselines...)
	spawns, err := alternating(bins, c.spawns, firstToolsList)
	if err != nil {
		return err
	}
	inits, err := alternating(bins, c.spawns, measureInit)
	if err != nil {
		return err
	}
	for i, bin := range bins {
		fmt.Fprintf(out, "\nserver               %s\n", bin)
		fmt.Fprintf(out, "tools/list           %d bytes\n", spawns[i][0].bytes)
		printSpawns(out, "spawn → tools/list", spawns[i])
		printInits(out, "package init", inits[i])
		if i > 0 {
			fmt.Fprintf(out, "%-20s wall %.2f×, CPU %.2f×, package init %.2f× the first server's (medians)\n", "ratio",
				ratio(spawns[i], spawns[0], func(s spawn) time.Duration { return s.wall }),
				ratio(spawns[i], spawns[0], func(s spawn) time.Duration { return s.cpu }),
				ratio(inits[i], inits[0], initCost.total))
		}
	}
	fmt.Fprintf(out, "\nload average         %s\n", loadAverage())
	return nil
}

// ratio is the median of f over a divided by its median over b.
func ratio[T any](a, b []T, f func(T) time.Duration) float64 {
	med := func(xs []T) time.Duration {
		ds := make([]time.Duration, len(xs))
		for i, x := range xs {
			ds[i] = f(x)
		}
		return medianDuration(ds)
	}
	return float64(med(a)) / float64(med(b))
}
