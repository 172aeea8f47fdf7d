package catalog

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// The data file format: what a generated server embeds (go:embed) instead
// of Go literals of its tables. Strings are length-prefixed and every other
// value is a varint, in the order of the Go types' fields. Decode returns
// strings that are substrings of the data itself, so opening a catalog
// copies no text: only the slices of structs are allocated. The endpoints'
// JSON documents are the exception: they sit in zstd-compressed blocks
// that inflate on first use (see Doc).
//
// It is written by hand, not with encoding/gob or JSON: those decode (and
// copy) every byte at start-up, which for a 100,000-endpoint catalog of
// hundreds of megabytes is seconds; flatbuffers-style libraries need a
// schema compiler in the build. A format change gets a new DataFormat and
// a new runtime.SupportPackageIsVersion marker.
const (
	dataMagic = "swag2mcp catalog\n"
	// DataFormat is the layout version Encode writes. Decode also reads
	// format 1, which ends before the index's word tables.
	DataFormat = 2
)

// Encode writes cat and its search index as a data file for Decode.
func Encode(cat *Catalog, idx *Index) ([]byte, error) {
	w := &writer{}
	w.buf = append(w.buf, dataMagic...)
	w.uint(DataFormat)
	w.uint(uint64(len(cat.Specs)))
	for i := range cat.Specs {
		w.spec(&cat.Specs[i])
	}
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
	docs, err := packDocs(cat.Endpoints)
	if err != nil {
		return nil, err
	}
	w.uint(uint64(len(cat.Endpoints)))
	for i := range cat.Endpoints {
		w.endpoint(&cat.Endpoints[i], docs.refs[i])
	}
	w.uint(uint64(len(docs.frames)))
	for i, f := range docs.frames {
		w.int(docs.sizes[i])
		w.str(f)
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

func (w *writer) spec(s *Spec) {
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
	for _, d := range s.Defs {
		w.str(d.Name)
		w.str(d.Schema)
	}
}

func (w *writer) endpoint(e *Endpoint, docs [2]docRef) {
	w.str(e.ID)
	w.int(e.Tag)
	for _, v := range []string{e.Method, e.Path, e.OperationID, e.FlatName, e.Summary, e.Description} {
		w.str(v)
	}
	w.bool(e.Deprecated)
	w.strs(e.Tags)
	w.str(e.BaseURL)
	w.uint(uint64(len(e.Params)))
	for _, p := range e.Params {
		for _, v := range []string{p.Name, p.Key, p.In, p.Style} {
			w.str(v)
		}
		w.int(int(p.Explode))
		w.bool(p.AllowReserved)
		w.str(p.CollectionFormat)
		w.bool(p.Required)
	}
	w.bool(e.Body != nil)
	if e.Body != nil {
		w.bool(e.Body.Required)
		w.strs(e.Body.MediaTypes)
	}
	w.uint(uint64(len(e.Security)))
	for _, r := range e.Security {
		w.uint(uint64(len(r.Schemes)))
		for _, u := range r.Schemes {
			w.int(u.Scheme)
			w.strs(u.Scopes)
		}
	}
	for _, d := range docs {
		w.int(d.block)
		w.int(d.off)
		w.int(d.n)
	}
	w.ints(e.Defs)
}

// Decode reads a data file written by Encode. The strings of the result
// are substrings of data. Corrupt or truncated data is an error, never a
// panic; the service checks that the tables' indexes are in range.
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
	cat := &Catalog{}
	cat.Specs = make([]Spec, r.count())
	for i := range cat.Specs {
		r.spec(&cat.Specs[i])
	}
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
	store := newBlockStore()
	cat.Endpoints = make([]Endpoint, r.count())
	for i := range cat.Endpoints {
		r.endpoint(&cat.Endpoints[i], store)
	}
	n := r.count()
	store.blocks, store.sizes = make([]string, n), make([]int, n)
	for i := range n {
		store.sizes[i] = r.int()
		if store.sizes[i] < 0 || store.sizes[i] > maxBlockSize {
			r.fail("block too large")
		}
		store.blocks[i] = r.str()
	}
	r.checkDocs(cat.Endpoints, store)
	idx := &Index{Format: r.int(), Docs: r.int()}
	idx.Meta, idx.Blocks, idx.Dict = r.str(), r.str(), r.str()
	idx.Postings, idx.Positions, idx.Norms = r.str(), r.str(), r.str()
	if format >= 2 {
		idx.Dims = r.int()
		idx.Vectors, idx.Words, idx.Forms, idx.Notice = r.str(), r.str(), r.str(), r.str()
	}
	if r.err == nil && r.pos != len(data) {
		r.err = fmt.Errorf("%d bytes after the end", len(data)-r.pos)
	}
	if r.err != nil {
		return nil, nil, fmt.Errorf("catalog data: %w", r.err)
	}
	return cat, idx, nil
}

// reader reads values from data; the first problem sticks in err and every
// later read returns zero values, so callers check once at the end.
type reader struct {
	data string
	pos  int
	err  error
}

func (r *reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("%s at byte %d", what, r.pos)
	}
}

func (r *reader) uint() uint64 {
	if r.err != nil {
		return 0
	}
	var v uint64
	var shift uint
	for i := 0; i < binary.MaxVarintLen64; i++ {
		if r.pos >= len(r.data) {
			r.fail("truncated number")
			return 0
		}
		b := r.data[r.pos]
		r.pos++
		if b < 0x80 {
			if i == binary.MaxVarintLen64-1 && b > 1 {
				r.fail("number overflows 64 bits")
				return 0
			}
			return v | uint64(b)<<shift
		}
		v |= uint64(b&0x7f) << shift
		shift += 7
	}
	r.fail("number overflows 64 bits")
	return 0
}

func (r *reader) int() int {
	u := r.uint()
	v := int64(u >> 1)
	if u&1 != 0 {
		v = ^v
	}
	if u > 1<<40 { // no index, offset or size of a catalog comes near
		r.fail("number out of range")
		return 0
	}
	if int64(int(v)) != v {
		r.fail("number out of range")
		return 0
	}
	return int(v)
}

func (r *reader) bool() bool {
	if r.err != nil {
		return false
	}
	if r.pos >= len(r.data) || r.data[r.pos] > 1 {
		r.fail("bad boolean")
		return false
	}
	r.pos++
	return r.data[r.pos-1] == 1
}

// count reads a length of a list whose every element takes at least one
// byte, so a corrupt count cannot make Decode allocate more than the data.
func (r *reader) count() int {
	n := r.uint()
	if r.err == nil && n > uint64(len(r.data)-r.pos) {
		r.fail("list longer than the data")
		return 0
	}
	return int(n)
}

func (r *reader) str() string {
	n := r.uint()
	if r.err != nil {
		return ""
	}
	if n > uint64(len(r.data)-r.pos) {
		r.fail("string longer than the data")
		return ""
	}
	s := r.data[r.pos : r.pos+int(n)]
	r.pos += int(n)
	return s
}

func (r *reader) strs() []string {
	n := r.count()
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = r.str()
	}
	return out
}

func (r *reader) ints() []int {
	n := r.count()
	if n == 0 {
		return nil
	}
	out := make([]int, n)
	for i := range out {
		out[i] = r.int()
	}
	return out
}

func (r *reader) spec(s *Spec) {
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
	if n := r.count(); n > 0 {
		s.Defs = make([]Def, n)
		for i := range s.Defs {
			s.Defs[i].Name, s.Defs[i].Schema = r.str(), r.str()
		}
	}
}

func (r *reader) endpoint(e *Endpoint, store *blockStore) {
	e.ID = r.str()
	e.Tag = r.int()
	e.Method, e.Path, e.OperationID, e.FlatName, e.Summary, e.Description = r.str(), r.str(), r.str(), r.str(), r.str(), r.str()
	e.Deprecated = r.bool()
	e.Tags = r.strs()
	e.BaseURL = r.str()
	if n := r.count(); n > 0 {
		e.Params = make([]Param, n)
		for i := range e.Params {
			p := &e.Params[i]
			p.Name, p.Key, p.In, p.Style = r.str(), r.str(), r.str(), r.str()
			p.Explode = Explode(r.int())
			p.AllowReserved = r.bool()
			p.CollectionFormat = r.str()
			p.Required = r.bool()
		}
	}
	if r.bool() {
		e.Body = &Body{Required: r.bool(), MediaTypes: r.strs()}
	}
	if n := r.count(); n > 0 {
		e.Security = make([]Requirement, n)
		for i := range e.Security {
			if m := r.count(); m > 0 {
				e.Security[i].Schemes = make([]SchemeUse, m)
				for j := range e.Security[i].Schemes {
					u := &e.Security[i].Schemes[j]
					u.Scheme = r.int()
					u.Scopes = r.strs()
				}
			}
		}
	}
	for _, d := range []*Doc{&e.InputSchema, &e.Operation} {
		ref := &docRef{store: store, block: r.int(), off: r.int(), n: r.int()}
		if ref.n > 0 {
			d.ref = ref
		}
	}
	e.Defs = r.ints()
}

// checkDocs checks that every document lies inside its block.
func (r *reader) checkDocs(eps []Endpoint, store *blockStore) {
	for i := range eps {
		for _, d := range []Doc{eps[i].InputSchema, eps[i].Operation} {
			if d.ref == nil || r.err != nil {
				continue
			}
			if d.ref.block < 0 || d.ref.block >= len(store.sizes) || d.ref.off < 0 || d.ref.off+d.ref.n > store.sizes[d.ref.block] {
				r.fail("document outside its block")
			}
		}
	}
}
