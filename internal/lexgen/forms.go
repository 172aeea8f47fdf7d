package main

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

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
// words and the derivation pointers between them.
type wordNet struct {
	synsets map[synsetKey][]string
	ptrs    []pointer
}

// readWordNet reads WordNet's four data files from dict.
func readWordNet(dict string) (*wordNet, error) {
	wn := &wordNet{synsets: map[synsetKey][]string{}}
	for _, name := range []string{"noun", "verb", "adj", "adv"} {
		f, err := os.Open(filepath.Join(dict, "data."+name))
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == ' ' {
				continue // licence header
			}
			fs := strings.Fields(line)
			if len(fs) < 4 {
				continue
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
				continue
			}
			np, _ := strconv.Atoi(fs[i])
			i++
			for p := 0; p < np && i+3 < len(fs); p++ {
				sym, toOff, toPos, st := fs[i], fs[i+1], fs[i+2], fs[i+3]
				i += 4
				if sym != "+" || len(st) != 4 || st == "0000" {
					continue
				}
				o, _ := strconv.Atoi(toOff)
				src, _ := strconv.ParseInt(st[:2], 16, 32)
				tgt, _ := strconv.ParseInt(st[2:], 16, 32)
				wn.ptrs = append(wn.ptrs, pointer{k, int(src), synsetKey{posOf(toPos), o}, int(tgt)})
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("data.%s: %w", name, err)
		}
	}
	return wn, nil
}

// writeForms writes, for every English word of known that has some, its
// derivationally related forms that are in known too ("react" →
// "reaction", "reactive"): one line per word, sorted, the word and its
// forms separated by spaces.
func writeForms(wn *wordNet, out string, known map[string]int) error {
	rel := relation{}
	for _, p := range wn.ptrs {
		from, to := wn.synsets[p.from], wn.synsets[p.to]
		if p.src < 1 || p.src > len(from) || p.target < 1 || p.target > len(to) {
			continue
		}
		a, b := from[p.src-1], to[p.target-1]
		rel.join(a, b, known)
	}
	return rel.write(out)
}

// relation maps a word to the words it is related to.
type relation map[string]map[string]bool

// join relates two different plain words both ways, when known has both.
func (rel relation) join(a, b string, known map[string]int) {
	_, okA := known[a]
	_, okB := known[b]
	if a == b || !okA || !okB || !plainWord(a) || !plainWord(b) {
		return
	}
	for _, p := range [2][2]string{{a, b}, {b, a}} {
		if rel[p[0]] == nil {
			rel[p[0]] = map[string]bool{}
		}
		rel[p[0]][p[1]] = true
	}
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
		for f := range rel[w] {
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
