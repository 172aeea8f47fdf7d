package search

import (
	"math"
	"sort"
	"strings"
)

// Word vectors are stored six bits a dimension, one index character each:
// a vector is scaled so that its largest component is ±31 and each
// component written as digitBase+32+q. Cosines ignore the scale, so it is
// not stored.
const (
	vectorZero = digitBase + 32
	maxDims    = 256
)

// AppendVector appends v in the index's vector encoding.
func AppendVector(dst []byte, v []float64) []byte {
	m := 0.0
	for _, x := range v {
		m = max(m, math.Abs(x))
	}
	for _, x := range v {
		q := 0
		if m > 0 {
			q = int(math.Round(x / m * 31))
		}
		dst = append(dst, byte(vectorZero+q))
	}
	return dst
}

// addVector adds w times the encoded vector enc to acc.
func addVector(acc []float32, enc string, w float32) {
	for i := 0; i < len(acc) && i < len(enc); i++ {
		acc[i] += w * float32(int(enc[i])-vectorZero)
	}
}

// cosine is the cosine of the unit vector q and the encoded vector enc.
func cosine(q []float32, enc string) float32 {
	var dot, n float32
	for i := 0; i < len(q) && i < len(enc); i++ {
		x := float32(int(enc[i]) - vectorZero)
		dot += q[i] * x
		n += x * x
	}
	if n == 0 {
		return 0
	}
	return dot / float32(math.Sqrt(float64(n)))
}

// normalize scales v to unit length; false when v is zero.
func normalizeVector(v []float32) bool {
	var n float32
	for _, x := range v {
		n += x * x
	}
	if n == 0 {
		return false
	}
	s := 1 / float32(math.Sqrt(float64(n)))
	for i := range v {
		v[i] *= s
	}
	return true
}

// lineTable is a sorted list of lines "key rest" read in place: a lookup
// is a binary search over byte offsets that snaps to line starts, so
// opening it decodes nothing.
type lineTable string

// find returns the rest of the line whose key is key.
func (t lineTable) find(key string) (string, bool) {
	lo, hi := 0, len(t)
	for lo < hi {
		mid := lo + (hi-lo)/2
		start := strings.LastIndexByte(string(t[:mid]), '\n') + 1
		end := strings.IndexByte(string(t[start:]), '\n')
		if end < 0 {
			end = len(t) - start
		}
		line := string(t[start : start+end])
		k, rest, _ := strings.Cut(line, " ")
		switch {
		case k == key:
			return rest, true
		case k < key:
			lo = start + end + 1
		default:
			hi = start
		}
	}
	return "", false
}

// each calls fn for every line's key and rest, in order.
func (t lineTable) each(fn func(key, rest string)) {
	s := string(t)
	for s != "" {
		line, more, _ := strings.Cut(s, "\n")
		k, rest, _ := strings.Cut(line, " ")
		fn(k, rest)
		s = more
	}
}

// writeLines joins sorted "key rest" lines.
func writeLines(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k)
		b.WriteByte(' ')
		b.WriteString(m[k])
		b.WriteByte('\n')
	}
	return b.String()
}

func sqrt(x float64) float64 { return math.Sqrt(x) }

// sortedStrings sorts s in place and returns it.
func sortedStrings(s []string) []string {
	sort.Strings(s)
	return s
}
