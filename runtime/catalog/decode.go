package catalog

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"sync/atomic"
)

// Decode reads a data file written by Encode. The strings of the result
// are substrings of data, and the endpoints are decoded on first use
// (Catalog.Endpoint). Decode reads every record once to check it, so
// corrupt or truncated data is an error here, never a panic later.
func Decode(data string) (*Catalog, *Index, error) {
	r := &reader{data: data}
	if !strings.HasPrefix(data, dataMagic) {
		return nil, nil, errors.New("catalog data: not a swag2mcp data file")
	}
	r.pos = len(dataMagic)
	format := r.uint()
	if r.err == nil && (format < 1 || format > DataFormat) {
		return nil, nil, fmt.Errorf("catalog data: format %d, this runtime reads formats 1 to %d; "+
			"build the server with the runtime of the generator that wrote it", format, DataFormat)
	}
	var cat *Catalog
	var idx *Index
	if format < 3 {
		cat, idx = r.legacy(int(format))
	} else {
		cat, idx = r.catalog()
	}
	if r.err == nil && r.pos != len(data) {
		r.err = fmt.Errorf("%d bytes after the end", len(data)-r.pos)
	}
	if r.err != nil {
		return nil, nil, fmt.Errorf("catalog data: %w", r.err)
	}
	return cat, idx, nil
}

// catalog reads the tables of format 3 after the format number.
func (r *reader) catalog() (*Catalog, *Index) {
	store := newBlockStore()
	r.blocks(store)
	cat := &Catalog{}
	r.specs(cat, func(d *Def) {
		d.Name = r.str()
		ref := r.ref()
		r.checkRef(ref, store)
		d.Schema = Doc{store: store, ref: ref}
	})
	r.groups(cat)
	if r.err == nil {
		if err := cat.Check(); err != nil {
			r.err = err
		}
	}
	n := r.count()
	data := r.str()
	byID := r.str()
	if r.err == nil && (len(byID) != 4*n || len(data) > math.MaxUint32) {
		r.fail("endpoint tables of the wrong size")
	}
	if r.err != nil {
		return nil, nil
	}
	rs := &records{data: data, byID: byID, store: store, start: make([]uint32, n),
		tags: make([]int32, n), methods: make([]uint8, n), decoded: make([]atomic.Pointer[Endpoint], n)}
	rr := &reader{data: data}
	for i := range n {
		rs.start[i] = uint32(rr.pos)
		tag, method := rr.checkRecord(cat, store)
		rs.tags[i], rs.methods[i] = int32(tag), rs.methodCode(method)
		if rr.err != nil {
			r.err = fmt.Errorf("endpoint %d: %w", i, rr.err)
			return nil, nil
		}
	}
	if rr.pos != len(data) {
		r.fail("endpoint records longer than their endpoints")
	}
	for m := range n {
		if rs.sorted(m) >= n {
			r.fail("id table out of range")
			break
		}
	}
	cat.records = rs
	return cat, r.index(DataFormat)
}

// checkRecord reads one record without keeping it, as record does, and
// reports an index or a document place out of range. It returns the
// record's tag and method, which the catalog keeps in tables.
func (r *reader) checkRecord(cat *Catalog, store *blockStore) (tag int, method string) {
	_, _, tag, method, _ = r.head()
	r.str() // operationId
	switch r.byte() {
	case flatOp:
	case flatStr:
		r.str()
	default:
		r.fail("bad flat name kind")
	}
	r.str() // summary
	r.checkRef(r.ref(), store)
	r.bool()
	r.skipStrs() // tags
	r.str()      // base URL
	for range r.count() {
		for range 4 { // name, key, in, style
			r.str()
		}
		r.int()  // explode
		r.bool() // allowReserved
		r.str()  // collectionFormat
		r.bool() // required
	}
	if r.bool() {
		r.bool()
		r.skipStrs()
	}
	for range r.count() {
		for range r.count() {
			r.int()
			r.skipStrs()
		}
	}
	r.checkRef(r.ref(), store)
	r.checkRef(r.ref(), store)
	if r.err == nil && (tag < 0 || tag >= len(cat.Tags)) {
		r.fail(fmt.Sprintf("tag index %d out of range", tag))
	}
	if r.err != nil {
		return tag, method
	}
	defs := len(cat.Specs[cat.Collections[cat.Tags[tag].Collection].Spec].Defs)
	for range r.count() {
		if d := r.int(); r.err == nil && (d < 0 || d >= defs) {
			r.fail(fmt.Sprintf("def index %d out of range", d))
		}
	}
	return tag, method
}

// specs reads the specs, each component schema with def.
func (r *reader) specs(cat *Catalog, def func(*Def)) {
	cat.Specs = make([]Spec, r.count())
	for i := range cat.Specs {
		s := &cat.Specs[i]
		r.specHead(s)
		if n := r.count(); n > 0 {
			s.Defs = make([]Def, n)
			for i := range s.Defs {
				def(&s.Defs[i])
			}
		}
	}
}

// specHead reads a spec up to its component schemas.
func (r *reader) specHead(s *Spec) {
	s.ID, s.Domain, s.EnvPrefix, s.Title, s.Version, s.BaseURL = r.str(), r.str(), r.str(), r.str(), r.str(), r.str()
	if n := r.count(); n > 0 {
		s.Security = make([]SecurityScheme, n)
		for i := range s.Security {
			sec := &s.Security[i]
			sec.Name, sec.Type, sec.In, sec.ParamName = r.str(), r.str(), r.str(), r.str()
			sec.Scheme, sec.BearerFormat, sec.TokenURL = r.str(), r.str(), r.str()
			sec.Scopes, sec.Flows = r.strs(), r.strs()
			sec.OpenIDURL = r.str()
			sec.EnvVars = r.strs()
		}
	}
}

// groups reads the collections and tags.
func (r *reader) groups(cat *Catalog) {
	cat.Collections = make([]Collection, r.count())
	for i := range cat.Collections {
		c := &cat.Collections[i]
		c.ID, c.Title, c.Spec = r.str(), r.str(), r.int()
	}
	cat.Tags = make([]Tag, r.count())
	for i := range cat.Tags {
		t := &cat.Tags[i]
		t.ID, t.Name, t.Description, t.Collection = r.str(), r.str(), r.str(), r.int()
	}
}

// blocks reads the compressed blocks into store.
func (r *reader) blocks(store *blockStore) {
	n := r.count()
	store.blocks, store.sizes = make([]string, n), make([]int, n)
	for i := range n {
		store.sizes[i] = r.int()
		if store.sizes[i] < 0 || store.sizes[i] > maxBlockSize {
			r.fail("block too large")
		}
		store.blocks[i] = r.str()
	}
}

// index reads the search index; format 1 has no word tables.
func (r *reader) index(format int) *Index {
	idx := &Index{Format: r.int(), Docs: r.int()}
	idx.Meta, idx.Blocks, idx.Dict = r.str(), r.str(), r.str()
	idx.Postings, idx.Positions, idx.Norms = r.str(), r.str(), r.str()
	if format >= 2 {
		idx.Dims = r.int()
		idx.Vectors, idx.Words, idx.Forms, idx.Notice = r.str(), r.str(), r.str(), r.str()
	}
	return idx
}
