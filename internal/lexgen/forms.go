package main

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// eachEntry calls fn with every line of a WordNet file but the licence
// header's (lines that start with a space) and empty ones.
func eachEntry(file string, fn func(line string)) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if line := sc.Text(); line != "" && line[0] != ' ' {
			fn(line)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", filepath.Base(file), err)
	}
	return nil
}

// synsetKey names a synset: its data file and offset there.
type synsetKey struct {
	pos    byte
	offset int
}

// pointer is a lexical pointer ("+", derivationally related form) from
// word src of synset from to word target of synset to, both 1-based.
type pointer struct {
	from   synsetKey
	src    int
	to     synsetKey
	target int
}

// wordNet is what lexgen reads of WordNet's data files: every synset's
// words, the derivation pointers between them, and each synset's
// hypernyms (its more general synsets: "loan" of "mortgage").
type wordNet struct {
	synsets   map[synsetKey][]string
	ptrs      []pointer
	hypernyms map[synsetKey][]synsetKey
}

// readWordNet reads WordNet's four data files from dict.
func readWordNet(dict string) (*wordNet, error) {
	wn := &wordNet{synsets: map[synsetKey][]string{}, hypernyms: map[synsetKey][]synsetKey{}}
	for _, name := range []string{"noun", "verb", "adj", "adv"} {
		if err := eachEntry(filepath.Join(dict, "data."+name), wn.addSynset); err != nil {
			return nil, err
		}
	}
	return wn, nil
}

// addSynset reads one line of a WordNet data file: a synset's words, its
// hypernyms and its words' derivation pointers.
func (wn *wordNet) addSynset(line string) {
	fs := strings.Fields(line)
	if len(fs) < 4 {
		return
	}
	off, _ := strconv.Atoi(fs[0])
	k := synsetKey{posOf(fs[2]), off}
	nw, _ := strconv.ParseInt(fs[3], 16, 32)
	i := 4
	var words []string
	for w := 0; w < int(nw) && i+1 < len(fs); w++ {
		words = append(words, lemma(fs[i]))
		i += 2
	}
	wn.synsets[k] = words
	if i >= len(fs) {
		return
	}
	np, _ := strconv.Atoi(fs[i])
	i++
	for p := 0; p < np && i+3 < len(fs); p++ {
		sym, toOff, toPos, st := fs[i], fs[i+1], fs[i+2], fs[i+3]
		i += 4
		o, _ := strconv.Atoi(toOff)
		if (sym == "@" || sym == "@i") && st == "0000" {
			wn.hypernyms[k] = append(wn.hypernyms[k], synsetKey{posOf(toPos), o})
			continue
		}
		if sym != "+" || len(st) != 4 || st == "0000" {
			continue
		}
		src, _ := strconv.ParseInt(st[:2], 16, 32)
		tgt, _ := strconv.ParseInt(st[2:], 16, 32)
		wn.ptrs = append(wn.ptrs, pointer{k, int(src), synsetKey{posOf(toPos), o}, int(tgt)})
	}
}

// writeForms writes, for every English word of known that has some, its
// derivationally related forms that are in known too ("react" →
// "reaction", "reactive"), then, each after relatedMark, the words
// meaningWords or a usage line (readUsage: "restart" and "reboot") relates
// to it and the phrases a phrase line (readPhrases) gives it for: one
// line per word, sorted, the word and the others separated by spaces. near
// lists the words within search.NearCosine of each (search.NearWords).
func writeForms(wn *wordNet, usage, phrases []usageLine, out string, known map[string]int, near map[string][]string) error {
	rel := relation{}
	for _, p := range wn.ptrs {
		from, to := wn.synsets[p.from], wn.synsets[p.to]
		if p.src < 1 || p.src > len(from) || p.target < 1 || p.target > len(to) {
			continue
		}
		a, b := from[p.src-1], to[p.target-1]
		rel.join(a, b, known, true)
	}
	meaningWords(wn, near, func(a, b string) { rel.join(a, b, known, false) })
	// A usage pair was chosen word by word, so it needs no vector to be
	// kept (admin, retry, bookkeeping are not among the vectors' words).
	for _, l := range usage {
		for _, alt := range l.alts {
			rel.join(l.term, alt, nil, false)
		}
	}
	// A phrase is no word a query's search looks up alone: its words lead
	// to it, for formsTable's key, not the other way.
	for _, l := range phrases {
		for _, alt := range l.alts {
			rel.relate(alt, l.term, false)
		}
	}
	return rel.write(out)
}

// relatedDepth is how many hypernym levels meaningWords follows up from a
// synset (issue 11's seventeenth round measured two against three).
const relatedDepth = 2

// meaningWords calls relate for every two words of a synset, or of a
// synset and one of its hypernyms up to relatedDepth levels up, that near
// lists as within search.NearCosine of each other: WordNet says how two
// words are related, the word vectors whether English uses them alike, so
// of a word's senses only the common ones count ("mortgage" → loan,
// "film" → movie, not "link" → nexus). near's lists are sorted.
func meaningWords(wn *wordNet, near map[string][]string, relate func(a, b string)) {
	for k, words := range wn.synsets {
		group := slices.Clone(words)
		level := []synsetKey{k}
		for range relatedDepth {
			var up []synsetKey
			for _, h := range level {
				up = append(up, wn.hypernyms[h]...)
			}
			for _, h := range up {
				group = append(group, wn.synsets[h]...)
			}
			level = up
		}
		for _, a := range words {
			for _, b := range group {
				if _, ok := slices.BinarySearch(near[a], b); ok {
					relate(a, b)
				}
			}
		}
	}
}

// relatedMark starts a word of a forms line that meaningWords relates,
// rather than a derivational form (search.RelatedMark).
const relatedMark = search.RelatedMark

// relation maps a word to the words it is related to, each true for a
// derivational form, false for a word related only in meaning.
type relation map[string]map[string]bool

// join relates two different plain words both ways, when known has both
// (any two, when known is nil); a form stays a form when meaningWords
// relates it too.
func (rel relation) join(a, b string, known map[string]int, form bool) {
	_, okA := known[a]
	_, okB := known[b]
	if a == b || (known != nil && (!okA || !okB)) || !plainWord(a) || !plainWord(b) {
		return
	}
	rel.relate(a, b, form)
	rel.relate(b, a, form)
}

// relate relates word a to b one way; a form stays a form.
func (rel relation) relate(a, b string, form bool) {
	if rel[a] == nil {
		rel[a] = map[string]bool{}
	}
	rel[a][b] = rel[a][b] || form
}

// write writes rel as sorted lines "word other…" to a gzipped file.
func (rel relation) write(out string) error {
	words := make([]string, 0, len(rel))
	for w := range rel {
		words = append(words, w)
	}
	sort.Strings(words)
	o, err := os.Create(out)
	if err != nil {
		return err
	}
	zw := gzip.NewWriter(o)
	bw := bufio.NewWriter(zw)
	for _, w := range words {
		forms := make([]string, 0, len(rel[w]))
		for f, form := range rel[w] {
			if !form {
				f = relatedMark + f
			}
			forms = append(forms, f)
		}
		sort.Strings(forms)
		fmt.Fprintf(bw, "%s %s\n", w, strings.Join(forms, " "))
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return o.Close()
}

// posOf maps a synset type to its data file: satellites are adjectives.
func posOf(t string) byte {
	if t == "s" {
		return 'a'
	}
	return t[0]
}

// lemma is a word as WordNet writes it in a synset, lowercased, without an
// adjective's syntactic marker ("galore(ip)").
func lemma(w string) string {
	if i := strings.IndexByte(w, '('); i > 0 {
		w = w[:i]
	}
	return strings.ToLower(w)
}
