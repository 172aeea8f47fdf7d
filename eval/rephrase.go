package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// rephraseDepth is the rank a rephrased query must bring an answer to.
const rephraseDepth = 5

// rephrase is how the weak-answer help (search.Advisor: the note that says
// an answer matched weakly and offers the API's words closest to the
// query) served one query set. Of the natural-language queries whose
// answer is not in the top rephraseDepth, it counts the ones the answer
// calls weak, the ones it offers words for, and the ones a single rephrase
// (the query with one offered word added) brings into the top
// rephraseDepth: with the first word offered, and with the best of them,
// the most a caller choosing among the words could get from them. It
// also counts the queries answered first that are still called weak: the
// note's noise.
type rephrase struct {
	misses, weak, offered, firstFixes, anyFixes int
	firsts, firstsWeak                          int
	named, namedFixes                           int // misses whose answer the server's instructions name, and those the name added finds (see answerName)
	noteNamed                                   int // misses called weak whose note's resources name the answer (search.Vocabulary)
	// gap counts the misses whose every answer, were it the best hit,
	// would be called weak: its own text holds under half the query's
	// words, counting every synonym, form and spelling the search tries.
	// Ranking cannot find them; new words (the caller's) can.
	gap int
}

// measureRephrase runs the weak-answer help over outs, our engine's
// outcomes on its own API.
func measureRephrase(ctx context.Context, o *oursEngine, outs []outcome) (rephrase, error) {
	var rp rephrase
	adv, ok := o.s.(search.Advisor)
	if !ok {
		return rp, nil
	}
	names := overviewNames(o.cat.Overview(nil))
	noteNames := map[string]string{}
	if v, ok := o.s.(search.Vocabulary); ok {
		for _, n := range expandFamilies(strings.Join(v.Resources(), ", ")) {
			noteNames[catalog.NameKey(n)] = n
		}
	}
	endpoints := o.ownIndex()
	for _, out := range outs {
		if out.Query.IsSyntax() || out.Err != "" {
			continue
		}
		miss := out.Rank == 0 || out.Rank > rephraseDepth
		if !miss && out.Rank != 1 {
			continue
		}
		// Advise reads the hits themselves, which an outcome keeps only as
		// keys: the query runs again (in-process, under a millisecond).
		res, err := o.s.Search(ctx, search.Query{Text: out.Query.Q, Limit: depth})
		if err != nil {
			return rp, err
		}
		weak, words := adv.Advise(out.Query.Q, res.Hits)
		if !miss {
			rp.firsts++
			if weak {
				rp.firstsWeak++
			}
			continue
		}
		rp.misses++
		if answersLackWords(adv, endpoints, out.Query) {
			rp.gap++
		}
		if name := answerName(names, out.Query.Want); name != "" {
			rp.named++
			top, err := o.Search(ctx, out.Query.Q+" "+name, depth)
			if err != nil {
				return rp, err
			}
			if r := rankOf(top, out.Query.Want); r > 0 && r <= rephraseDepth {
				rp.namedFixes++
			}
		}
		if !weak {
			continue
		}
		rp.weak++
		if answerName(noteNames, out.Query.Want) != "" {
			rp.noteNamed++
		}
		if len(words) == 0 {
			continue
		}
		rp.offered++
		for i, w := range words {
			top, err := o.Search(ctx, out.Query.Q+" "+w, depth)
			if err != nil {
				return rp, err
			}
			if r := rankOf(top, out.Query.Want); r > 0 && r <= rephraseDepth {
				if i == 0 {
					rp.firstFixes++
				}
				rp.anyFixes++
				break
			}
		}
	}
	return rp, nil
}

// answersLackWords reports whether every acceptable answer of q would be
// called weak as q's best hit (see rephrase.gap).
func answersLackWords(adv search.Advisor, endpoints map[string]int, q queryset.Labelled) bool {
	found := false
	for _, w := range q.Want {
		i, ok := endpoints[w]
		if !ok {
			continue
		}
		found = true
		if weak, _ := adv.Advise(q.Q, []search.Hit{{Endpoint: i}}); !weak {
			return false
		}
	}
	return found
}

// add sums b into rp.
func (rp *rephrase) add(b rephrase) {
	rp.misses += b.misses
	rp.weak += b.weak
	rp.offered += b.offered
	rp.firstFixes += b.firstFixes
	rp.anyFixes += b.anyFixes
	rp.firsts += b.firsts
	rp.firstsWeak += b.firstsWeak
	rp.named += b.named
	rp.noteNamed += b.noteNamed
	rp.namedFixes += b.namedFixes
	rp.gap += b.gap
}

// printRephrase prints the weak-answer help per API and per half, summed
// over queries.
func printRephrase(w io.Writer, results []result) {
	fmt.Fprintf(w, "\nweak-answer help (swag2mcp): of the queries without an answer in the top %d, how many the answer calls\n", rephraseDepth)
	fmt.Fprintf(w, "weak, offers the API's words for, and one rephrase (the query plus one offered word) brings into the top %d:\n", rephraseDepth)
	fmt.Fprintln(w, "with the first word offered, with the best one; queries answered first yet called weak (noise); and misses")
	fmt.Fprintln(w, "whose answer's resource (its path's last literal segment) the server's instructions name, and of them how many")
	fmt.Fprintf(w, "the query with that name added brings into the top %d (a model that picks the right name from the instructions);\n", rephraseDepth)
	fmt.Fprintln(w, "misses called weak whose note's list of the API's resources names the answer's; and misses whose every answer")
	fmt.Fprintln(w, "holds under half the query's words, counting the synonyms, forms and spellings search tries (no ranking finds them)")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "half\tAPI\tmissed\tcalled weak\twords offered\tfixed by the first\tfixed by the best\tfirst yet weak\tnamed in instructions\tfixed by the name\tweak, named in the note\tanswer lacks the words")
	row := func(half, api string, rp rephrase) {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d of %d\t%d\t%d\t%d\t%d\n", half, api, rp.misses, rp.weak, rp.offered, rp.firstFixes, rp.anyFixes, rp.firstsWeak, rp.firsts, rp.named, rp.namedFixes, rp.noteNamed, rp.gap)
	}
	for _, half := range halfOrder() {
		var sum rephrase
		n := 0
		for _, r := range results {
			if r.half == half && r.rephrase != nil {
				row(half, r.spec, *r.rephrase)
				sum.add(*r.rephrase)
				n++
			}
		}
		if n > 0 {
			row(half, "all", sum)
		}
	}
	tw.Flush()
}
