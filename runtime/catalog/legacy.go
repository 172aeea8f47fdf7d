package catalog

import (
	"encoding/binary"
	"fmt"
)

// Format 4 (runtime.SupportPackageIsVersion5) is read by the code of
// format 5, with each record's tail in the record (reader.record).
//
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
		var e Endpoint
		rr.record(&e, rs.store, rs.format)
		if rr.err == nil && (e.Tag < 0 || e.Tag >= len(cat.Tags)) {
			rr.fail(fmt.Sprintf("tag index %d out of range", e.Tag))
		}
		if rr.err == nil {
			rr.checkPlaces(cat, &e, rs.store)
		}
		if rr.err != nil {
			r.err = fmt.Errorf("endpoint %d: %w", i, rr.err)
			return
		}
		tags = binary.LittleEndian.AppendUint32(tags, uint32(int32(e.Tag)))
		methods = append(methods, codes.code(e.Method))
	}
	if rr.pos != len(rs.data) {
		r.fail("endpoint records longer than their endpoints")
	}
	starts = binary.LittleEndian.AppendUint32(starts, uint32(rr.pos))
	rs.starts, rs.tags, rs.methods, rs.methodNames = string(starts), string(tags), string(methods), codes.names
}
