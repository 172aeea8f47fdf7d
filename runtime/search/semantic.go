package search

// The semantic channel: a query's words and each endpoint's title words
// as mean word vectors (see Lexicon), their cosine mixed into the score.
// It ranks an endpoint whose words mean what the query says, when they
// are not the same words, a little higher, and lets a query that shares
// no word with the right endpoint still find it.
const (
	// weightSemantic is the cosine's share of a score normalized to the
	// best lexical match's.
	weightSemantic = 0.2
	// minSemantic is the cosine an endpoint no query word matched needs to
	// be a result at all.
	minSemantic = 0.5
	// maxSemanticScan is the most documents whose vectors a query scans:
	// above it only the lexical matches are re-ranked.
	maxSemanticScan = 20000
)

// queryVector is the unit mean vector of the plain words of clauses, each
// weighted by its term's idf (words the API lacks weigh as its rarest);
// nil when no word has a vector.
func queryVector(r *reader, clauses []clause) []float32 {
	if r.dims == 0 {
		return nil
	}
	acc := make([]float32, r.dims)
	found := false
	var buf []string
	for _, c := range clauses {
		if !plainWord(c) {
			continue
		}
		buf = surfaceWords(c.value, buf[:0])
		for _, w := range buf {
			v, ok := r.words.find(w)
			if !ok || len(v) != r.dims {
				continue
			}
			df := 1
			if t, ok := normalize(w, false); ok {
				if info, ok := r.lookup(t); ok {
					df = info.df
				}
			}
			addVector(acc, v, float32(idf(r.ix.Docs, df)/vectorNorm(v)))
			found = true
		}
	}
	if !found || !normalizeVector(acc) {
		return nil
	}
	return acc
}

// docCosine is the cosine of the query vector q and document d's vector.
func (r *reader) docCosine(q []float32, d int32) float32 {
	i := int(d) * r.dims
	if i < 0 || i+r.dims > len(r.ix.Vectors) {
		return 0
	}
	return cosine(q, r.ix.Vectors[i:i+r.dims])
}
