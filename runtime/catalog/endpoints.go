package catalog

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"
	"sync/atomic"
)

// records are a decoded catalog's endpoints: their records in the data
// file, found by offset and decoded on first use. Decode checked every
// record, so decoding one cannot fail.
type records struct {
	data  string   // the records, back to back
	start []uint32 // where each record starts in data
	byID  string   // 4 bytes per endpoint: the indexes in the order of their ids
	store *blockStore
	// What search and the overview read of every endpoint, kept from
	// Decode's check: the tag, and the method as an index into methodNames
	// (noMethodCode: read it from the record).
	tags        []int32
	methods     []uint8
	methodNames []string
	decoded     []atomic.Pointer[Endpoint]
}

// noMethodCode marks a method beyond the first 255 distinct ones.
const noMethodCode = 255

// methodCode is the index of method in methodNames, added when new.
func (rs *records) methodCode(method string) uint8 {
	for k, m := range rs.methodNames {
		if m == method {
			return uint8(k)
		}
	}
	if len(rs.methodNames) == noMethodCode {
		return noMethodCode
	}
	rs.methodNames = append(rs.methodNames, method)
	return uint8(len(rs.methodNames) - 1)
}

// Len is the number of endpoints.
func (c *Catalog) Len() int {
	if c.records != nil {
		return len(c.records.start)
	}
	return len(c.Endpoints)
}

// Endpoint returns endpoint i, 0 ≤ i < Len(). A decoded catalog decodes its
// record on first use and keeps it; it is safe for concurrent use. Callers
// must not modify the result.
func (c *Catalog) Endpoint(i int) *Endpoint {
	rs := c.records
	if rs == nil {
		return &c.Endpoints[i]
	}
	if e := rs.decoded[i].Load(); e != nil {
		return e
	}
	e := &Endpoint{}
	r := rs.at(i)
	r.record(e, rs.store, DataFormat)
	if r.err != nil { // Decode checked the record: a bug, not bad data
		panic(fmt.Sprintf("catalog: checked record %d does not decode: %v", i, r.err))
	}
	if rs.decoded[i].CompareAndSwap(nil, e) {
		return e
	}
	return rs.decoded[i].Load()
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
	return int(c.records.tags[i])
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
	n := len(rs.start)
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

// at is a reader at the start of record i.
func (rs *records) at(i int) *reader {
	return &reader{data: rs.data, pos: int(rs.start[i])}
}

// sorted is the index of the endpoint at position m of the id order.
func (rs *records) sorted(m int) int {
	return int(binary.LittleEndian.Uint32([]byte(rs.byID[4*m : 4*m+4])))
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
// table, so callers can index freely afterwards. Decode checks a decoded
// catalog's endpoints already; their records are not read again.
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
// catalog too).
func (c *Catalog) all() []Endpoint {
	if c.records == nil {
		return c.Endpoints
	}
	out := make([]Endpoint, c.Len())
	for i := range out {
		out[i] = *c.Endpoint(i)
	}
	return out
}
