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
// (Catalog.Load). Decode checks the framing of the whole file, the
// checksum of the tables it reads whole and the endpoint tables; Load
// checks a record's checksum and fields. Corrupt or truncated data is an
// error of one of them, never a panic.
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
		cat, idx = r.catalog(int(format))
	}
	if r.err == nil && r.pos != len(data) {
		r.err = fmt.Errorf("%d bytes after the end", len(data)-r.pos)
	}
	if r.err != nil {
		return nil, nil, fmt.Errorf("catalog data: %w", r.err)
	}
	return cat, idx, nil
}

// catalog reads the tables of formats 3 and 4 after the format number.
func (r *reader) catalog(format int) (*Catalog, *Index) {
	store := newBlockStore()
	if format >= tablesFormat {
		r.blockTable(store)
	} else {
		r.blocks(store)
	}
	cat := &Catalog{}
	head := r.pos
	r.specs(cat, func(d *Def) {
		d.Name = r.str()
		ref := r.ref()
		r.checkRef(ref, store)
		d.Schema = Doc{store: store, ref: ref}
	})
	r.groups(cat)
	if format >= tablesFormat {
		sum := r.fixed(sumLen)
		if r.err == nil && checksum(r.data[head:r.pos-sumLen]) != u32(sum, 0) {
			r.fail("the specs, collections and tags fail their checksum")
		}
	}
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
	rs := &records{data: data, byID: byID, store: store, format: format}
	if format >= tablesFormat {
		r.tables(rs, n, len(cat.Tags))
	} else if r.err == nil {
		r.scan(rs, n, cat)
	}
	if r.err != nil {
		return nil, nil
	}
	for m := range n {
		if rs.sorted(m) >= n {
			r.fail("id table out of range")
			break
		}
	}
	rs.decoded = make([]atomic.Pointer[loaded], n)
	cat.records = rs
	return cat, r.index(format)
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
