package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// modules prints the compile CPU of every module in the build, largest
// first, with what each dependency is for: for one the runtime imports
// itself, what dropping it would save (its packages and the standard
// library ones only it brings); for the others, which modules bring it.
// Then the top standard library packages.
func modules(out io.Writer, g *pkgGraph, costs map[string]cost, top int) {
	byMod := g.byModule(costs)
	var total time.Duration
	names := make([]string, 0, len(byMod))
	for m, c := range byMod {
		total += c.cpu
		names = append(names, m)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(byMod[b].cpu, byMod[a].cpu), strings.Compare(a, b))
	})
	pkgs := map[string]int{}
	for p := range costs {
		pkgs[g.module[p]]++
	}
	direct := map[string]bool{}
	for _, m := range g.direct() {
		direct[m] = true
	}
	why := purposes()
	fmt.Fprintf(out, "%-42s %5s %8s %6s %11s  %s\n", "module", "pkgs", "CPU s", "share", "drop saves", "what for")
	for _, m := range names {
		c := byMod[m]
		saves := "—"
		if direct[m] {
			saves = fmt.Sprintf("%.1f s", g.dropSaves(m, costs).Seconds())
		}
		note := why[m]
		switch {
		case m == std:
			note = "Go's standard library (an empty GOCACHE compiles it too)"
		case g.ownModule(m):
			note = "swag2mcp's runtime and the generated main package (with the link)"
		case note == "":
			note = "(no purpose noted: add one to internal/coldbuild/purpose.go)"
		}
		if !direct[m] && m != std && !g.ownModule(m) {
			note += " [brought by " + strings.Join(shortModules(g.via(m)), ", ") + "]"
		}
		fmt.Fprintf(out, "%-42s %5d %8.1f %5.1f%% %11s  %s\n", m, pkgs[m], c.cpu.Seconds(), 100*share(c.cpu, total), saves, note)
	}
	fmt.Fprintf(out, "%-42s %5d %8.1f\n", "total", len(costs), total.Seconds())

	var stdPkgs []string
	for p := range costs {
		if g.module[p] == std {
			stdPkgs = append(stdPkgs, p)
		}
	}
	slices.SortFunc(stdPkgs, func(a, b string) int {
		return cmp.Or(cmp.Compare(costs[b].cpu, costs[a].cpu), strings.Compare(a, b))
	})
	fmt.Fprintf(out, "largest standard library packages:")
	for i, p := range stdPkgs[:min(top, len(stdPkgs))] {
		sep := ","
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(out, "%s %s %.1f s", sep, p, costs[p].cpu.Seconds())
	}
	fmt.Fprintln(out)
}

func share(part, total time.Duration) float64 {
	if total == 0 {
		return 0
	}
	return float64(part) / float64(total)
}

// shortModules trims the host of module paths for the table's notes.
func shortModules(ms []string) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		if m == "" {
			m = "?"
		}
		parts := strings.SplitN(m, "/", 2)
		if len(parts) == 2 && strings.Contains(parts[0], ".") {
			m = parts[1]
		}
		out[i] = m
	}
	return out
}
