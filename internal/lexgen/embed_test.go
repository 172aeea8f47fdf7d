package main

import (
	"math"
	"strings"
	"testing"
)

func TestParseEmbedded(t *testing.T) {
	vecs, err := parseEmbedded([]byte("refund 0.5 -0.25\nmoney 1e-3 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := vecs["money"]; len(got) != 2 || got[0] != 0.001 || got[1] != 2 {
		t.Errorf("money = %v, want [0.001 2]", got)
	}
	if !holdsAll(vecs, []string{"refund", "money"}) || holdsAll(vecs, []string{"refund", "chargeback"}) {
		t.Error("holdsAll does not tell which words the table has")
	}
	for _, bad := range []string{"refund\n", "refund 0.5\nmoney 1 2\n", "refund x\n"} {
		if _, err := parseEmbedded([]byte(bad)); err == nil {
			t.Errorf("parseEmbedded(%q) accepted a bad table", bad)
		}
	}
}

// TestReduceJoins checks that joining two tables scales each part to unit
// length (a cosine over the whole is the mean of the parts' cosines) and
// keeps only words both tables have, in the given order.
func TestReduceJoins(t *testing.T) {
	a := map[string][]float64{"x": {1, 0, 0}, "y": {0, 1, 0}, "z": {0, 0, 5}, "w": {2, 2, 2}}
	b := map[string][]float64{"x": {3, 1}, "y": {1, 3}, "z": {-2, 2}}
	names, rows := reduce([]string{"z", "w", "x", "y"}, 2, a, b)
	if strings.Join(names, " ") != "z x y" {
		t.Fatalf("names = %v, want z x y", names)
	}
	for i, r := range rows {
		if len(r) != 4 {
			t.Fatalf("row %d has %d values, want 4", i, len(r))
		}
		for _, part := range [][]float64{r[:2], r[2:]} {
			n := math.Hypot(part[0], part[1])
			if math.Abs(n-1) > 1e-9 {
				t.Errorf("row %d: part %v has length %v, want 1", i, part, n)
			}
		}
	}
}
