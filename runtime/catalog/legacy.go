package catalog

import (
	"encoding/binary"
	"fmt"
)

// Format 3 (runtime.SupportPackageIsVersion4) has no endpoint tables:
// Decode reads every record to check it and build them (scan).
//
// Formats 1 and 2 (runtime.SupportPackageIsVersion2 and 3) put the blocks
// after the endpoints and store component schemas as plain strings; format
// 1 ends before the index's word tables. Such a catalog is decoded whole,
// as these formats were read, into a catalog like one built in Go, and
// checked as one.
func (r *reader) legacy(format int) (*Catalog, *Index) {
	cat := &Catalog{}
	r.specs(cat, func(d *Def) { d.Name, d.Schema = r.str(), Text(r.str()) })
	r.groups(cat)
	store := newBlockStore()
	cat.Endpoints = make([]Endpoint, r.count())
	for i := range cat.Endpoints {
		r.record(&cat.Endpoints[i], store, format)
	}
	r.blocks(store)
	for i := range cat.Endpoints {
		r.checkRef(cat.Endpoints[i].InputSchema.ref, store)
		r.checkRef(cat.Endpoints[i].Operation.ref, store)
	}
	if r.err == nil {
		r.err = cat.Check()
	}
	return cat, r.index(format)
}

// scan reads every record of format 3, which has no tables, to check it
// and build the tables.
func (r *reader) scan(rs *records, n int, cat *Catalog) {
	starts, tags, methods := make([]byte, 0, 4*(n+1)), make([]byte, 0, 4*n), make([]byte, 0, n)
	var codes methodTable
	rr := &reader{data: rs.data}
	for i := range n {
		starts = binary.LittleEndian.AppendUint32(starts, uint32(rr.pos))
		tag, method := rr.checkRecord(cat, rs.store)
		if rr.err != nil {
			r.err = fmt.Errorf("endpoint %d: %w", i, rr.err)
			return
		}
		tags = binary.LittleEndian.AppendUint32(tags, uint32(int32(tag)))
		methods = append(methods, codes.code(method))
	}
	if rr.pos != len(rs.data) {
		r.fail("endpoint records longer than their endpoints")
	}
	starts = binary.LittleEndian.AppendUint32(starts, uint32(rr.pos))
	rs.starts, rs.tags, rs.methods, rs.methodNames = string(starts), string(tags), string(methods), codes.names
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
