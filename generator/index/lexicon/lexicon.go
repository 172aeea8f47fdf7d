// Package lexicon holds the general English word data that the generator
// derives each server's word tables from, committed as internal/lexgen
// wrote it (`make lexicon`; sources and licences in NOTICE): 20,000 word
// vectors from GloVe, which of them lie near each other, and WordNet's
// derivationally related forms and British and American spellings. It
// stays in the generator; a server carries only what its API needs.
package lexicon

import (
	_ "embed" // the tables
	"strings"
	"sync"
)

var (
	//go:embed vectors.txt.gz
	vectorsGz []byte
	//go:embed forms.txt.gz
	formsGz []byte
	//go:embed spellings.txt.gz
	spellingsGz []byte
	//go:embed near.txt.gz
	nearGz []byte
	// Notice is the data sets' notices, which ship with what is derived
	// from them.
	//go:embed NOTICE
	Notice string
)

// Lexicon is the decoded tables, read in place: every word and vector is
// a substring of the decompressed text, and the near table is word
// numbers, so decoding makes a handful of allocations, not one per
// entry, and a lookup decodes only what it returns. It implements
// search.Lexicon. It is never modified once decoded, so one value is
// shared by every caller in the process (see Load).
type Lexicon struct {
	dims    int
	words   []string         // the vector table's words in its order (the near table numbers them so)
	vectors []string         // vectors[k] is the vector of words[k], dims characters
	ids     map[string]int32 // word → its number
	forms   map[string]string
	spells  map[string]string
	nearAt  []int32 // the neighbours of word k are near[nearAt[k]:nearAt[k+1]]
	near    []int32
}

// Load returns the decoded tables. They are decoded on the first call
// only: every later call, whatever spec it is for, returns the same
// read-only value.
func Load() (*Lexicon, error) { return decodeOnce() }

// decodeOnce decodes the embedded tables once per process.
var decodeOnce = sync.OnceValues(func() (*Lexicon, error) {
	return decode(vectorsGz, formsGz, spellingsGz, nearGz)
})

// Dims is the number of dimensions of every vector.
func (l *Lexicon) Dims() int { return l.dims }

// Vector is word's vector in search.AppendVector's encoding.
func (l *Lexicon) Vector(word string) (string, bool) {
	k, ok := l.ids[word]
	if !ok {
		return "", false
	}
	return l.vectors[k], true
}

// Forms are word's derivationally related forms ("react" → "reaction").
func (l *Lexicon) Forms(word string) []string {
	return strings.Fields(l.forms[word])
}

// Spellings are word's other spellings, British or American
// ("organisation" → "organization").
func (l *Lexicon) Spellings(word string) []string {
	return strings.Fields(l.spells[word])
}

// Near are the other words within search.NearCosine of word, in the
// vector table's order.
func (l *Lexicon) Near(word string) []string {
	k, ok := l.ids[word]
	if !ok {
		return nil
	}
	ids := l.near[l.nearAt[k]:l.nearAt[k+1]]
	if len(ids) == 0 {
		return nil
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = l.words[id]
	}
	return out
}

// Notice is the data sets' notices.
func (l *Lexicon) Notice() string { return Notice }
