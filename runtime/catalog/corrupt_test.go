package catalog

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"
)

// flip returns data with the byte in the middle of the only occurrence of
// s changed.
func flip(t *testing.T, data, s string) string {
	t.Helper()
	i := strings.Index(data, s)
	if i < 0 || strings.Count(data, s) != 1 {
		t.Fatalf("%q is not in the data once", s)
	}
	b := []byte(data)
	b[i+len(s)/2] ^= 0x01
	return string(b)
}

// TestLoadRefusesCorruptRecord checks that a record changed inside (its
// operationId: no structure breaks) fails its checksum at Load, with an
// error naming the endpoint and a stand-in that keeps its head, while the
// other records load.
func TestLoadRefusesCorruptRecord(t *testing.T) {
	cat, idx := sample()
	cat.Endpoints[0].OperationID = "findOnePetByItsId"
	data := flip(t, encode(t, cat, idx), "findOnePetByItsId")
	got, _, err := Decode(data)
	if err != nil {
		t.Fatalf("Decode = %v; want the corrupt record found at Load", err)
	}
	e, err := got.Load(0)
	if err == nil || !strings.Contains(err.Error(), "endpoint 0 (e1): its record fails its checksum") ||
		!strings.Contains(err.Error(), "build the server again") {
		t.Fatalf("Load(0) = %v; want the checksum error", err)
	}
	if e.ID != "e1" || e.Method != "GET" || e.Path != "/pet/{petId}" || e.Summary != "" || e.Params != nil {
		t.Errorf("stand-in = %+v; want the head only", e)
	}
	if got.Endpoint(0) != e {
		t.Errorf("Endpoint(0) is not Load's stand-in")
	}
	for i := 1; i < got.Len(); i++ {
		if _, err := got.Load(i); err != nil {
			t.Errorf("Load(%d) = %v; want a sound record loaded", i, err)
		}
	}
	if _, err := Encode(got, idx); err == nil {
		t.Errorf("Encode of a catalog with a corrupt record succeeded")
	}
}

// TestLoadChecksRecordFraming checks a record whose checksum fits but
// whose fields do not end where the next record starts.
func TestLoadChecksRecordFraming(t *testing.T) {
	cat, idx := sample()
	got, _, err := Decode(encode(t, cat, idx))
	if err != nil {
		t.Fatal(err)
	}
	rs := got.records
	rs.data += "x"
	starts := []byte(rs.starts)
	binary.LittleEndian.PutUint32(starts[len(starts)-4:], uint32(len(rs.data)))
	rs.starts = string(starts)
	sums := []byte(rs.sums)
	last := got.Len() - 1
	binary.LittleEndian.PutUint32(sums[4*last:], checksum(rs.record(last)))
	rs.sums = string(sums)
	if _, err := got.Load(last); err == nil || !strings.Contains(err.Error(), "record longer than its fields") {
		t.Errorf("Load(%d) = %v; want the framing error", last, err)
	}
}

// le32 is vs as a table of little-endian uint32s.
func le32(vs ...uint32) string {
	var b []byte
	for _, v := range vs {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return string(b)
}

// TestDecodeChecksHead checks that a change in the specs, collections and
// tags, which Decode reads whole (a collection's title here), fails their
// checksum.
func TestDecodeChecksHead(t *testing.T) {
	cat, idx := sample()
	data := flip(t, encode(t, cat, idx), "Swagger Petstore")
	if _, _, err := Decode(data); err == nil || !strings.Contains(err.Error(), "the specs, collections and tags fail their checksum") {
		t.Errorf("Decode = %v; want the checksum error", err)
	}
}

// TestDecodeChecksTables checks each check of the endpoint tables on
// tables of two endpoints over 10 bytes of records, with 2 tags.
func TestDecodeChecksTables(t *testing.T) {
	good := struct{ starts, sums, tags, methods, shapes string }{le32(0, 4, 10), le32(0, 0), le32(0, 1), "\x00\xff", "\x00\x01"}
	tests := []struct {
		name                                string
		starts, sums, tags, methods, shapes string
		want                                string
	}{
		{"sound", good.starts, good.sums, good.tags, good.methods, good.shapes, ""},
		{"short starts", le32(0, 10), good.sums, good.tags, good.methods, good.shapes, "endpoint tables of the wrong size"},
		{"short sums", good.starts, le32(0), good.tags, good.methods, good.shapes, "endpoint tables of the wrong size"},
		{"short methods", good.starts, good.sums, good.tags, "\x00", good.shapes, "endpoint tables of the wrong size"},
		{"short shapes", good.starts, good.sums, good.tags, good.methods, "\x00", "endpoint tables of the wrong size"},
		{"starts past the records", le32(0, 4, 11), good.sums, good.tags, good.methods, good.shapes, "record starts do not cover the records"},
		{"starts out of order", le32(0, 11, 10), good.sums, good.tags, good.methods, good.shapes, "record starts out of order"},
		{"tag", good.starts, good.sums, le32(0, 2), good.methods, good.shapes, "endpoint 1: tag index 2 out of range"},
		{"negative tag", good.starts, good.sums, le32(0xffffffff, 0), good.methods, good.shapes, "endpoint 0: tag index -1 out of range"},
		{"method code", good.starts, good.sums, good.tags, "\x00\x01", good.shapes, "endpoint 1: method code 1 out of range"},
		{"shape", good.starts, good.sums, good.tags, good.methods, "\x00\x02", "endpoint 1: shape 2 out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &writer{}
			for _, s := range []string{tt.starts, tt.sums, tt.tags} {
				w.str(s)
			}
			w.strs([]string{"GET"})
			w.str(tt.methods)
			w.str(tt.shapes)
			r := &reader{data: string(w.buf)}
			r.tables(&records{data: "0123456789", format: shapesFormat}, 2, 2)
			if tt.want == "" {
				if r.err != nil {
					t.Errorf("tables = %v; want accepted", r.err)
				}
				return
			}
			if r.err == nil || !strings.Contains(r.err.Error(), tt.want) {
				t.Errorf("tables = %v; want an error containing %q", r.err, tt.want)
			}
		})
	}
}

// TestDecodeChecksBlockTable checks each check of the blocks' table on a
// table of two blocks over 10 bytes of frames.
func TestDecodeChecksBlockTable(t *testing.T) {
	tests := []struct {
		name, table, want string
	}{
		{"sound", le32(4, 100, 10, 7), ""},
		{"torn entry", le32(4, 100, 10), "block table of the wrong size"},
		{"past the frames", le32(4, 100, 11, 7), "block table out of range"},
		{"out of order", le32(6, 100, 4, 7), "block table out of range"},
		{"too large", le32(4, maxBlockSize+1, 10, 7), "block too large"},
		{"frames left over", le32(4, 100, 9, 7), "blocks longer than their table"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &writer{}
			w.str(tt.table)
			w.str("0123456789")
			r := &reader{data: string(w.buf)}
			store := newBlockStore()
			r.blockTable(store)
			if tt.want == "" {
				if r.err != nil || len(store.blocks) != 2 || store.blocks[1] != "456789" || store.sizes[1] != 7 {
					t.Errorf("blockTable = %v, %q %v; want two blocks", r.err, store.blocks, store.sizes)
				}
				return
			}
			if r.err == nil || !strings.Contains(r.err.Error(), tt.want) {
				t.Errorf("blockTable = %v; want an error containing %q", r.err, tt.want)
			}
		})
	}
}

// TestLoadChecksAgainstTables checks that a record whose tag or method
// differs from the tables' (which Decode checked and search reads), or
// whose document lies outside its block, fails at Load.
func TestLoadChecksAgainstTables(t *testing.T) {
	tests := []struct {
		name   string
		change func(rs *records)
		want   string
	}{
		{"tag", func(rs *records) {
			tags := []byte(rs.tags)
			tags[0] = 1
			rs.tags = string(tags)
		}, "tag index 0 differs from the tag table's 1"},
		{"method", func(rs *records) {
			methods := []byte(rs.methods)
			methods[0] = methods[1]
			rs.methods = string(methods)
		}, "method differs from the method table's"},
		{"shape", func(rs *records) {
			shapes := []byte(rs.shapes)
			shapes[0] ^= itemPath
			rs.shapes = string(shapes)
		}, "path differs from the shape table's"},
		{"document place", func(rs *records) { rs.store.sizes[0] = 1 }, "document outside its block"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cat, idx := sample()
			cat.Tags = append(cat.Tags, Tag{ID: "t2", Name: "store"})
			got, _, err := Decode(encode(t, cat, idx))
			if err != nil {
				t.Fatal(err)
			}
			tt.change(got.records)
			if _, err := got.Load(0); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load(0) = %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

// packedStore is a block store of one block holding text, compressed as
// Encode compresses.
func packedStore(t *testing.T, text string) *blockStore {
	t.Helper()
	p := packer{}
	p.add(text)
	frames, sizes, err := p.frames()
	if err != nil {
		t.Fatal(err)
	}
	store := newBlockStore()
	store.blocks, store.sizes = frames, sizes
	return store
}

// TestBlockTextChecksPlace checks that a place outside its block (a
// block out of range, an offset or length past its end, one that would
// overflow) is an error, not a slice out of range.
func TestBlockTextChecksPlace(t *testing.T) {
	store := packedStore(t, "0123456789")
	if got, err := store.text(docRef{block: 0, off: 2, n: 3}); err != nil || got != "234" {
		t.Fatalf("text = %q, %v; want 234", got, err)
	}
	for _, ref := range []docRef{
		{block: 1, n: 1}, {block: -1, n: 1}, {off: 8, n: 3}, {off: 11, n: 1}, {off: -1, n: 2},
		{off: 5, n: math.MaxInt}, {off: math.MaxInt, n: 1},
	} {
		if _, err := store.text(ref); err == nil || !strings.Contains(err.Error(), "outside its block") {
			t.Errorf("text(%+v) = %v; want refused", ref, err)
		}
	}
}

// TestLoadChecksTail checks a format 5 record's tail: a block that does
// not inflate and a tail longer than its fields fail at Load.
func TestLoadChecksTail(t *testing.T) {
	cat, idx := sample()
	got, _, err := Decode(encode(t, cat, idx))
	if err != nil {
		t.Fatal(err)
	}
	store := got.records.store
	last := len(store.blocks) - 1 // the tails' block
	frame := []byte(store.blocks[last])
	frame[len(frame)/2] ^= 0x01
	store.blocks[last] = string(frame)
	if _, err := got.Load(0); err == nil || !strings.Contains(err.Error(), "endpoint 0 (e1): tail: ") {
		t.Errorf("Load(0) with its tails' block corrupt = %v; want a tail error", err)
	}

	w := &writer{}
	w.packedTail(&cat.Endpoints[3], [2]docRef{})
	tail := string(w.buf)
	for _, tt := range []struct{ text, want string }{
		{tail, ""},
		{tail + "x", "tail: longer than its fields"},
		{tail[:len(tail)-1], "tail: "},
	} {
		w := &writer{}
		w.docRef(docRef{n: len(tt.text)})
		r := &reader{data: string(w.buf)}
		var e Endpoint
		r.packedTail(&e, packedStore(t, tt.text))
		if tt.want == "" {
			if r.err != nil {
				t.Errorf("packedTail = %v; want accepted", r.err)
			}
			continue
		}
		if r.err == nil || !strings.Contains(r.err.Error(), tt.want) {
			t.Errorf("packedTail of %q = %v; want an error containing %q", tt.text, r.err, tt.want)
		}
	}
}
