package search

import (
	"bytes"
	"sync"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// reader reads a catalog.Index in place. Opening it checks sizes and reads
// the few numbers of Meta; nothing else is decoded until a query needs it.
type reader struct {
	ix      catalog.Index
	nTerms  int
	nBlocks int
	// normFactor[f][q] is BM25's 1 / (1 - b + b·len/avg) for quantized length q.
	normFactor [numFields][64]float32
	// lens[q] is the field length quantized length q stands for.
	lens [64]float64
	// The word tables (see Lexicon); dims is 0 without them.
	dims  int
	words lineTable
	forms lineTable
	// spelled holds the dictionary's text keys for spellingStems, built at
	// the first query that needs it.
	spelled func() termFilter
	// bases are the catalog's server URL paths (see basePaths).
	bases []string
	// queryPaths reports hasQueryPaths, found at the first request with
	// a query string.
	queryPaths func() bool
}

// openReader checks ix and prepares reading it; ok is false when ix is not
// an index of this format for cat's endpoints.
func openReader(ix catalog.Index, cat *catalog.Catalog) (*reader, bool) {
	docs := cat.Len()
	if ix.Format != FormatVersion || ix.Docs != docs {
		return nil, false
	}
	c := cursor{s: ix.Meta}
	r := &reader{ix: ix, nTerms: c.uvarint()}
	if c.uvarint() != int(numFields) {
		return nil, false
	}
	lens := dequantizedLens()
	r.lens = lens
	for f := range numFields {
		avg := float64(c.uvarint()) / 64
		b := fieldB(f)
		for q := range 64 {
			n := 1.0
			if avg > 0 {
				n = 1 - b + b*lens[q]/avg
			}
			r.normFactor[f][q] = float32(1 / n)
		}
	}
	r.nBlocks = (r.nTerms + blockSize - 1) / blockSize
	if c.bad || c.i != len(ix.Meta) || len(ix.Blocks) != r.nBlocks*3*offsetWidth ||
		len(ix.Norms) != docs*int(numFields) {
		return nil, false
	}
	if ix.Dims > 0 && ix.Dims <= maxDims && len(ix.Vectors) == ix.Dims*docs {
		r.dims = ix.Dims
		r.words = lineTable(ix.Words)
	}
	r.forms = lineTable(ix.Forms)
	r.spelled = sync.OnceValue(func() termFilter { return newTermFilter(r) })
	r.queryPaths = sync.OnceValue(func() bool { return hasQueryPaths(r) })
	r.bases = basePaths(cat)
	return r, true
}

// termInfo locates one term's postings and positions.
type termInfo struct {
	key     string
	df      int
	post    int // offset in Postings
	postEnd int
	pos     int // offset in Positions
	posEnd  int
}

// dictIter walks the dictionary in key order.
type dictIter struct {
	r     *reader
	c     cursor
	n     int // index of the next term
	key   []byte
	post  int
	pos   int
	info  termInfo
	ended bool
}

// iterAt starts a walk at block b.
func (r *reader) iterAt(b int) dictIter {
	it := dictIter{r: r, n: b * blockSize}
	if b < 0 || b >= r.nBlocks {
		it.ended = true
		return it
	}
	d, ok1 := readFixed(r.ix.Blocks, b*3*offsetWidth, offsetWidth)
	p, ok2 := readFixed(r.ix.Blocks, b*3*offsetWidth+offsetWidth, offsetWidth)
	q, ok3 := readFixed(r.ix.Blocks, b*3*offsetWidth+2*offsetWidth, offsetWidth)
	if !ok1 || !ok2 || !ok3 || d > len(r.ix.Dict) {
		it.ended = true
		return it
	}
	it.c = cursor{s: r.ix.Dict, i: d}
	it.post, it.pos = p, q
	return it
}

// next moves to the next term; false at the end or on corrupt data.
func (it *dictIter) next() bool {
	if it.ended || it.n >= it.r.nTerms {
		it.ended = true
		return false
	}
	shared := it.c.uvarint()
	n := it.c.uvarint()
	if shared > len(it.key) {
		it.c.bad = true
	}
	suffix := it.c.bytes(n)
	df := it.c.uvarint()
	pl := it.c.uvarint()
	ql := it.c.uvarint()
	if it.c.bad || it.post+pl > len(it.r.ix.Postings) || it.pos+ql > len(it.r.ix.Positions) {
		it.ended = true
		return false
	}
	it.key = append(it.key[:shared], suffix...)
	it.info = termInfo{df: df, post: it.post, postEnd: it.post + pl, pos: it.pos, posEnd: it.pos + ql}
	it.post += pl
	it.pos += ql
	it.n++
	return true
}

// term is the current term with its key. Walks read keys as bytes (it.key,
// valid until next) and make a string only of the terms they keep: a
// pattern's walk may visit every path of an API.
func (it *dictIter) term() termInfo {
	t := it.info
	t.key = string(it.key)
	return t
}

// blockKey is the first key of block b ("" when unreadable).
func (r *reader) blockKey(b int) string {
	it := r.iterAt(b)
	if !it.next() {
		return ""
	}
	return string(it.key)
}

// seek starts a walk at the block that holds the first key ≥ key.
func (r *reader) seek(key string) dictIter {
	lo, hi := 0, r.nBlocks-1
	for lo < hi { // last block whose first key ≤ key
		mid := (lo + hi + 1) / 2
		if r.blockKey(mid) <= key {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return r.iterAt(lo)
}

// lookup finds one term.
func (r *reader) lookup(key string) (termInfo, bool) {
	it := r.seek(key)
	kb := []byte(key)
	for it.next() {
		switch bytes.Compare(it.key, kb) {
		case 0:
			return it.term(), true
		case 1:
			return termInfo{}, false
		}
	}
	return termInfo{}, false
}

// scanPrefix calls fn for every term whose key starts with prefix and
// that keep accepts, in key order, visiting at most limit
// terms; it reports whether the walk was cut short. keep sees the key's
// bytes, valid only during the call.
func (r *reader) scanPrefix(prefix string, limit int, keep func(key []byte) bool, fn func(termInfo) bool) (cut bool) {
	it := r.seek(prefix)
	p := []byte(prefix)
	seen := 0
	for it.next() {
		k := it.key
		if bytes.Compare(k, p) < 0 {
			continue
		}
		if !bytes.HasPrefix(k, p) {
			return false
		}
		if seen++; seen > limit {
			return true
		}
		if !keep(k) {
			continue
		}
		if !fn(it.term()) {
			return false
		}
	}
	return false
}

// norm is the quantized length of field f of document d.
func (r *reader) norm(d int, f field) int {
	i := d*int(numFields) + int(f)
	if i < 0 || i >= len(r.ix.Norms) {
		return 0
	}
	q := int(r.ix.Norms[i]) - digitBase
	if q < 0 || q >= 64 {
		return 0
	}
	return q
}

// posting is one document of a term's postings.
type posting struct {
	doc  int
	mask uint
	tf   [numFields]int
}

// postingIter walks one term's postings.
type postingIter struct {
	c       cursor
	end     int
	doc     int
	keyword bool
	docs    int
}

func (r *reader) postings(t termInfo) postingIter {
	return postingIter{
		c: cursor{s: r.ix.Postings[:t.postEnd], i: t.post}, end: t.postEnd, doc: -1,
		keyword: isKeywordKey(t.key), docs: r.ix.Docs,
	}
}

// next reads the next posting into p; false at the end or on corrupt data.
func (it *postingIter) next(p *posting) bool {
	if it.c.i >= it.end || it.c.bad {
		return false
	}
	delta := it.c.uvarint()
	if delta == 0 { // never written: documents ascend strictly
		it.c.bad = true
	}
	it.doc += delta
	p.doc = it.doc
	p.mask = 0
	if !it.keyword {
		p.mask = uint(it.c.uvarint()) & (1<<numFields - 1)
		for f := range numFields {
			p.tf[f] = 0
			if p.mask&(1<<f) != 0 {
				p.tf[f] = it.c.uvarint()
				if p.tf[f] > maxFieldTokens { // never written: corrupt data
					it.c.bad = true
				}
			}
		}
	}
	return !it.c.bad && it.doc < it.docs
}
