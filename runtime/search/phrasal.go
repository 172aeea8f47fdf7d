package search

import "strings"

// Phrasal verbs: a verb and a particle ("kick off", "tear down", "hook
// up") mean what neither word says alone. The generator's lexicon relates
// each of WordNet's such phrases to the single words APIs use for it
// (internal/lexgen's phrase thesaurus), and formsTable keys those of an
// API's words by PhraseKey, so a query's two words find them.

// IsParticle reports words that complete a phrasal verb, possibly after
// its object ("take a label off").
func IsParticle(w string) bool {
	switch w {
	case "on", "off", "out", "up", "down", "in", "back", "away", "over":
		return true
	}
	return false
}

// PhraseKey is the forms table's key of a phrasal verb: its verb's base
// form and its particle joined by "_", which no term holds (the analyzer
// splits words there).
func PhraseKey(verb, particle string) string { return verb + "_" + particle }

// isPhraseKey reports a forms table word that PhraseKey wrote.
func isPhraseKey(w string) bool { return strings.IndexByte(w, '_') > 0 }

// phrasalMeaning is the meaning of a query's word w followed by particle
// p as a phrasal verb the forms table knows: the phrase's verb itself (an
// API may use it: "sign on"), and the API's terms for the phrase. A verb
// is looked up in its base form ("kicked off", "kicking off", "kicks off");
// the zero meaning when the table has no such phrase.
func phrasalMeaning(r *reader, w, p string) meaning {
	if !IsParticle(p) {
		return meaning{}
	}
	for _, v := range verbForms(w) {
		rest, ok := r.forms.find(PhraseKey(v, p))
		if !ok {
			continue
		}
		var terms []string
		for _, f := range strings.Fields(rest) {
			terms = append(terms, strings.TrimPrefix(f, RelatedMark))
		}
		return meaning{words: []string{v}, weight: 1, terms: terms}
	}
	return meaning{}
}

// verbForms are the base forms w may be an inflection of, w first: a
// third person's -s, -es, -ies, a past's or participle's -ed, -d, and a
// gerund's -ing, with a doubled last consonant made single ("stopped").
// Irregular forms are not read ("tore down").
func verbForms(w string) []string {
	forms := []string{w}
	for _, s := range []suffixRule{
		{"ies", "y", false}, {"es", "", false}, {"s", "", false},
		{"ied", "y", false}, {"ed", "", true}, {"d", "", false},
		{"ing", "", true}, {"ing", "e", false},
	} {
		forms = append(forms, s.bases(w)...)
	}
	return forms
}

// appendTerms adds the index terms of terms the API has, each weighing
// weight, that alts lacks.
func appendTerms(r *reader, alts []alt, terms []string, weight float64) []alt {
	for _, term := range terms {
		if t, ok := r.lookup(term); ok && !hasAlt(alts, term) {
			alts = append(alts, alt{info: t, weight: weight, via: "meaning"})
		}
	}
	return alts
}
