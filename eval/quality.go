package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The quality floor: what our search answers on every labelled query set,
// as counts (deterministic, unlike latency), recorded in quality.txt.
// TestSearchQualityHolds runs the sets again and fails when a set answers
// fewer queries than recorded, so `make test` catches a change that costs
// search quality anywhere, the holdout half included.

// qualityFile holds the recorded floor (see TestSearchQualityHolds).
const qualityFile = "quality.txt"

// qualityRow is one query set's counts under our search.
type qualityRow struct {
	half, spec string
	n          int     // natural-language queries
	first      int     // of them, answered first
	top5       int     // answered in the top 5
	top10      int     // answered in the top 10
	rr         float64 // the sum of their reciprocal ranks (MRR@10 × n)
	syntax     int     // structured queries that returned exactly their answer set
	syntaxN    int     // structured queries
}

// qualityOf counts outs, one set's outcomes.
func qualityOf(half, spec string, outs []outcome) qualityRow {
	s := score(outs)
	n := float64(s.N)
	return qualityRow{half: half, spec: spec, n: s.N,
		first: int(s.Recall1*n + 0.5), top5: int(s.Recall5*n + 0.5), top10: int(s.Recall10*n + 0.5),
		rr: s.MRR * n, syntax: s.SyntaxRight, syntaxN: s.SyntaxN}
}

// measureQuality runs every query set of the inputs through our search.
func measureQuality(ctx context.Context, specDir, queries, halvesFile string) ([]qualityRow, error) {
	sets, h, err := readInputs(queries, halvesFile)
	if err != nil {
		return nil, err
	}
	var rows []qualityRow
	var notes strings.Builder
	for _, set := range sets {
		api, err := loadSet(ctx, set, specDir, &notes)
		if err != nil {
			return nil, err
		}
		ours, err := newOurs(api)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", set.Spec.Name, err)
		}
		rows = append(rows, qualityOf(h.Of(set.Spec.Name), set.Spec.Name, outcomesOf(ctx, set, ours)))
	}
	slices.SortFunc(rows, func(a, b qualityRow) int {
		return cmp.Or(cmp.Compare(a.half, b.half), cmp.Compare(a.spec, b.spec))
	})
	return rows, nil
}

// qualityHeader opens quality.txt.
const qualityHeader = `# Our search's counts on every labelled query set (eval/queries): natural-language
# queries, of them answered first, in the top 5, in the top 10, the sum of their
# reciprocal ranks (MRR@10 × queries), and structured queries answered exactly.
# TestSearchQualityHolds fails when a set falls below its line. After a change that
# is meant to move them, rewrite it with: cd eval && go test -run TestSearchQualityHolds -update
# A lower holdout line is a regression to fix, not a figure to record.
# half spec queries first top5 top10 rr syntax
`

// formatQuality writes rows as quality.txt holds them.
func formatQuality(rows []qualityRow) string {
	var b strings.Builder
	b.WriteString(qualityHeader)
	for _, r := range rows {
		b.WriteString(r.line() + "\n")
	}
	return b.String()
}

// line is r as quality.txt holds it.
func (r qualityRow) line() string {
	return fmt.Sprintf("%s %s %d %d %d %d %.4f %d/%d", r.half, r.spec, r.n, r.first, r.top5, r.top10, r.rr, r.syntax, r.syntaxN)
}

// parseQuality reads quality.txt's rows by spec name.
func parseQuality(text string) (map[string]qualityRow, error) {
	rows := map[string]qualityRow{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		f := strings.Fields(t)
		if len(f) != 8 {
			return nil, fmt.Errorf("%s:%d: want 8 fields, have %d", qualityFile, line, len(f))
		}
		r := qualityRow{half: f[0], spec: f[1]}
		var errs []error
		num := func(s string) int {
			v, err := strconv.Atoi(s)
			errs = append(errs, err)
			return v
		}
		r.n, r.first, r.top5, r.top10 = num(f[2]), num(f[3]), num(f[4]), num(f[5])
		rr, err := strconv.ParseFloat(f[6], 64)
		errs = append(errs, err)
		r.rr = rr
		right, of, ok := strings.Cut(f[7], "/")
		if !ok {
			errs = append(errs, fmt.Errorf("syntax %q: want right/of", f[7]))
		}
		r.syntax, r.syntaxN = num(right), num(of)
		for _, err := range errs {
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", qualityFile, line, err)
			}
		}
		rows[r.spec] = r
	}
	return rows, sc.Err()
}

// below names the counts of r that fall short of floor's; none when r
// holds it.
func (r qualityRow) below(floor qualityRow) []string {
	var out []string
	count := func(name string, got, want int) {
		if got < want {
			out = append(out, fmt.Sprintf("%s %d < %d", name, got, want))
		}
	}
	count("first", r.first, floor.first)
	count("top5", r.top5, floor.top5)
	count("top10", r.top10, floor.top10)
	if r.rr < floor.rr-1e-4 { // recorded to four decimals
		out = append(out, fmt.Sprintf("rr %.4f < %.4f", r.rr, floor.rr))
	}
	count("syntax", r.syntax, floor.syntax)
	return out
}
