package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/swag2mcp/swag2mcp/eval/internal/halves"
	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
	_ "github.com/swag2mcp/swag2mcp/internal/updateflag"
)

func TestRankOf(t *testing.T) {
	top := []string{"GET /a", "POST /a", "DELETE /a/{id}"}
	tests := []struct {
		name string
		top  []string
		want []string
		rank int
	}{
		{"first", top, []string{"GET /a"}, 1},
		{"any of several counts at its best place", top, []string{"DELETE /a/{id}", "POST /a"}, 2},
		{"absent", top, []string{"PUT /a"}, 0},
		{"below the depth is not found", append(make([]string, depth), "PUT /a"), []string{"PUT /a"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rankOf(tt.top, tt.want); got != tt.rank {
				t.Errorf("rankOf = %d, want %d", got, tt.rank)
			}
		})
	}
}

func TestSameSet(t *testing.T) {
	want := []string{"GET /a", "GET /b"}
	tests := []struct {
		got   []string
		right bool
	}{
		{[]string{"GET /b", "GET /a"}, true},
		{[]string{"GET /a"}, false},
		{[]string{"GET /a", "GET /b", "GET /c"}, false},
		{[]string{"GET /a", "GET /a"}, false},
		{nil, false},
	}
	for _, tt := range tests {
		if got := sameSet(tt.got, want); got != tt.right {
			t.Errorf("sameSet(%v) = %v, want %v", tt.got, got, tt.right)
		}
	}
	if sameSet([]string{"GET /a", "GET /a"}, []string{"GET /a"}) {
		t.Error("an operation returned twice counted as the one-operation answer set")
	}
}

// ranked makes outcomes of natural-language queries at the given ranks.
func ranked(level string, ranks ...int) []outcome {
	var o []outcome
	for _, r := range ranks {
		o = append(o, outcome{Query: queryset.Labelled{Q: "q", Want: []string{"GET /a"}, Difficulty: level}, Rank: r})
	}
	return o
}

// syntax makes syntax outcomes, right or not.
func syntax(right ...bool) []outcome {
	var o []outcome
	for _, r := range right {
		o = append(o, outcome{Query: queryset.Labelled{Q: "+method:GET", Want: []string{"GET /a"}, Kind: []string{queryset.Syntax}}, Right: r})
	}
	return o
}

func TestScore(t *testing.T) {
	tests := []struct {
		name string
		outs []outcome
		want scores
	}{
		{"all first", ranked("", 1, 1), scores{N: 2, Recall1: 1, Recall5: 1, Recall10: 1, MRR: 1}},
		{"mixed", ranked("", 1, 2, 5, 0), scores{N: 4, Recall1: 0.25, Recall5: 0.75, Recall10: 0.75, MRR: (1 + 0.5 + 0.2) / 4}},
		{"below five counts for recall@10 and MRR", ranked("", 10), scores{N: 1, Recall10: 1, MRR: 0.1}},
		{"errors counted", []outcome{{Err: "bad"}}, scores{N: 1, Errors: 1}},
		{"syntax counted apart", append(ranked("", 1), syntax(true, false)...), scores{N: 1, Recall1: 1, Recall5: 1, Recall10: 1, MRR: 1, SyntaxN: 2, SyntaxRight: 1}},
		{"empty", nil, scores{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, score(tt.outs), cmpopts.EquateApprox(0, 1e-9)); diff != "" {
				t.Errorf("score (-want +got):\n%s", diff)
			}
		})
	}
}

func TestJudge(t *testing.T) {
	o := outcome{Query: queryset.Labelled{Want: []string{"GET /b"}}, Top: []string{"GET /a", "GET /b"}}
	o.judge()
	if o.Rank != 2 || o.Right {
		t.Errorf("natural-language query: rank %d right %v, want rank 2", o.Rank, o.Right)
	}
	s := outcome{Query: queryset.Labelled{Want: []string{"GET /b", "GET /a"}, Kind: []string{queryset.Syntax}}, Top: []string{"GET /a", "GET /b"}}
	s.judge()
	if !s.Right || s.Rank != 0 {
		t.Errorf("syntax query with its exact set: right %v rank %d, want right", s.Right, s.Rank)
	}
	e := outcome{Query: s.Query, Top: s.Top, Err: "bad query"}
	e.judge()
	if e.Right {
		t.Error("a rejected syntax query counted right")
	}
}

// TestHalfScores checks a half's figure is the mean over its APIs, not
// over queries, that each half and engine only counts its own results, and
// that a difficulty level averages only the APIs that have such queries.
func TestHalfScores(t *testing.T) {
	results := []result{
		{spec: "a", half: halves.Holdout, engine: oursName, outs: append(ranked("easy", 1, 1, 1, 1), syntax(true)...)},
		{spec: "b", half: halves.Holdout, engine: oursName, outs: append(ranked("hard", 0), syntax(false)...)},
		{spec: "c", half: halves.Tuning, engine: oursName, outs: ranked("easy", 0, 0)},
		{spec: "a", half: halves.Holdout, engine: bleveName, outs: ranked("easy", 0, 0, 0, 0)},
	}
	got, apis := halfScores(results, halves.Holdout, oursName, "")
	want := scores{N: 5, Recall1: 0.5, Recall5: 0.5, Recall10: 0.5, MRR: 0.5, SyntaxN: 2, SyntaxRight: 1}
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-9)); diff != "" || apis != 2 {
		t.Errorf("holdout, all (-want +got), %d APIs:\n%s", apis, diff)
	}
	got, apis = halfScores(results, halves.Holdout, oursName, "easy")
	want = scores{N: 4, Recall1: 1, Recall5: 1, Recall10: 1, MRR: 1}
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-9)); diff != "" || apis != 1 {
		t.Errorf("holdout, easy (-want +got), %d APIs:\n%s", apis, diff)
	}
	if got, _ := halfScores(results, halves.Tuning, oursName, ""); got.Recall5 != 0 || got.N != 2 {
		t.Errorf("tuning half = %+v, want its own two misses", got)
	}
	if got, _ := halfScores(results, halves.Holdout, bleveName, ""); got.Recall5 != 0 || got.N != 4 {
		t.Errorf("bleve on holdout = %+v, want its own four misses", got)
	}
}

func TestLevels(t *testing.T) {
	outs := append(ranked("hard", 1), ranked("easy", 1)...)
	if diff := cmp.Diff([]string{"", "easy", "hard"}, levels(outs)); diff != "" {
		t.Errorf("levels (-want +got):\n%s", diff)
	}
	if got := len(atLevel(outs, "hard")); got != 1 {
		t.Errorf("atLevel(hard) kept %d, want 1", got)
	}
	if got := levels(ranked("", 1)); !cmp.Equal(got, []string{"", queryset.Unrated}) {
		t.Errorf("levels of an unrated set = %v", got)
	}
}

// TestReadInputs checks the evaluation refuses to run when a query set is
// in no half, or a half names a set that does not exist.
func TestReadInputs(t *testing.T) {
	dir := t.TempDir()
	set := func(name string) {
		body := "spec: {name: " + name + ", path: x.json}\nqueries:\n  - {q: find a, want: [\"GET /a\"]}\n"
		if err := os.WriteFile(filepath.Join(dir, name+".yaml"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	set("github")
	set("other")
	write := func(h halves.Halves) string {
		f := filepath.Join(t.TempDir(), "halves.yaml")
		if err := os.WriteFile(f, halves.Format(h, "test"), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	if _, _, err := readInputs(dir, write(halves.Halves{Tuning: []string{"github"}, Holdout: []string{"other"}})); err != nil {
		t.Errorf("every set in one half: %v", err)
	}
	_, _, err := readInputs(dir, write(halves.Halves{Tuning: []string{"github"}, Holdout: []string{"third"}}))
	if err == nil || !strings.Contains(err.Error(), `"other" is in no half`) {
		t.Errorf("a set in no half: %v", err)
	}
}

// TestCommittedHalves checks the committed halves file against the
// committed query sets: every set in exactly one half, github in tuning.
func TestCommittedHalves(t *testing.T) {
	if _, _, err := readInputs("queries", "halves.yaml"); err != nil {
		t.Fatal(err)
	}
}
