package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/eval/internal/halves"
	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
)

// TestGoalShowsTheShortfall: a mean just under the goal is printed with
// the digits that show it under, not rounded up to the goal itself.
func TestGoalShowsTheShortfall(t *testing.T) {
	var outs []outcome
	for _, rank := range []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 10, 0, 0, 0, 0} { // MRR 0.6967
		outs = append(outs, outcome{Query: queryset.Labelled{Q: "q", Want: []string{"GET /a"}}, Rank: rank})
	}
	var buf bytes.Buffer
	printGoal(&buf, []result{{spec: "api", half: halves.Holdout, engine: oursName, outs: outs}})
	if got := buf.String(); !strings.Contains(got, "not met") || !strings.Contains(got, "mean MRR 0.697") {
		t.Errorf("printGoal = %q, want the MRR shortfall as 0.697", got)
	}
}
