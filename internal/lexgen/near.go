package main

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// nearWords reads the vectors file writeVectors wrote and lists which
// words lie within search.NearCosine of each other (search.NearWords,
// seconds for the whole vocabulary, so computed once for writeForms and
// writeNear), with the words in file order.
func nearWords(vectors string) (near map[string][]string, order []string, err error) {
	vecs, order, err := readVectors(vectors)
	if err != nil {
		return nil, nil, err
	}
	dims := 0
	if len(order) > 0 {
		dims = len(vecs[order[0]])
	}
	return search.NearWords(vecs, dims), order, nil
}

// writeNear writes near (see nearWords), so the generator keeps a
// server's general words by looking them up instead of comparing every
// pair of words for every API. Line k belongs to the k-th word of order
// (the vectors file's) and lists its neighbours that come later there,
// each as the base-36 distance from the one before (the first from word
// k itself): every pair once, in about a quarter of the bytes of listing
// the words.
func writeNear(near map[string][]string, order []string, out string) error {
	rank := make(map[string]int, len(order))
	for i, w := range order {
		rank[w] = i
	}
	o, err := os.Create(out)
	if err != nil {
		return err
	}
	zw := gzip.NewWriter(o)
	bw := bufio.NewWriter(zw)
	for i, w := range order {
		var later []int
		for _, n := range near[w] {
			if r := rank[n]; r > i {
				later = append(later, r)
			}
		}
		sort.Ints(later)
		prev := i
		for k, r := range later {
			if k > 0 {
				bw.WriteByte(' ')
			}
			bw.WriteString(strconv.FormatInt(int64(r-prev), 36))
			prev = r
		}
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return o.Close()
}

// readVectors reads the vectors file writeVectors wrote: each word's
// vector in search.AppendVector's encoding, and the words in file order.
func readVectors(vectors string) (map[string]string, []string, error) {
	f, err := os.Open(vectors)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, nil, err
	}
	vecs := map[string]string{}
	var order []string
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<16), 1<<16)
	for sc.Scan() {
		w, v, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			return nil, nil, fmt.Errorf("%s: line %q has no space", vectors, sc.Text())
		}
		vecs[w] = v
		order = append(order, w)
	}
	return vecs, order, sc.Err()
}
