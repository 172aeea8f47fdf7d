package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/swag2mcp/swag2mcp/eval/internal/halves"
)

// A saved run (-save) holds our search's rank of every natural-language
// query, one JSON object a line, so that a later run (-against) can say
// how a change moved each half, query by query, and whether the move is
// more than another draw of the same kind of queries would give.

// savedRank is one line of a saved run.
type savedRank struct {
	Half  string `json:"half"`
	Spec  string `json:"spec"`
	Query string `json:"q"`
	Nth   int    `json:"nth,omitempty"` // 1 for a query's second copy in its set, and so on
	Rank  int    `json:"rank"`          // 0: not in the top depth
}

// rankKey names a query of a set; nth tells copies of one query apart.
type rankKey struct {
	spec, query string
	nth         int
}

// keyedRanks calls visit with the key and rank of each natural-language
// query of r, in order.
func keyedRanks(r result, visit func(k rankKey, rank int)) {
	seen := map[string]int{}
	for _, o := range r.outs {
		if !o.Query.IsSyntax() {
			visit(rankKey{r.spec, o.Query.Q, seen[o.Query.Q]}, o.Rank)
			seen[o.Query.Q]++
		}
	}
}

// savedRanks lists our engine's natural-language outcomes in results as
// saved lines, in results' order.
func savedRanks(results []result) []savedRank {
	var out []savedRank
	for _, r := range results {
		if r.engine == oursName {
			keyedRanks(r, func(k rankKey, rank int) {
				out = append(out, savedRank{Half: r.half, Spec: k.spec, Query: k.query, Nth: k.nth, Rank: rank})
			})
		}
	}
	return out
}

// saveRun writes our engine's ranks in results to path.
func saveRun(path string, results []result) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	for _, s := range savedRanks(results) {
		if err := enc.Encode(s); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// readRun reads a run saveRun wrote.
func readRun(path string) (map[rankKey]int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[rankKey]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		var s savedRank
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		out[rankKey{s.Spec, s.Query, s.Nth}] = s.Rank
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// move is one query whose rank a change moved.
type move struct {
	half, spec, query string
	then, now         int
}

// better reports whether rank a is better than rank b (0 is worst).
func better(a, b int) bool { return a > 0 && (b == 0 || a < b) }

// halfComparison pairs one half's ranks now with a saved run's.
type halfComparison struct {
	sets      []pairedRanks
	queries   int
	unmatched int // queries now that the saved run lacks
	moves     []move
}

// compareHalf pairs our engine's outcomes of half in results with saved.
func compareHalf(results []result, half string, saved map[rankKey]int) halfComparison {
	var c halfComparison
	for _, r := range results {
		if r.half != half || r.engine != oursName {
			continue
		}
		var p pairedRanks
		keyedRanks(r, func(k rankKey, now int) {
			then, ok := saved[k]
			if !ok {
				c.unmatched++
				return
			}
			c.queries++
			p.before, p.after = append(p.before, then), append(p.after, now)
			if then != now {
				c.moves = append(c.moves, move{half, k.spec, k.query, then, now})
			}
		})
		c.sets = append(c.sets, p)
	}
	return c
}

// printComparison prints, per half, recall@5 and MRR then and now, the
// change with its paired bootstrap interval, and how many queries moved up
// and down; then the moved queries themselves, but never the holdout
// half's, which must not guide a change.
func printComparison(w io.Writer, results []result, saved map[rankKey]int, path string) {
	fmt.Fprintf(w, "\nagainst %s: our search then → now, the change and its %.0f%% paired bootstrap interval\n", path, 100*bootstrapLevel)
	fmt.Fprintln(w, "(each draw picks the same queries for both runs, resampled within each API)")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "half\tqueries\trecall@5\tchange\tMRR@10\tchange\tup\tdown\tnot in the saved run")
	var listed []move
	for _, half := range halfOrder() {
		c := compareHalf(results, half, saved)
		if c.queries == 0 && c.unmatched == 0 {
			continue
		}
		up, down := 0, 0
		for _, m := range c.moves {
			if better(m.now, m.then) {
				up++
			} else {
				down++
			}
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%d\t%d\t%d\n", half, c.queries,
			changeColumns(c.sets, recallAt(5)), changeColumns(c.sets, mrr), up, down, c.unmatched)
		if half != halves.Holdout {
			listed = append(listed, c.moves...)
		}
	}
	tw.Flush()
	if len(listed) == 0 {
		return
	}
	fmt.Fprintln(w, "\nmoved queries (holdout not listed)")
	for _, m := range listed {
		fmt.Fprintf(w, "  %s  %s  %q  %s → %s\n", m.half, m.spec, m.query, rankName(m.then), rankName(m.now))
	}
}

// changeColumns is "then → now" and "change [lo, hi]" of figure's mean
// over sets.
func changeColumns(sets []pairedRanks, figure rankFigure) string {
	var thenSets, nowSets [][]int
	queries := 0
	for _, s := range sets {
		thenSets, nowSets = append(thenSets, s.before), append(nowSets, s.after)
		queries += len(s.after)
	}
	if queries == 0 {
		return "-\t-"
	}
	a, b := macroMean(thenSets, figure), macroMean(nowSets, figure)
	iv := differenceInterval(sets, figure)
	return fmt.Sprintf("%.3f → %.3f\t%+.3f [%+.3f, %+.3f]", a, b, b-a, iv.lo, iv.hi)
}

// macroMean is figure's mean over the sets that have queries.
func macroMean(sets [][]int, figure rankFigure) float64 {
	sum, n := 0.0, 0
	for _, s := range sets {
		if len(s) == 0 {
			continue
		}
		all := make([]int, len(s))
		for i := range all {
			all[i] = i
		}
		sum += figure(s, all)
		n++
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

func rankName(r int) string {
	if r == 0 {
		return "miss"
	}
	return fmt.Sprintf("#%d", r)
}
