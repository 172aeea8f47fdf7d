package main

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"slices"
)

// How the intervals are drawn: a percentile bootstrap over queries. A
// half's figure is a mean over its APIs, so each draw resamples every API's
// queries with replacement, as many as it has, and takes the mean over APIs
// again: the spread is what another set of queries written the same way for
// the same APIs could have scored. It says nothing of other APIs.
const (
	bootstrapDraws = 2000
	bootstrapSeed  = "swag2mcp-issue-11/bootstrap"
	// bootstrapLevel is the interval's coverage: the 2.5th to the 97.5th
	// percentile of the draws.
	bootstrapLevel = 0.95
)

// interval is a bootstrap interval of a figure.
type interval struct{ lo, hi float64 }

// rankFigure is a ranking figure over the ranks of some queries (1-based,
// 0 for not in the top depth) picked by their indexes.
type rankFigure func(ranks []int, picked []int) float64

// recallAt is recall@k.
func recallAt(k int) rankFigure {
	return func(ranks []int, picked []int) float64 {
		n := 0
		for _, i := range picked {
			if ranks[i] >= 1 && ranks[i] <= k {
				n++
			}
		}
		return float64(n) / float64(len(picked))
	}
}

// mrr is the mean reciprocal rank (MRR@depth: ranks are cut at depth).
func mrr(ranks []int, picked []int) float64 {
	sum := 0.0
	for _, i := range picked {
		if ranks[i] > 0 {
			sum += 1 / float64(ranks[i])
		}
	}
	return sum / float64(len(picked))
}

// bootstrap returns the interval of the mean over sets of figure(set, picked),
// where picked draws set's queries again with replacement. sizes are the
// sets' numbers of queries; a set without any is left out, as meanOver
// leaves it out. The draws are seeded, so the interval of the same inputs
// is the same every run.
func bootstrap(sizes []int, figure func(set int, picked []int) float64) interval {
	rng := seededRand(bootstrapSeed)
	means := make([]float64, bootstrapDraws)
	picked := make([]int, 0, slices.Max(append(sizes, 0)))
	for d := range means {
		sum, sets := 0.0, 0
		for s, n := range sizes {
			if n == 0 {
				continue
			}
			picked = picked[:0]
			for range n {
				picked = append(picked, rng.IntN(n))
			}
			sum += figure(s, picked)
			sets++
		}
		if sets > 0 {
			means[d] = sum / float64(sets)
		}
	}
	slices.Sort(means)
	tail := (1 - bootstrapLevel) / 2
	return interval{lo: means[int(tail*bootstrapDraws)], hi: means[int((1-tail)*bootstrapDraws)-1]}
}

// seededRand is a random source fixed by seed's SHA-256.
func seededRand(seed string) *rand.Rand {
	h := sha256.Sum256([]byte(seed))
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(h[:8]), binary.LittleEndian.Uint64(h[8:16])))
}

// naturalRanks returns the ranks of outs' natural-language queries.
func naturalRanks(outs []outcome) []int {
	var ranks []int
	for _, o := range outs {
		if !o.Query.IsSyntax() {
			ranks = append(ranks, o.Rank)
		}
	}
	return ranks
}

// figureInterval is the bootstrap interval of figure's mean over the sets
// whose ranks are given.
func figureInterval(sets [][]int, figure rankFigure) interval {
	sizes := make([]int, len(sets))
	for i, s := range sets {
		sizes[i] = len(s)
	}
	return bootstrap(sizes, func(s int, picked []int) float64 { return figure(sets[s], picked) })
}

// pairedRanks are one set's queries ranked by two runs, before and after a
// change, in the same order.
type pairedRanks struct{ before, after []int }

// differenceInterval is the bootstrap interval of the change in figure's
// mean over sets: each draw picks the same queries for both runs, so what
// the two share does not widen it.
func differenceInterval(sets []pairedRanks, figure rankFigure) interval {
	sizes := make([]int, len(sets))
	for i, s := range sets {
		sizes[i] = len(s.after)
	}
	return bootstrap(sizes, func(s int, picked []int) float64 {
		return figure(sets[s].after, picked) - figure(sets[s].before, picked)
	})
}
