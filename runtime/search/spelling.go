package search

// Typo tolerance on the word as typed. The index holds stems, and a typo
// often hides a word's suffix from the stemmer ("noifications" stems to
// "noific", two edits from "notifications"' "notif"; "usrs" to "usr"), so
// comparing stems misses typos one keystroke away. The spellings one edit
// from the typed word are stemmed and looked up instead, as a spelling
// corrector does (Norvig's): the stems the index knows are the words the
// user may have meant.

import (
	"hash/maphash"
	"iter"
)

// minSpellLen and maxSpellLen bound the words spelled out: shorter words
// are too often another word one edit away, and a longer word's spellings
// would cost too much (about 37 per letter).
const (
	minSpellLen = 4
	maxSpellLen = 20
)

// spellingStems returns the index terms of the words one edit from w, w
// lowercase ASCII and absent from the index. The edits are the ones people
// make (Damerau's four): a letter dropped, added (any letter: a typo may
// have left out any) or two neighbours swapped, and a letter changed to a
// key next to it on the keyboard or to another vowel, which spares two
// thirds of the changes. The first letter is kept, the one typists get
// wrong least. Each term is visited once, in no set order.
func spellingStems(r *reader, w string, visit func(termInfo)) {
	if len(w) < minSpellLen || len(w) > maxSpellLen || !isASCIIWord(w) {
		return
	}
	if _, english := r.words.find(w); english {
		return // a word of general English ("taking") is not a typo of the API's ("tasking")
	}
	known := r.spelled()
	seen := map[string]bool{}
	oneEdits(w, 1, typedChanges, func(cand []byte) {
		t := stem(string(cand))
		if seen[t] || !known.mayHave(t) {
			return
		}
		seen[t] = true
		if info, ok := r.lookup(t); ok {
			visit(info)
		}
	})
}

// oneEdits calls try with each spelling one edit from w that keeps w's
// letters before from: at each place a letter dropped or swapped with the
// next, changed to one of changes(letter), or any letter a–z added before
// it or at the end. The bytes try sees are valid only during the call.
func oneEdits(w string, from int, changes func(c byte) letterSet, try func([]byte)) {
	buf := make([]byte, 0, len(w)+1)
	for i := from; i <= len(w); i++ {
		if i < len(w) {
			try(append(append(buf[:0], w[:i]...), w[i+1:]...)) // dropped
			if i+1 < len(w) && w[i] != w[i+1] {
				try(append(append(append(buf[:0], w[:i]...), w[i+1], w[i]), w[i+2:]...)) // swapped
			}
			for c := range changes(w[i]).letters() {
				if c != w[i] {
					try(append(append(append(buf[:0], w[:i]...), c), w[i+1:]...)) // changed
				}
			}
		}
		for c := range allLetters.letters() {
			try(append(append(append(buf[:0], w[:i]...), c), w[i:]...)) // added
		}
	}
}

// typedChanges are the letters a typist hits for c: a key next to it, or
// another vowel.
func typedChanges(c byte) letterSet {
	var l letterSet
	l.add(vowels + nearKeys(c))
	return l
}

// anyChange is every letter: a change to any other.
func anyChange(byte) letterSet { return allLetters }

// vowels are the letters most often swapped for one another in spelling.
const vowels = "aeiouy"

// nearKeys are the letters around c on a QWERTY keyboard.
func nearKeys(c byte) string {
	switch c {
	case 'q':
		return "wa"
	case 'w':
		return "qeasd"
	case 'e':
		return "wrsdf"
	case 'r':
		return "etdfg"
	case 't':
		return "ryfgh"
	case 'y':
		return "tughj"
	case 'u':
		return "yihjk"
	case 'i':
		return "uojkl"
	case 'o':
		return "ipkl"
	case 'p':
		return "ol"
	case 'a':
		return "qwsz"
	case 's':
		return "weadzx"
	case 'd':
		return "ersfxc"
	case 'f':
		return "rtdgcv"
	case 'g':
		return "tyfhvb"
	case 'h':
		return "yugjbn"
	case 'j':
		return "uihknm"
	case 'k':
		return "iojlm"
	case 'l':
		return "opk"
	case 'z':
		return "asx"
	case 'x':
		return "zsdc"
	case 'c':
		return "xdfv"
	case 'v':
		return "cfgb"
	case 'b':
		return "vghn"
	case 'n':
		return "bhjm"
	case 'm':
		return "njk"
	}
	return ""
}

// letterSet is a set of the letters a–z.
type letterSet uint32

// allLetters holds every letter a–z.
const allLetters letterSet = 1<<26 - 1

// add puts the letters of s in the set.
func (l *letterSet) add(s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'a' && c <= 'z' {
			*l |= 1 << (c - 'a')
		}
	}
}

// letters yields the set's letters in alphabetical order.
func (l letterSet) letters() iter.Seq[byte] {
	return func(yield func(byte) bool) {
		for c := byte('a'); c <= 'z'; c++ {
			if l&(1<<(c-'a')) != 0 && !yield(c) {
				return
			}
		}
	}
}

// termFilter is a Bloom filter of the dictionary's text keys: a typo's
// spellings are hundreds of words, nearly all of them words the API lacks,
// and the filter answers most of them without a dictionary lookup (which
// would cost most of a search). Twenty lines by hand rather than a
// library, so that every generated server does not link one more module.
type termFilter struct {
	bits []uint64
	seed maphash.Seed
}

// Bits per key and probes per lookup: about 0.2 % false positives, which
// the exact lookup then rejects.
const (
	filterBitsPerKey = 16
	filterProbes     = 4
)

// newTermFilter reads every text key of r's dictionary once.
func newTermFilter(r *reader) termFilter {
	n := 64
	for n < r.nTerms*filterBitsPerKey {
		n <<= 1
	}
	f := termFilter{bits: make([]uint64, n/64), seed: maphash.MakeSeed()}
	for it := r.iterAt(0); it.next(); {
		if !isKeywordKey(it.key) {
			f.probe(maphash.Bytes(f.seed, it.key), true)
		}
	}
	return f
}

// mayHave reports whether key may be in the dictionary; false is certain.
func (f termFilter) mayHave(key string) bool {
	return f.probe(maphash.String(f.seed, key), false)
}

// probe tests (or, with set, sets) the filter's bits for hash h.
func (f termFilter) probe(h uint64, set bool) bool {
	mask := uint64(len(f.bits)*64 - 1)
	step := h>>32 | 1
	for i := range uint64(filterProbes) {
		b := (h + i*step) & mask
		if set {
			f.bits[b/64] |= 1 << (b % 64)
		} else if f.bits[b/64]&(1<<(b%64)) == 0 {
			return false
		}
	}
	return true
}
