package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
	_ "github.com/swag2mcp/swag2mcp/internal/updateflag"
)

func TestRankOf(t *testing.T) {
	top := []string{"GET /a", "POST /a", "DELETE /a/{id}"}
	tests := []struct {
		name string
		want []string
		rank int
	}{
		{"first", []string{"GET /a"}, 1},
		{"any of several counts at its best place", []string{"DELETE /a/{id}", "POST /a"}, 2},
		{"absent", []string{"PUT /a"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rankOf(top, tt.want); got != tt.rank {
				t.Errorf("rankOf = %d, want %d", got, tt.rank)
			}
		})
	}
}

func TestScore(t *testing.T) {
	outs := func(ranks ...int) []outcome {
		var o []outcome
		for _, r := range ranks {
			o = append(o, outcome{Query: queryset.Labelled{Q: "q"}, Rank: r})
		}
		return o
	}
	tests := []struct {
		name string
		outs []outcome
		want scores
	}{
		{"all first", outs(1, 1), scores{N: 2, Recall1: 1, Recall5: 1, MRR: 1}},
		{"mixed", outs(1, 2, 5, 0), scores{N: 4, Recall1: 0.25, Recall5: 0.75, MRR: (1 + 0.5 + 0.2) / 4}},
		{"below five still counts for MRR", outs(10), scores{N: 1, MRR: 0.1}},
		{"errors counted", []outcome{{Err: "bad"}}, scores{N: 1, Errors: 1}},
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
