package search

import (
	"strings"
)

// Lexicon is general English word data that the generator derives a
// server's own word tables from (generator/index/lexicon holds it): word
// vectors for the semantic channel and WordNet's derivationally related
// forms. The server never sees it whole, only what its API needs.
type Lexicon struct {
	Dims    int
	Vectors map[string]string   // word → vector in AppendVector's encoding, Dims characters
	Forms   map[string][]string // word → its derivationally related forms ("react" → "reaction")
	Notice  string              // the data sets' notices, which ship with every table derived from them
}

// Bounds of the tables derived from a Lexicon.
const (
	// nearCosine is how close a general word must be to one of the API's
	// words for the server to keep its vector: words far from all of them
	// could only ever pull the query's meaning away from the API.
	nearCosine = 0.65
	// vectorFields weigh the words of a document's vector, like BM25F.
	maxDocVectorWords = 64
)

// surfaceWords are the lowercase words of text as a query may write them:
// identifiers split, stop words and single letters dropped, not stemmed.
func surfaceWords(text string, dst []string) []string {
	for _, w := range words(text) {
		for _, p := range splitIdentifier(w) {
			p = strings.ToLower(p)
			if len(p) >= 2 && !isStopWord(p) {
				dst = append(dst, p)
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
// field and idf). df gives an index term's document frequency.
func buildLexTables(docs []Doc, texts [][numFields]string, df func(string) int, lex *Lexicon) lexTables {
	if lex == nil || lex.Dims <= 0 {
		return lexTables{}
	}
	api := map[string]bool{}
	var buf []string
	for d := range texts {
		for f := range numFields {
			buf = surfaceWords(texts[d][f], buf[:0])
			for _, w := range buf {
				api[w] = true
			}
		}
	}
	t := lexTables{dims: lex.Dims}
	t.forms = formsTable(api, lex, df)
	t.words = wordsTable(api, lex)
	t.vectors = docVectors(texts, lex, df, len(docs))
	return t
}

// formsTable maps the term of each related form of an API word to the
// API word's term, when they differ and the API word is indexed.
func formsTable(api map[string]bool, lex *Lexicon, df func(string) int) string {
	alts := map[string][]string{}
	for a := range api {
		ta, ok := normalize(a, false)
		if !ok || df(ta) == 0 {
			continue
		}
		for _, f := range lex.Forms[a] {
			tf, ok := normalize(f, false)
			if !ok || tf == ta || containsString(alts[tf], ta) {
				continue
			}
			alts[tf] = append(alts[tf], ta)
		}
	}
	m := make(map[string]string, len(alts))
	for k, v := range alts {
		m[k] = strings.Join(sortedStrings(v), " ")
	}
	return writeLines(m)
}

// wordsTable keeps the vectors of the API's words and of the general words
// within nearCosine of one of them.
func wordsTable(api map[string]bool, lex *Lexicon) string {
	var anchors [][]float32
	keep := map[string]string{}
	for w := range api {
		if v, ok := lex.Vectors[w]; ok {
			keep[w] = v
			anchors = append(anchors, unitVector(v, lex.Dims))
		}
	}
	for w, v := range lex.Vectors {
		if _, ok := keep[w]; ok {
			continue
		}
		u := unitVector(v, lex.Dims)
		for _, a := range anchors {
			var dot float32
			for i := range u {
				dot += u[i] * a[i]
			}
			if dot >= nearCosine {
				keep[w] = v
				break
			}
		}
	}
	return writeLines(keep)
}

// docVectors is each document's vector: the mean of its title words'
// vectors, each weighted by its field's weight and its term's idf.
func docVectors(texts [][numFields]string, lex *Lexicon, df func(string) int, docs int) string {
	out := make([]byte, 0, docs*lex.Dims)
	acc := make([]float32, lex.Dims)
	var buf []string
	for d := range texts {
		clear(acc)
		n := 0
		for _, f := range []field{fieldSummary, fieldPath, fieldOperationID, fieldTag} {
			buf = surfaceWords(texts[d][f], buf[:0])
			for _, w := range buf {
				v, ok := lex.Vectors[w]
				if !ok || n == maxDocVectorWords {
					continue
				}
				t, _ := normalize(w, false)
				wt := fieldWeight(f) * idf(docs, df(t))
				addVector(acc, v, float32(wt)/float32(vectorNorm(v)))
				n++
			}
		}
		v := make([]float64, lex.Dims)
		for i, x := range acc {
			v[i] = float64(x)
		}
		out = AppendVector(out, v)
	}
	return string(out)
}

// unitVector decodes an encoded vector to unit length.
func unitVector(enc string, dims int) []float32 {
	v := make([]float32, dims)
	addVector(v, enc, 1)
	normalizeVector(v)
	return v
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

func containsString(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
