package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/eval/internal/halves"
	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
)

func TestFigureIntervalHoldsTheFigure(t *testing.T) {
	sets := [][]int{{1, 2, 0, 1, 7, 1, 0, 3}, {1, 1, 1, 0, 2, 4}}
	for name, f := range map[string]rankFigure{"recall@5": recallAt(5), "MRR": mrr} {
		t.Run(name, func(t *testing.T) {
			iv := figureInterval(sets, f)
			if x := macroMean(sets, f); x < iv.lo-1e-9 || x > iv.hi+1e-9 {
				t.Errorf("interval [%.3f, %.3f] misses the figure %.3f", iv.lo, iv.hi, x)
			}
			if iv.hi-iv.lo < 0.05 {
				t.Errorf("interval [%.3f, %.3f] over 14 mixed ranks is implausibly narrow", iv.lo, iv.hi)
			}
			if again := figureInterval(sets, f); again != iv {
				t.Errorf("a second run drew %v, the first %v: the draws are not seeded", again, iv)
			}
		})
	}
}

// TestFigureIntervalResamplesWithinEachAPI: a half's figure is a mean over
// APIs, so a draw keeps each API's number of queries. One API found all,
// the other none: every such draw has recall 0.5, and the interval is a
// point. Pooling the queries of both before drawing would spread it.
func TestFigureIntervalResamplesWithinEachAPI(t *testing.T) {
	sets := [][]int{{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {0, 0, 0}}
	if iv := figureInterval(sets, recallAt(5)); iv != (interval{0.5, 0.5}) {
		t.Errorf("interval = %v, want [0.5, 0.5]", iv)
	}
	if iv := figureInterval([][]int{{1, 1}, {}, {0}}, recallAt(5)); iv != (interval{0.5, 0.5}) {
		t.Errorf("a set without queries counted: interval = %v, want [0.5, 0.5]", iv)
	}
}

func TestDifferenceIntervalPairsTheQueries(t *testing.T) {
	ranks := []int{1, 0, 3, 1, 0, 2, 9, 1, 1, 0}
	same := []pairedRanks{{before: ranks, after: ranks}}
	if iv := differenceInterval(same, mrr); iv != (interval{0, 0}) {
		t.Errorf("no change: interval = %v, want [0, 0]: the runs were not drawn together", iv)
	}
	// One query of ten moved from a miss to first: the change is +0.1, and
	// a draw without it (about a third of them) changes nothing.
	after := append([]int{}, ranks...)
	after[1] = 1
	iv := differenceInterval([]pairedRanks{{before: ranks, after: after}}, recallAt(5))
	if iv.lo != 0 || iv.hi <= 0.1 || iv.hi > 0.4 {
		t.Errorf("one query up of ten: interval = [%.2f, %.2f], want [0, 0.2 or 0.3]", iv.lo, iv.hi)
	}
}

func TestComparisonAgainstASavedRun(t *testing.T) {
	q := func(s string) queryset.Labelled { return queryset.Labelled{Q: s, Want: []string{"GET /a"}} }
	syntax := queryset.Labelled{Q: "+method:GET", Want: []string{"GET /a"}, Kind: []string{queryset.Syntax}}
	results := []result{
		{spec: "a", half: halves.Tuning, engine: oursName, outs: []outcome{{Query: q("x"), Rank: 1}, {Query: q("x"), Rank: 0}, {Query: q("y"), Rank: 4}, {Query: syntax, Right: true}}},
		{spec: "a", half: halves.Tuning, engine: bleveName, outs: []outcome{{Query: q("x"), Rank: 9}}},
		{spec: "h", half: halves.Holdout, engine: oursName, outs: []outcome{{Query: q("secret"), Rank: 2}}},
	}
	path := filepath.Join(t.TempDir(), "run.jsonl")
	if err := saveRun(path, results); err != nil {
		t.Fatal(err)
	}
	saved, err := readRun(path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[rankKey]int{{"a", "x", 0}: 1, {"a", "x", 1}: 0, {"a", "y", 0}: 4, {"h", "secret", 0}: 2}
	if diff := cmp.Diff(want, saved, cmp.AllowUnexported(rankKey{})); diff != "" {
		t.Errorf("saved ranks (-want +got):\n%s", diff)
	}

	results[0].outs[1].Rank, results[0].outs[2].Rank = 3, 0 // the copy of x up, y down
	results[2].outs[0].Rank = 1
	results[2].outs = append(results[2].outs, outcome{Query: q("new")})
	var b strings.Builder
	printComparison(&b, results, saved, path)
	out := b.String()
	for _, line := range []string{
		"0.500 → 1.000  +0.500 [+0.500, +0.500]",
		"up  down  not in the saved run",
		`tuning  a  "x"  miss → #3`,
		`tuning  a  "y"  #4 → miss`,
	} {
		if !strings.Contains(out, line) {
			t.Errorf("comparison lacks %q:\n%s", line, out)
		}
	}
	for _, field := range [][]string{{"holdout", "1", "1", "0", "1"}, {"tuning", "3", "1", "1", "0"}} {
		if !hasRowEnding(out, field[0], field[1:]) {
			t.Errorf("no %s row ending in queries %s … up %s down %s unmatched %s:\n%s", field[0], field[1], field[2], field[3], field[4], out)
		}
	}
	if strings.Contains(out, "secret") {
		t.Errorf("the comparison lists a holdout query:\n%s", out)
	}
}

// hasRowEnding reports whether out has a row starting with half whose
// queries column and last three columns are want's.
func hasRowEnding(out, half string, want []string) bool {
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) > 5 && f[0] == half && f[1] == want[0] && cmp.Equal(f[len(f)-3:], want[1:]) {
			return true
		}
	}
	return false
}
