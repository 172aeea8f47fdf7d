package main

import (
	"slices"

	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
)

// depth is how deep the ranking is read: a wanted operation below it counts
// as not found (reciprocal rank 0), so MRR here is MRR@10.
const depth = 10

// syntaxDepth is how deep a syntax query's results are read: its whole
// answer set (at most queryset.MaxSyntaxWant) must come back, and nothing
// else, so the results are read past the answer set to see what else came.
const syntaxDepth = 50

// outcome is one query's result for one engine.
type outcome struct {
	Query queryset.Labelled
	Rank  int      // 1-based rank of the first wanted operation; 0 when not in the top depth
	Top   []string // the results, "METHOD /path"
	Err   string   // the engine rejected the query
	Right bool     // a syntax query returned exactly its answer set
}

// judge fills the outcome's verdict from its results.
func (o *outcome) judge() {
	if o.Err != "" {
		return
	}
	if o.Query.IsSyntax() {
		o.Right = sameSet(o.Top, o.Query.Want)
		return
	}
	o.Rank = rankOf(o.Top, o.Query.Want)
}

// scores are the figures of one engine on some queries. The ranking
// figures cover the natural-language queries; syntax queries are counted
// apart, as right or not.
type scores struct {
	N           int // natural-language queries
	Recall1     float64
	Recall5     float64
	Recall10    float64
	MRR         float64
	Errors      int // queries of either kind the engine rejected
	SyntaxN     int
	SyntaxRight int
}

// rankOf returns the 1-based rank of the first result in want, 0 if none
// in the top depth.
func rankOf(top []string, want []string) int {
	for i, t := range top {
		if i == depth {
			break
		}
		if slices.Contains(want, t) {
			return i + 1
		}
	}
	return 0
}

// sameSet reports whether got holds exactly the operations of want, in any
// order, each once.
func sameSet(got, want []string) bool {
	if len(got) != len(want) {
		return false
	}
	a, b := slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))
	return slices.Equal(slices.Compact(a), b)
}

// score computes the figures of one engine over outs.
func score(outs []outcome) scores {
	var s scores
	for _, o := range outs {
		if o.Err != "" {
			s.Errors++
		}
		if o.Query.IsSyntax() {
			s.SyntaxN++
			if o.Right {
				s.SyntaxRight++
			}
			continue
		}
		s.N++
		if o.Rank == 1 {
			s.Recall1++
		}
		if o.Rank >= 1 && o.Rank <= 5 {
			s.Recall5++
		}
		if o.Rank >= 1 && o.Rank <= 10 {
			s.Recall10++
		}
		if o.Rank > 0 {
			s.MRR += 1 / float64(o.Rank)
		}
	}
	if s.N > 0 {
		n := float64(s.N)
		s.Recall1 /= n
		s.Recall5 /= n
		s.Recall10 /= n
		s.MRR /= n
	}
	return s
}

// meanOver is the macro mean of several query sets' figures: every set
// with natural-language queries weighs the same in the ranking figures,
// however many queries it has (as the goal is stated); counts are
// summed. apis is how many sets had natural-language queries.
func meanOver(ss []scores) (mean scores, apis int) {
	for _, s := range ss {
		mean.Errors += s.Errors
		mean.SyntaxN += s.SyntaxN
		mean.SyntaxRight += s.SyntaxRight
		if s.N == 0 {
			continue
		}
		apis++
		mean.N += s.N
		mean.Recall1 += s.Recall1
		mean.Recall5 += s.Recall5
		mean.Recall10 += s.Recall10
		mean.MRR += s.MRR
	}
	if apis > 0 {
		n := float64(apis)
		mean.Recall1 /= n
		mean.Recall5 /= n
		mean.Recall10 /= n
		mean.MRR /= n
	}
	return mean, apis
}

// atLevel keeps the outcomes of queries at one difficulty level; "" keeps all.
func atLevel(outs []outcome, level string) []outcome {
	if level == "" {
		return outs
	}
	var out []outcome
	for _, o := range outs {
		if o.Query.Level() == level {
			out = append(out, o)
		}
	}
	return out
}
