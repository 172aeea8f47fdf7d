package catalog

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
)

// The data file format: what a generated server embeds (go:embed) instead
// of Go literals of its tables. Strings are length-prefixed and every other
// value is a varint, in the order of the Go types' fields. Decode returns
// strings that are substrings of the data itself, so opening a catalog
// copies no text, and it decodes an endpoint only when one is asked for
// (Catalog.Endpoint). The JSON documents (endpoints' input schemas and
// operations, component schemas) sit in zstd-compressed blocks that
// inflate on first use (see Doc).
//
// Format 5 is laid out as: the blocks; the specs, with their component
// schemas as places in the blocks; the collections and tags, and the
// checksum of the specs, collections and tags; the endpoints' records back
// to back (see record.go) with a table of the endpoints in id order and
// the endpoint tables (tables.go); the search index. Format 4 is the same
// with each record's tail in the record, format 3 without the checksum and
// the endpoint tables too.
//
// It is written by hand, not with encoding/gob or JSON: those decode (and
// copy) every byte at start-up, which for a 100,000-endpoint catalog of
// hundreds of megabytes is seconds; flatbuffers-style libraries need a
// schema compiler in the build. A format change gets a new DataFormat and
// a new runtime.SupportPackageIsVersion marker.
const (
	dataMagic = "swag2mcp catalog\n"
	// DataFormat is the layout version Encode writes. Decode also reads
	// formats 1 to 4 (legacy.go).
	DataFormat = 5
)

// Encode writes cat and its search index as a data file for Decode. A
// decoded catalog with a corrupt record is an error.
func Encode(cat *Catalog, idx *Index) ([]byte, error) {
	return encodeFormat(cat, idx, DataFormat)
}

// encodeFormat writes cat in format 3, 4 or 5 (3 and 4 for tests of
// Decode's older formats).
func encodeFormat(cat *Catalog, idx *Index, format int) ([]byte, error) {
	eps, err := cat.all()
	if err != nil {
		return nil, err
	}
	var p packer
	docs := make([][2]docRef, len(eps))
	for i := range eps {
		e := &eps[i]
		docs[i] = [2]docRef{p.add(e.InputSchema.String()), p.add(e.Operation.String())}
	}
	p.flush() // component schemas start a block: they are read apart from the endpoints'
	defs := make([][]docRef, len(cat.Specs))
	for i := range cat.Specs {
		for _, d := range cat.Specs[i].Defs {
			defs[i] = append(defs[i], p.add(d.Schema.String()))
		}
	}
	p.flush()
	p.limit = descBlockSize
	descs := make([]docRef, len(eps))
	for i := range eps {
		descs[i] = p.add(eps[i].Description.String())
	}
	tails := packTails(&p, eps, docs, format)
	frames, sizes, err := p.frames()
	if err != nil {
		return nil, err
	}
	total := 0
	for _, f := range frames {
		total += len(f)
	}
	if total > math.MaxUint32 {
		return nil, fmt.Errorf("catalog data: %d bytes of compressed documents; the data format holds 4 GiB", total)
	}
	w := &writer{}
	w.buf = append(w.buf, dataMagic...)
	w.uint(uint64(format))
	if format >= tablesFormat {
		w.blockTable(frames, sizes)
	} else {
		w.uint(uint64(len(frames)))
		for i, f := range frames {
			w.int(sizes[i])
			w.str(f)
		}
	}
	head := len(w.buf)
	w.uint(uint64(len(cat.Specs)))
	for i := range cat.Specs {
		w.spec(&cat.Specs[i], defs[i])
	}
	w.groups(cat)
	if format >= tablesFormat {
		w.buf = binary.LittleEndian.AppendUint32(w.buf, checksum(string(w.buf[head:])))
	}
	w.uint(uint64(len(eps)))
	recs := &writer{}
	starts := make([]int, len(eps)+1)
	for i := range eps {
		starts[i] = len(recs.buf)
		recs.recordHead(&eps[i], descs[i], format)
		if tails != nil {
			recs.docRef(tails[i])
		} else {
			recs.recordTail(&eps[i], docs[i])
		}
	}
	starts[len(eps)] = len(recs.buf)
	if len(recs.buf) > math.MaxUint32 {
		return nil, fmt.Errorf("catalog data: %d bytes of endpoint records; the data format holds 4 GiB", len(recs.buf))
	}
	w.str(string(recs.buf))
	w.str(string(idOrder(eps)))
	if format >= tablesFormat {
		w.tables(tablesOf(eps, recs.buf, starts), format)
	}
	if idx == nil {
		idx = &Index{}
	}
	w.int(idx.Format)
	w.int(idx.Docs)
	for _, s := range []string{idx.Meta, idx.Blocks, idx.Dict, idx.Postings, idx.Positions, idx.Norms} {
		w.str(s)
	}
	w.int(idx.Dims)
	for _, s := range []string{idx.Vectors, idx.Words, idx.Forms, idx.Notice} {
		w.str(s)
	}
	return w.buf, nil
}

// packTails places the records' tails in blocks of their own (format 5);
// nil for older formats, whose records hold them.
func packTails(p *packer, eps []Endpoint, docs [][2]docRef, format int) []docRef {
	if format < tailFormat {
		return nil
	}
	p.flush()
	p.limit = tailBlockSize
	tails := make([]docRef, len(eps))
	w := &writer{}
	for i := range eps {
		w.buf = w.buf[:0]
		w.packedTail(&eps[i], docs[i])
		tails[i] = p.add(string(w.buf))
	}
	return tails
}

// idOrder is the endpoints' indexes sorted by IDKey (equal keys in
// catalog order), 4 bytes each, for Catalog.Find.
func idOrder(eps []Endpoint) []byte {
	order := make([]int, len(eps))
	keys := make([]string, len(eps))
	for i := range eps {
		order[i], keys[i] = i, IDKey(eps[i].ID)
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(keys[a], keys[b]) })
	out := make([]byte, 0, 4*len(eps))
	for _, i := range order {
		out = binary.LittleEndian.AppendUint32(out, uint32(i))
	}
	return out
}

// writer appends values to buf.
type writer struct{ buf []byte }

func (w *writer) uint(v uint64) { w.buf = binary.AppendUvarint(w.buf, v) }
func (w *writer) int(v int)     { w.buf = binary.AppendVarint(w.buf, int64(v)) }
func (w *writer) bool(v bool) {
	if v {
		w.buf = append(w.buf, 1)
	} else {
		w.buf = append(w.buf, 0)
	}
}
func (w *writer) str(s string) {
	w.uint(uint64(len(s)))
	w.buf = append(w.buf, s...)
}
func (w *writer) strs(ss []string) {
	w.uint(uint64(len(ss)))
	for _, s := range ss {
		w.str(s)
	}
}
func (w *writer) ints(vs []int) {
	w.uint(uint64(len(vs)))
	for _, v := range vs {
		w.int(v)
	}
}

func (w *writer) spec(s *Spec, defs []docRef) {
	for _, v := range []string{s.ID, s.Domain, s.EnvPrefix, s.Title, s.Version, s.BaseURL} {
		w.str(v)
	}
	w.uint(uint64(len(s.Security)))
	for _, sec := range s.Security {
		for _, v := range []string{sec.Name, sec.Type, sec.In, sec.ParamName, sec.Scheme, sec.BearerFormat, sec.TokenURL} {
			w.str(v)
		}
		w.strs(sec.Scopes)
		w.strs(sec.Flows)
		w.str(sec.OpenIDURL)
		w.strs(sec.EnvVars)
	}
	w.uint(uint64(len(s.Defs)))
	for i, d := range s.Defs {
		w.str(d.Name)
		w.docRef(defs[i])
	}
}

// groups writes the collections and tags.
func (w *writer) groups(cat *Catalog) {
	w.uint(uint64(len(cat.Collections)))
	for _, c := range cat.Collections {
		w.str(c.ID)
		w.str(c.Title)
		w.int(c.Spec)
	}
	w.uint(uint64(len(cat.Tags)))
	for _, t := range cat.Tags {
		w.str(t.ID)
		w.str(t.Name)
		w.str(t.Description)
		w.int(t.Collection)
	}
}

func (w *writer) docRef(d docRef) {
	w.int(d.block)
	w.int(d.off)
	w.int(d.n)
}
