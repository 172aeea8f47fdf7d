package search

import (
	"sort"
	"strings"
)

// Lexicon is general English word data that the generator derives a
// server's own word tables from (generator/index/lexicon holds it): word
// vectors for the semantic channel and WordNet's derivationally related
// forms. The server never sees it whole, only what its API needs, so the
// index asks it about the API's words one at a time.
type Lexicon interface {
	// Dims is the number of dimensions of every vector.
	Dims() int
	// Vector is word's vector in AppendVector's encoding, Dims characters.
	Vector(word string) (string, bool)
	// Forms are word's derivationally related forms ("react" → "reaction")
	// and, each after RelatedMark, the words near it in meaning ("~loan"
	// of "mortgage").
	Forms(word string) []string
	// Spellings are word's other spellings, British or American
	// ("organisation" → "organization").
	Spellings(word string) []string
	// Near are the other words within NearCosine of word (see NearWords).
	Near(word string) []string
	// Notice is the data sets' notices, which ship with every table
	// derived from them.
	Notice() string
}

// Bounds of the tables derived from a Lexicon.
const (
	// NearCosine is how close a general word must be to one of the API's
	// title words for the server to keep its vector (see Lexicon.Near):
	// words far from all of them could only ever pull the query's meaning
	// away from the API.
	NearCosine = 0.65
	// vectorFields weigh the words of a document's vector, like BM25F.
	maxDocVectorWords = 64
)

// SurfaceWords are the lowercase words of text as a query may write them:
// identifiers split, stop words and single letters dropped, not stemmed.
// The generator's lexicon is keyed by such words.
func SurfaceWords(text string) []string { return surfaceWords(text, nil) }

// surfaceWords appends SurfaceWords of text to dst.
func surfaceWords(text string, dst []string) []string {
	var a analyzer
	return a.surfaceWords(text, dst)
}

// surfaceWords is surfaceWords, memoized when a has a memo.
func (a *analyzer) surfaceWords(text string, dst []string) []string {
	a.words = appendWords(a.words[:0], text)
	for _, w := range a.words {
		parts, _ := a.split(w)
		for _, f := range parts {
			if len(f.lower) >= 2 && !f.stop {
				dst = append(dst, f.lower)
			}
		}
	}
	return dst
}

// lexTables are the word tables of one index.
type lexTables struct {
	dims    int
	vectors string // per document, dims characters
	words   string // lines "word vector", sorted
	forms   string // lines "term alternative…", sorted
}

// buildLexTables derives an index's word tables from lex: the forms of
// the API's words, the vectors of its words and of general words near
// them, and a vector per document (its title words' vectors, weighted by
// field and idf). df gives an index term's document frequency; a is the
// analyzer the index was built with.
func buildLexTables(a *analyzer, docs []Doc, texts [][numFields]string, df func(string) int, lex Lexicon) lexTables {
	if lex == nil || lex.Dims() <= 0 {
		return lexTables{}
	}
	api, titles := map[string]bool{}, map[string]bool{}
	// A text repeated across documents (a tag's description, a shared
	// body) adds no word the first time did not.
	type fieldText struct {
		text  string
		title bool
	}
	seen := map[fieldText]bool{}
	var buf []string
	for d := range texts {
		for f := range numFields {
			title := isTitleField(field(f))
			k := fieldText{texts[d][f], title}
			if seen[k] {
				continue
			}
			seen[k] = true
			buf = a.surfaceWords(texts[d][f], buf[:0])
			for _, w := range buf {
				api[w] = true
				if title {
					titles[w] = true
				}
			}
		}
	}
	t := lexTables{dims: lex.Dims()}
	t.forms = formsTable(a, api, lex, df)
	t.words = wordsTable(api, titles, lex)
	t.vectors = docVectors(a, texts, lex, df, len(docs))
	return t
}

// isTitleField reports the fields a document's vector is made of.
func isTitleField(f field) bool {
	return f == fieldSummary || f == fieldPath || f == fieldOperationID || f == fieldTag
}

// formsTable maps the term of each related form and other spelling of an
// API word to the API word's term, when they differ and the API word is
// indexed. A spelling's entry is marked with spellingMark: it is the same
// word, so the search weighs it as the word itself (see appendForms). A
// word near the API word only in meaning is marked with RelatedMark, and
// kept only when the API lacks it: a word the API has is what its author
// meant by it, and its synonyms would bring in their other senses (issue
// 11's seventeenth round).
func formsTable(an *analyzer, api map[string]bool, lex Lexicon, df func(string) int) string {
	alts := map[string]map[string]relationKind{} // form's term → API term → the closest relation
	add := func(f, ta string, kind relationKind) {
		tf, ok := f, true // a phrasal verb's key is looked up as written
		if !isPhraseKey(f) {
			tf, ok = an.normalize(f, false)
		}
		if !ok || tf == ta || (kind == relatedMeaning && df(tf) > 0) {
			return
		}
		if alts[tf] == nil {
			alts[tf] = map[string]relationKind{}
		}
		alts[tf][ta] = max(alts[tf][ta], kind)
	}
	for a := range api {
		ta, ok := an.normalize(a, false)
		if !ok || df(ta) == 0 {
			continue
		}
		for _, f := range lex.Forms(a) {
			if w, ok := strings.CutPrefix(f, RelatedMark); ok {
				add(w, ta, relatedMeaning)
			} else {
				add(f, ta, relatedForm)
			}
		}
		for _, f := range lex.Spellings(a) {
			add(f, ta, relatedSpelling)
		}
	}
	m := make(map[string]string, len(alts))
	for k, v := range alts {
		terms := make([]string, 0, len(v))
		for ta, kind := range v {
			switch kind {
			case relatedSpelling:
				ta = spellingMark + ta
			case relatedMeaning:
				ta = RelatedMark + ta
			}
			terms = append(terms, ta)
		}
		m[k] = strings.Join(sortedStrings(terms), " ")
	}
	return writeLines(m)
}

// spellingMark marks an API term in the forms table that is another
// spelling of the word, not a related form.
const spellingMark = "="

// RelatedMark starts a word of Lexicon.Forms, and an API term of the
// forms table, related to the word in meaning rather than derived from it
// ("~loan" of "mortgage").
const RelatedMark = "~"

// relationKind is how a forms table's word relates to an API word, the
// closer the greater.
type relationKind int

const (
	relatedMeaning  relationKind = iota // a synonym or hypernym ("mortgage" → loan)
	relatedForm                         // a derivation ("react" → reaction)
	relatedSpelling                     // another spelling ("colour" → color)
)

// wordsTable keeps the vectors of the API's words and of the general words
// near one of its title words (the words documents' vectors are made of),
// as lex.Near lists them.
func wordsTable(api, titles map[string]bool, lex Lexicon) string {
	keep := map[string]string{}
	for w := range api {
		if v, ok := lex.Vector(w); ok {
			keep[w] = v
		}
	}
	for w := range titles {
		if _, ok := lex.Vector(w); !ok {
			continue
		}
		for _, n := range lex.Near(w) {
			if v, ok := lex.Vector(n); ok {
				keep[n] = v
			}
		}
	}
	return writeLines(keep)
}

// NearWords lists, for every word of vectors (encoded as AppendVector
// writes, dims characters), the other words within NearCosine of it,
// sorted: what Lexicon.Near answers. It compares every pair, which takes
// seconds for a general vocabulary, so the generator's lexicon keeps the
// lists it computed once. The vectors' leading (principal) components
// carry most of their length: the dot product over them plus the
// Cauchy–Schwarz bound of the rest rules most pairs out before the rest
// is computed, and the result is exact.
func NearWords(vectors map[string]string, dims int) map[string][]string {
	type vec struct {
		w          string
		c          []int32
		norm, tail float64 // length, and length of the components after head
	}
	head := min(dims, vectorHead)
	all := make([]vec, 0, len(vectors))
	for w, enc := range vectors {
		if len(enc) != dims {
			continue
		}
		c := appendComponents(nil, enc)
		all = append(all, vec{w, c, partNorm(c), partNorm(c[head:])})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].w < all[j].w })
	near := map[string][]string{}
	for i := range all {
		a := &all[i]
		for j := i + 1; j < len(all); j++ {
			b := &all[j]
			need := NearCosine * a.norm * b.norm
			var dot int32
			for k, x := range a.c[:head] {
				dot += x * b.c[k]
			}
			if float64(dot)+a.tail*b.tail < need {
				continue
			}
			for k := head; k < dims; k++ {
				dot += a.c[k] * b.c[k]
			}
			if need > 0 && float64(dot) >= need {
				near[a.w] = append(near[a.w], b.w)
				near[b.w] = append(near[b.w], a.w)
			}
		}
	}
	for w := range near {
		sort.Strings(near[w])
	}
	return near
}

// appendComponents appends the integer components of an encoded vector.
func appendComponents(dst []int32, enc string) []int32 {
	for i := 0; i < len(enc); i++ {
		dst = append(dst, int32(enc[i])-vectorZero)
	}
	return dst
}

// vectorHead is how many leading components NearWords compares first.
const vectorHead = 12

// partNorm is the length of some integer components.
func partNorm(c []int32) float64 {
	n := 0.0
	for _, x := range c {
		n += float64(x) * float64(x)
	}
	return sqrt(n)
}

// docVectors is each document's vector: the mean of its title words'
// vectors, each weighted by its field's weight and its term's idf.
func docVectors(a *analyzer, texts [][numFields]string, lex Lexicon, df func(string) int, docs int) string {
	dims := lex.Dims()
	out := make([]byte, 0, docs*dims)
	acc := make([]float32, dims)
	v := make([]float64, dims)
	var buf []string
	for d := range texts {
		clear(acc)
		n := 0
		for _, f := range []field{fieldSummary, fieldPath, fieldOperationID, fieldTag} {
			buf = a.surfaceWords(texts[d][f], buf[:0])
			for _, w := range buf {
				v, ok := lex.Vector(w)
				if !ok || n == maxDocVectorWords {
					continue
				}
				t, _ := a.normalize(w, false)
				wt := fieldWeight(f) * idf(docs, df(t))
				addVector(acc, v, float32(wt)/float32(vectorNorm(v)))
				n++
			}
		}
		for i, x := range acc {
			v[i] = float64(x)
		}
		out = AppendVector(out, v)
	}
	return string(out)
}

// vectorNorm is the length of an encoded vector (1 for a zero one).
func vectorNorm(enc string) float64 {
	n := 0.0
	for i := 0; i < len(enc); i++ {
		x := float64(int(enc[i]) - vectorZero)
		n += x * x
	}
	if n == 0 {
		return 1
	}
	return sqrt(n)
}
