package catalog

import (
	"encoding/binary"
	"fmt"
	"math"
)

// reader reads values from data; the first problem sticks in err and every
// later read returns zero values, so callers check once at the end.
type reader struct {
	data string
	pos  int
	err  error
}

// fail records the first problem and moves to the end of the data, so
// every later read finds nothing.
func (r *reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("%s at byte %d", what, r.pos)
	}
	r.pos = len(r.data)
}

// uint reads a varint; a one-byte one (most) takes the inlined path.
func (r *reader) uint() uint64 {
	if r.pos < len(r.data) && r.data[r.pos] < 0x80 { // never after a failure: fail ends the data
		r.pos++
		return uint64(r.data[r.pos-1])
	}
	return r.uintLong()
}

func (r *reader) uintLong() uint64 {
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

// maxNumber bounds every number of a catalog (an index, offset or size
// comes nowhere near), so a zigzag-decoded one always fits an int.
const maxNumber = min(1<<40, math.MaxInt)

func (r *reader) int() int {
	u := r.uint()
	if u > maxNumber {
		r.fail("number out of range")
		return 0
	}
	v := int(u >> 1)
	if u&1 != 0 {
		v = ^v
	}
	return v
}

// The reads below need not check r.err: after a failure the data is at
// its end, so they read nothing.

func (r *reader) bool() bool {
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
	if n > uint64(len(r.data)-r.pos) {
		r.fail("list longer than the data")
		return 0
	}
	return int(n)
}

func (r *reader) str() string {
	n := r.uint()
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

// byte reads one byte.
func (r *reader) byte() byte {
	if r.pos >= len(r.data) {
		r.fail("truncated data")
		return 0
	}
	r.pos++
	return r.data[r.pos-1]
}

// fixed reads n bytes.
func (r *reader) fixed(n int) string {
	if n > len(r.data)-r.pos {
		r.fail("truncated data")
		return ""
	}
	s := r.data[r.pos : r.pos+n]
	r.pos += n
	return s
}

// ref reads a document's place.
func (r *reader) ref() docRef {
	return docRef{block: r.int(), off: r.int(), n: r.int()}
}

// doc reads a document's place in store's blocks.
func (r *reader) doc(store *blockStore) Doc {
	ref := r.ref()
	if ref.n == 0 {
		return Doc{}
	}
	return Doc{store: store, ref: ref}
}

// checkRef reports a document that does not lie inside its block.
func (r *reader) checkRef(d docRef, store *blockStore) {
	if d.n == 0 || r.err != nil {
		return
	}
	if !store.holds(d) {
		r.fail("document outside its block")
	}
}
