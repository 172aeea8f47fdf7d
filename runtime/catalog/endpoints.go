package catalog

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
)

// records are a decoded catalog's endpoints: their records in the data
// file, decoded and checked on first use (Load), with the tables that
// find them and tell what search and the overview read of every endpoint
// without decoding it (tables.go). Format 4 reads the tables in place;
// for format 3 Decode builds them by reading every record.
type records struct {
	data    string // the records, back to back
	starts  string // 4 bytes per endpoint and one more: record i is data[start(i):start(i+1)]
	sums    string // 4 bytes per endpoint: its record's CRC-32C; "" when Decode read every record (format 3)
	tags    string // 4 bytes per endpoint: its tag, an int32
	methods string // 1 byte per endpoint: its method, an index into methodNames (noMethodCode: read it from the record)
	shapes  string // 1 byte per endpoint: itemPath or 0 (format 5; "" before)
	byID    string // 4 bytes per endpoint: the indexes in the order of their ids
	format  int

	methodNames []string
	store       *blockStore
	decoded     []atomic.Pointer[loaded]
}

// loaded is an endpoint as Load returns it: decoded, or a stand-in with
// the error of its record.
type loaded struct {
	e   *Endpoint
	err error
}

// Len is the number of endpoints.
func (c *Catalog) Len() int {
	if c.records != nil {
		return len(c.records.decoded)
	}
	return len(c.Endpoints)
}

// Load returns endpoint i, 0 ≤ i < Len(). A decoded catalog decodes and
// checks its record on first use and keeps the result; a corrupt record
// is an error (the same one at every call) with a stand-in endpoint that
// has only its id, tag, method and path. It is safe for concurrent use.
// Callers must not modify the result.
func (c *Catalog) Load(i int) (*Endpoint, error) {
	rs := c.records
	if rs == nil {
		return &c.Endpoints[i], nil
	}
	if l := rs.decoded[i].Load(); l != nil {
		return l.e, l.err
	}
	l := c.decode(i)
	if !rs.decoded[i].CompareAndSwap(nil, l) {
		l = rs.decoded[i].Load()
	}
	return l.e, l.err
}

// Endpoint is Load without the error: for a corrupt record, its stand-in.
// What serves one endpoint (inspect, invoke) calls Load to report the
// error; what lists many (search, scripts' index) shows the stand-in.
func (c *Catalog) Endpoint(i int) *Endpoint {
	e, _ := c.Load(i)
	return e
}

// decode reads and checks record i.
func (c *Catalog) decode(i int) *loaded {
	rs := c.records
	rec := rs.record(i)
	if rs.sums != "" && checksum(rec) != u32(rs.sums, i) {
		return c.corrupt(i, errors.New("its record fails its checksum"))
	}
	e := &Endpoint{}
	r := &reader{data: rec}
	r.record(e, rs.store, rs.format)
	if r.err == nil && r.pos != len(rec) {
		r.fail("record longer than its fields")
	}
	if r.err == nil {
		r.checkEndpoint(c, i, e)
	}
	if r.err != nil {
		return c.corrupt(i, r.err)
	}
	return &loaded{e: e}
}

// checkEndpoint reports an index or a document place of e out of range,
// or a field that differs from the tables'.
func (r *reader) checkEndpoint(c *Catalog, i int, e *Endpoint) {
	rs := c.records
	if e.Tag != c.TagOf(i) {
		r.fail(fmt.Sprintf("tag index %d differs from the tag table's %d", e.Tag, c.TagOf(i)))
		return
	}
	if k := rs.methods[i]; k != noMethodCode && rs.methodNames[k] != e.Method {
		r.fail("method differs from the method table's")
		return
	}
	if rs.shapes != "" && rs.shapes[i] != shapeOf(e.Path) {
		r.fail("path differs from the shape table's")
		return
	}
	r.checkPlaces(c, e, rs.store)
}

// checkPlaces reports a document place of e outside its block or a def
// index outside e's spec; e's tag is in range.
func (r *reader) checkPlaces(c *Catalog, e *Endpoint, store *blockStore) {
	for _, d := range []Doc{e.Description, e.InputSchema, e.Operation} {
		r.checkRef(d.ref, store)
	}
	defs := len(c.SpecOf(e).Defs)
	for _, d := range e.Defs {
		if r.err == nil && (d < 0 || d >= defs) {
			r.fail(fmt.Sprintf("def index %d out of range", d))
		}
	}
}

// corrupt is the stand-in and error of record i, which does not decode.
func (c *Catalog) corrupt(i int, err error) *loaded {
	id, raw, _, _, path := c.records.at(i).head()
	if raw {
		id = hex.EncodeToString([]byte(id))
	}
	return &loaded{
		e: &Endpoint{ID: id, Tag: c.TagOf(i), Method: c.Method(i), Path: path},
		err: fmt.Errorf("catalog data: endpoint %d (%s): %w; the server's compiled-in data is corrupt: "+
			"build the server again from its generated module", i, id, err),
	}
}

// Method is endpoint i's method, without decoding the endpoint (search
// reads it for every candidate).
func (c *Catalog) Method(i int) string {
	rs := c.records
	if rs == nil {
		return c.Endpoints[i].Method
	}
	if k := rs.methods[i]; k != noMethodCode {
		return rs.methodNames[k]
	}
	_, _, _, method, _ := rs.at(i).head()
	return method
}

// ItemPath reports whether endpoint i's path ends in a parameter (it
// addresses one item), from a table where the data has one (format 5):
// search asks it of every candidate.
func (c *Catalog) ItemPath(i int) bool {
	if rs := c.records; rs != nil && rs.shapes != "" {
		return rs.shapes[i] == itemPath
	}
	return shapeOf(c.Path(i)) == itemPath
}

// Path is endpoint i's path, read without decoding the endpoint.
func (c *Catalog) Path(i int) string {
	if c.records == nil {
		return c.Endpoints[i].Path
	}
	_, _, _, _, path := c.records.at(i).head()
	return path
}

// TagOf is endpoint i's tag, without decoding the endpoint (the overview
// reads every endpoint's at start-up).
func (c *Catalog) TagOf(i int) int {
	if c.records == nil {
		return c.Endpoints[i].Tag
	}
	return int(int32(u32(c.records.tags, i)))
}

// FlatName is endpoint i's flat name, read without decoding the endpoint
// (scripts index every flat name).
func (c *Catalog) FlatName(i int) string {
	if c.records == nil {
		return c.Endpoints[i].FlatName
	}
	r := c.records.at(i)
	r.head()
	op := r.str()
	if r.byte() == flatStr {
		return r.str()
	}
	return flatFromOperationID(op)
}

// Find returns the index of the endpoint with id, compared as IDKey
// compares; the first one when several have it. A decoded catalog
// searches its sorted id table; one built in Go is scanned.
func (c *Catalog) Find(id string) (int, bool) {
	key := IDKey(id)
	if c.records == nil {
		for i := range c.Endpoints {
			if IDKey(c.Endpoints[i].ID) == key {
				return i, true
			}
		}
		return 0, false
	}
	rs := c.records
	n := len(rs.decoded)
	lo, hi := 0, n // the first position whose id is ≥ key
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rs.keyAt(rs.sorted(m)) < key {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < n {
		if i := rs.sorted(lo); rs.keyAt(i) == key {
			return i, true
		}
	}
	return 0, false
}

// IDKey is an endpoint id as lookups compare it: lowercase without
// surrounding space (ids are lowercase hex, and models sometimes pad or
// uppercase them).
func IDKey(id string) string {
	return strings.ToLower(strings.TrimSpace(id))
}

// record is record i's bytes.
func (rs *records) record(i int) string {
	return rs.data[u32(rs.starts, i):u32(rs.starts, i+1)]
}

// at is a reader of record i.
func (rs *records) at(i int) *reader {
	return &reader{data: rs.record(i)}
}

// sorted is the index of the endpoint at position m of the id order.
func (rs *records) sorted(m int) int {
	return int(u32(rs.byID, m))
}

// keyAt is endpoint i's IDKey.
func (rs *records) keyAt(i int) string {
	id, raw, _, _, _ := rs.at(i).head()
	if raw {
		return hex.EncodeToString([]byte(id))
	}
	return IDKey(id)
}

// Check reports the first index of the tables that points outside its
// table, so callers can index freely afterwards. A decoded catalog's
// endpoints are checked by Decode (their tags) and by Load (the rest).
func (c *Catalog) Check() error {
	for i, col := range c.Collections {
		if col.Spec < 0 || col.Spec >= len(c.Specs) {
			return fmt.Errorf("collection %d (%s): spec index %d out of range", i, col.ID, col.Spec)
		}
	}
	for i, t := range c.Tags {
		if t.Collection < 0 || t.Collection >= len(c.Collections) {
			return fmt.Errorf("tag %d (%s): collection index %d out of range", i, t.ID, t.Collection)
		}
	}
	if c.records != nil {
		return nil
	}
	for i := range c.Endpoints {
		e := &c.Endpoints[i]
		if e.Tag < 0 || e.Tag >= len(c.Tags) {
			return fmt.Errorf("endpoint %d (%s): tag index %d out of range", i, e.ID, e.Tag)
		}
		defs := c.SpecOf(e).Defs
		for _, d := range e.Defs {
			if d < 0 || d >= len(defs) {
				return fmt.Errorf("endpoint %d (%s): def index %d out of range", i, e.ID, d)
			}
		}
	}
	return nil
}

// all is every endpoint, decoded (for Encode, which rewrites a decoded
// catalog too); the first corrupt record is an error.
func (c *Catalog) all() ([]Endpoint, error) {
	if c.records == nil {
		return c.Endpoints, nil
	}
	out := make([]Endpoint, c.Len())
	for i := range out {
		e, err := c.Load(i)
		if err != nil {
			return nil, err
		}
		out[i] = *e
	}
	return out, nil
}
