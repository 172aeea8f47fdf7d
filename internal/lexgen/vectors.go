package main

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// Defaults: 20,000 words of 48 dimensions at six bits each make a table of
// about 1.1 MB, which the generator restricts further for each API.
const (
	defaultWords = 20000
	defaultDims  = 48
	// knownWords is how many of the most frequent words count as English
	// words for the forms table.
	knownWords = 100000
)

// writeVectors reads the wink JSON (words in GloVe's frequency order,
// then a map from word to 100 values, its norm and its index), keeps the
// n most frequent plain words the analyzer indexes, takes their vectors
// from GloVe or, with embed, from embed's table of them, reduces them to
// dims dimensions by principal components and writes one line per word,
// most frequent first: the word, a space and dims characters (see
// search.AppendVector). It returns the rank of the knownWords most
// frequent plain words.
func writeVectors(in, out string, n, dims int, embed func([]string) (map[string][]float64, error), mix bool) (map[string]int, error) {
	known, keep, vecs, err := readGlove(in, n)
	if err != nil {
		return nil, err
	}
	var names []string
	var reduced [][]float64
	switch {
	case embed == nil:
		names, reduced = reduce(keep, dims, vecs)
	default:
		other, err := embed(keep)
		if err != nil {
			return nil, err
		}
		if !mix {
			names, reduced = reduce(keep, dims, other)
			break
		}
		names, reduced = reduce(keep, dims/2, vecs, other)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no vectors read", in)
	}
	o, err := os.Create(out)
	if err != nil {
		return nil, err
	}
	zw := gzip.NewWriter(o)
	bw := bufio.NewWriter(zw)
	for i, w := range names {
		line := append([]byte(w+" "), search.AppendVector(nil, reduced[i])...)
		bw.Write(append(line, '\n'))
	}
	if err := bw.Flush(); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return known, o.Close()
}

// readGlove reads the wink JSON: the rank of the knownWords most frequent
// plain words, the n most frequent the analyzer indexes (most frequent
// first) and their GloVe vectors.
func readGlove(in string, n int) (map[string]int, []string, map[string][]float64, error) {
	f, err := os.Open(in)
	if err != nil {
		return nil, nil, nil, err
	}
	defer f.Close()
	dec := json.NewDecoder(bufio.NewReaderSize(f, 1<<20))
	if _, err := dec.Token(); err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w", in, err)
	}
	known := map[string]int{}
	var keep []string
	rank := map[string]int{}
	vecs := map[string][]float64{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %w", in, err)
		}
		switch t {
		case "words":
			var words []string
			if err := dec.Decode(&words); err != nil {
				return nil, nil, nil, fmt.Errorf("%s: words: %w", in, err)
			}
			for _, w := range words {
				if !plainWord(w) {
					continue
				}
				if len(known) < knownWords {
					known[w] = len(known)
				}
				if len(keep) < n && len(search.Analyze(w)) > 0 {
					rank[w] = len(keep)
					keep = append(keep, w)
				}
			}
		case "vectors":
			if _, err := dec.Token(); err != nil {
				return nil, nil, nil, err
			}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, nil, nil, err
				}
				var v []float64
				if err := dec.Decode(&v); err != nil {
					return nil, nil, nil, fmt.Errorf("%s: vector of %v: %w", in, k, err)
				}
				w, _ := k.(string)
				if _, ok := rank[w]; ok {
					if len(v) < 100 {
						return nil, nil, nil, fmt.Errorf("%s: vector of %q has %d values", in, w, len(v))
					}
					vecs[w] = v[:100]
				}
			}
			if _, err := dec.Token(); err != nil {
				return nil, nil, nil, err
			}
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, nil, nil, err
			}
		}
	}
	return known, keep, vecs, nil
}

// reduce keeps the words that every table has a vector of, reduces each
// table's vectors to dims dimensions by principal components and joins
// them, each part scaled to unit length, so that a cosine over the joined
// vectors is the mean of the tables' cosines.
func reduce(words []string, dims int, tables ...map[string][]float64) ([]string, [][]float64) {
	var names []string
	rows := make([][][]float64, len(tables))
	for _, w := range words {
		ok := true
		for _, t := range tables {
			_, has := t[w]
			ok = ok && has
		}
		if !ok {
			continue
		}
		names = append(names, w)
		for i, t := range tables {
			rows[i] = append(rows[i], t[w])
		}
	}
	if len(names) == 0 {
		return nil, nil
	}
	if len(tables) == 1 {
		return names, principalComponents(rows[0], dims)
	}
	out := make([][]float64, len(names))
	for _, r := range rows {
		for k, p := range principalComponents(r, dims) {
			n := 0.0
			for _, x := range p {
				n += x * x
			}
			if n > 0 {
				n = math.Sqrt(n)
				for j := range p {
					p[j] /= n
				}
			}
			out[k] = append(out[k], p...)
		}
	}
	return names, out
}

// plainWord reports lowercase ASCII words of two letters or more.
func plainWord(w string) bool {
	if len(w) < 2 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// principalComponents centres rows and projects them on their dims
// principal components (largest variance first).
func principalComponents(rows [][]float64, dims int) [][]float64 {
	d := len(rows[0])
	mean := make([]float64, d)
	for _, r := range rows {
		for j, x := range r {
			mean[j] += x / float64(len(rows))
		}
	}
	cov := make([][]float64, d)
	for i := range cov {
		cov[i] = make([]float64, d)
	}
	c := make([]float64, d)
	for _, r := range rows {
		for j := range r {
			c[j] = r[j] - mean[j]
		}
		for i := 0; i < d; i++ {
			for j := i; j < d; j++ {
				cov[i][j] += c[i] * c[j]
			}
		}
	}
	for i := 0; i < d; i++ {
		for j := 0; j < i; j++ {
			cov[i][j] = cov[j][i]
		}
	}
	vals, vecs := jacobiEigen(cov)
	order := make([]int, d)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return vals[order[a]] > vals[order[b]] })
	out := make([][]float64, len(rows))
	for k, r := range rows {
		p := make([]float64, dims)
		for q := 0; q < dims && q < d; q++ {
			col := order[q]
			s := 0.0
			for j := range r {
				s += (r[j] - mean[j]) * vecs[j][col]
			}
			p[q] = s
		}
		out[k] = p
	}
	return out
}

// jacobiEigen diagonalizes the symmetric matrix a (destroyed) by cyclic
// Jacobi rotations; it returns the eigenvalues and the eigenvectors as
// the columns of a matrix. Hand-written: the module has no linear algebra
// library, and this runs once, at development time, on a 100×100 matrix.
func jacobiEigen(a [][]float64) ([]float64, [][]float64) {
	n := len(a)
	v := make([][]float64, n)
	for i := range v {
		v[i] = make([]float64, n)
		v[i][i] = 1
	}
	for sweep := 0; sweep < 100; sweep++ {
		off := 0.0
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				off += a[i][j] * a[i][j]
			}
		}
		if off < 1e-18 {
			break
		}
		for p := 0; p < n; p++ {
			for q := p + 1; q < n; q++ {
				if math.Abs(a[p][q]) < 1e-300 {
					continue
				}
				theta := (a[q][q] - a[p][p]) / (2 * a[p][q])
				t := 1 / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				if theta < 0 {
					t = -t
				}
				c := 1 / math.Sqrt(t*t+1)
				s := t * c
				for k := 0; k < n; k++ {
					akp, akq := a[k][p], a[k][q]
					a[k][p] = c*akp - s*akq
					a[k][q] = s*akp + c*akq
				}
				for k := 0; k < n; k++ {
					apk, aqk := a[p][k], a[q][k]
					a[p][k] = c*apk - s*aqk
					a[q][k] = s*apk + c*aqk
				}
				for k := 0; k < n; k++ {
					vkp, vkq := v[k][p], v[k][q]
					v[k][p] = c*vkp - s*vkq
					v[k][q] = s*vkp + c*vkq
				}
			}
		}
	}
	vals := make([]float64, n)
	for i := range vals {
		vals[i] = a[i][i]
	}
	return vals, v
}
