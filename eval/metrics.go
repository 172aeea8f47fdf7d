package main

import (
	"time"

	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
)

// depth is how deep the ranking is read: a wanted operation below it counts
// as not found (reciprocal rank 0), so MRR here is MRR@10.
const depth = 10

// outcome is one query's result for one engine.
type outcome struct {
	Query queryset.Labelled
	Rank  int      // 1-based rank of the first wanted operation; 0 when not in the top depth
	Top   []string // the top results, "METHOD /path"
	Err   string   // the engine rejected the query
}

// scores are the figures of one engine on one query set.
type scores struct {
	N        int
	Recall1  float64
	Recall5  float64
	MRR      float64
	Errors   int
	P50, P99 time.Duration // in-process time of one query (see timeQueries)
}

// rankOf returns the 1-based rank of the first result in want, 0 if none.
func rankOf(top []string, want []string) int {
	for i, t := range top {
		for _, w := range want {
			if t == w {
				return i + 1
			}
		}
	}
	return 0
}

func score(outs []outcome) scores {
	s := scores{N: len(outs)}
	if s.N == 0 {
		return s
	}
	for _, o := range outs {
		if o.Err != "" {
			s.Errors++
		}
		if o.Rank == 1 {
			s.Recall1++
		}
		if o.Rank >= 1 && o.Rank <= 5 {
			s.Recall5++
		}
		if o.Rank > 0 {
			s.MRR += 1 / float64(o.Rank)
		}
	}
	n := float64(s.N)
	s.Recall1 /= n
	s.Recall5 /= n
	s.MRR /= n
	return s
}
