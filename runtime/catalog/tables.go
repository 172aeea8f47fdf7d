package catalog

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"strings"
	"unsafe"
)

// Format 4 keeps beside the records what opening a catalog needs of every
// endpoint, in fixed-width tables read in place: where each record starts
// and ends, its CRC-32C, its tag and its method. Decode checks the tables
// (a few bytes per endpoint) and no record: a record is decoded, checked
// and checksummed on first use (Catalog.Load), so a corrupt one is an
// error there. Format 3 had none of these and Decode read every record to
// find them, which was most of a big API's start-up (Microsoft Graph:
// 22,361 records, 9.9 MB, 40 % of the start's CPU).
//
// The compressed blocks come first, as their table (for each block, the
// end of its frame and its inflated size: 8 bytes) and their frames back
// to back: Decode reads the table, not a byte of the frames, where format
// 3's sizes between the frames had it touch every page of them.
//
// The endpoint tables follow the id table, as strings: starts (4 bytes per
// endpoint and one for the end), sums (4 bytes), tags (4 bytes, int32),
// the method names, the method codes (1 byte), and since format 5 the
// shapes (1 byte: itemPath when the path ends in a parameter, so search
// ranks by it without reading a record). Little-endian. The
// specs, collections and tags, which Decode reads whole, are followed by
// their CRC-32C (4 bytes); the blocks carry zstd's own checksum.
const (
	tablesFormat = 4 // the first format with the tables and checksums
	sumLen       = 4
)

// checksum is the CRC-32C of s (hardware-fast on amd64 and arm64; the
// table is built once per process, and zstd's snappy support builds it at
// init anyway).
func checksum(s string) uint32 {
	// A read-only view of s's bytes: crc32 takes a []byte, and copying a
	// catalog's tables to hash them would cost more than hashing.
	return crc32.Checksum(unsafe.Slice(unsafe.StringData(s), len(s)), crc32.MakeTable(crc32.Castagnoli))
}

// u32 is the i-th little-endian uint32 of the table s.
func u32(s string, i int) uint32 {
	k := 4 * i
	return uint32(s[k]) | uint32(s[k+1])<<8 | uint32(s[k+2])<<16 | uint32(s[k+3])<<24
}

// endpointTables are the tables Encode writes for the records recs, with
// the start of each record in starts (and the end last).
type endpointTables struct {
	starts, sums, tags, methods, shapes []byte
	names                               []string
}

// tablesOf builds the tables of eps, whose records are recs.buf with
// record i starting at starts[i].
func tablesOf(eps []Endpoint, recs []byte, starts []int) *endpointTables {
	t := &endpointTables{}
	var codes methodTable
	for i := range eps {
		a, b := starts[i], starts[i+1]
		t.starts = binary.LittleEndian.AppendUint32(t.starts, uint32(a))
		t.sums = binary.LittleEndian.AppendUint32(t.sums, checksum(string(recs[a:b])))
		t.tags = binary.LittleEndian.AppendUint32(t.tags, uint32(int32(eps[i].Tag)))
		t.methods = append(t.methods, codes.code(eps[i].Method))
		t.shapes = append(t.shapes, shapeOf(eps[i].Path))
	}
	t.starts = binary.LittleEndian.AppendUint32(t.starts, uint32(len(recs)))
	t.names = codes.names
	return t
}

func (w *writer) tables(t *endpointTables, format int) {
	w.str(string(t.starts))
	w.str(string(t.sums))
	w.str(string(t.tags))
	w.strs(t.names)
	w.str(string(t.methods))
	if format >= shapesFormat {
		w.str(string(t.shapes))
	}
}

// shapesFormat is the first format with the shapes table.
const shapesFormat = 5

// itemPath is the shape of an endpoint whose path ends in a parameter (it
// addresses one item); the other shape is 0.
const itemPath = 1

// shapeOf is the shape of path.
func shapeOf(path string) byte {
	if strings.HasSuffix(path, "}") {
		return itemPath
	}
	return 0
}

// tables reads the tables of n endpoints into rs and checks them against
// the records and the catalog's tags.
func (r *reader) tables(rs *records, n, tags int) {
	rs.starts, rs.sums, rs.tags = r.str(), r.str(), r.str()
	rs.methodNames, rs.methods = r.strs(), r.str()
	if rs.format >= shapesFormat {
		rs.shapes = r.str()
	}
	if r.err != nil {
		return
	}
	if len(rs.starts) != 4*(n+1) || len(rs.sums) != sumLen*n || len(rs.tags) != 4*n || len(rs.methods) != n ||
		len(rs.methodNames) > noMethodCode || (rs.format >= shapesFormat && len(rs.shapes) != n) {
		r.fail("endpoint tables of the wrong size")
		return
	}
	if u32(rs.starts, 0) != 0 || int(u32(rs.starts, n)) != len(rs.data) {
		r.fail("record starts do not cover the records")
		return
	}
	for i := range n {
		if u32(rs.starts, i) > u32(rs.starts, i+1) {
			r.fail("record starts out of order")
			return
		}
		if tag := int(int32(u32(rs.tags, i))); tag < 0 || tag >= tags {
			r.fail(fmt.Sprintf("endpoint %d: tag index %d out of range", i, tag))
			return
		}
		if k := rs.methods[i]; k != noMethodCode && int(k) >= len(rs.methodNames) {
			r.fail(fmt.Sprintf("endpoint %d: method code %d out of range", i, k))
			return
		}
		if rs.shapes != "" && rs.shapes[i] > itemPath {
			r.fail(fmt.Sprintf("endpoint %d: shape %d out of range", i, rs.shapes[i]))
			return
		}
	}
}

// methodTable numbers methods in the order first seen.
type methodTable struct{ names []string }

// noMethodCode marks a method beyond the first 255 distinct ones, read
// from its record.
const noMethodCode = 255

// code is the index of method in names, added when new.
func (m *methodTable) code(method string) uint8 {
	for k, name := range m.names {
		if name == method {
			return uint8(k)
		}
	}
	if len(m.names) == noMethodCode {
		return noMethodCode
	}
	m.names = append(m.names, method)
	return uint8(len(m.names) - 1)
}

// blockTable writes the blocks of formats 4 and 5.
func (w *writer) blockTable(frames []string, sizes []int) {
	var table []byte
	end := 0
	for i, f := range frames {
		end += len(f)
		table = binary.LittleEndian.AppendUint32(table, uint32(end))
		table = binary.LittleEndian.AppendUint32(table, uint32(sizes[i]))
	}
	w.str(string(table))
	w.str(strings.Join(frames, ""))
}

// blockTable reads the blocks of formats 4 and 5 into store.
func (r *reader) blockTable(store *blockStore) {
	table, frames := r.str(), r.str()
	if r.err != nil {
		return
	}
	if len(table)%8 != 0 {
		r.fail("block table of the wrong size")
		return
	}
	n := len(table) / 8
	store.blocks, store.sizes = make([]string, n), make([]int, n)
	start := 0
	for i := range n {
		end, size := int(u32(table, 2*i)), int(u32(table, 2*i+1))
		if end < start || end > len(frames) {
			r.fail("block table out of range")
			return
		}
		if size > maxBlockSize {
			r.fail("block too large")
			return
		}
		store.blocks[i], store.sizes[i] = frames[start:end], size
		start = end
	}
	if start != len(frames) {
		r.fail("blocks longer than their table")
	}
}
