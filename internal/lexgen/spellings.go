package main

import (
	"regexp"
	"strings"
)

// writeSpellings writes, for every word of known, its other spellings
// that known has too: words of one WordNet synset that are the same word
// once spelt the American way ("organisation" and "organization",
// "colour" and "color", "catalogue" and "catalog"). A query in one
// spelling then finds an API written in the other. The same synset is
// what keeps the loose rewrites of americanSpeller from joining
// different words ("tour" is no "tor").
func writeSpellings(wn *wordNet, out string, known map[string]int) error {
	american := americanSpeller()
	// WordNet lists lemmas, and an API may only write their inflections
	// ("colours" without "colour"): a pair's regular inflections, which
	// both spellings take alike, are joined too when known has both.
	inflections := []func(string) string{
		func(w string) string { return w },
		func(w string) string { return w + "s" },
		func(w string) string { return strings.TrimSuffix(w, "e") + "ed" },
		func(w string) string { return strings.TrimSuffix(w, "e") + "ing" },
		func(w string) string { return strings.TrimSuffix(w, "e") + "er" },
		func(w string) string { return strings.TrimSuffix(w, "e") + "ers" },
	}
	rel := relation{}
	for _, words := range wn.synsets {
		for i, a := range words {
			for _, b := range words[i+1:] {
				if a == b || american(a) != american(b) {
					continue
				}
				for _, inflect := range inflections {
					rel.join(inflect(a), inflect(b), known, true)
				}
			}
		}
	}
	return rel.write(out)
}

// americanSpeller returns a function that rewrites a word's regular
// British spellings the American way.
func americanSpeller() func(string) string {
	rewrites := []struct {
		pattern  *regexp.Regexp
		american string
	}{
		{regexp.MustCompile(`our`), "or"},                 // colour, behaviour, favourite
		{regexp.MustCompile(`([iy])s([aei])`), "${1}z$2"}, // organise, organisation, analyse
		{regexp.MustCompile(`tre(s?)$`), "ter$1"},         // centre, metre, fibre
		{regexp.MustCompile(`ogue(s?)$`), "og$1"},         // catalogue, dialogue
		{regexp.MustCompile(`ence(s?)$`), "ense$1"},       // licence, defence
		{regexp.MustCompile(`mme(s?)$`), "m$1"},           // programme
		{regexp.MustCompile(`ll`), "l"},                   // enrol, fulfil, traveller
		{regexp.MustCompile(`[ao]e`), "e"},                // anaemia, manoeuvre
		{regexp.MustCompile(`gement`), "gment"},           // judgement, acknowledgement
	}
	return func(w string) string {
		for _, r := range rewrites {
			w = r.pattern.ReplaceAllString(w, r.american)
		}
		return w
	}
}
