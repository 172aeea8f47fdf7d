package search

// The index is stored in Go string literals, so its numbers are written in
// printable ASCII: each character carries six bits, the 64 characters from
// '?' to '~'. Only '\' among them needs an escape in a literal, so the
// emitted source is barely larger than the data (raw bytes would mostly
// become four-character \x escapes).
//
// A varint is little-endian groups of five bits; a character at or above
// digitMore says another follows. Fixed-width numbers are big-endian groups
// of six bits, used where the reader must jump straight to an entry.
const (
	digitBase = '?'
	digitMore = 32
	digitMask = 31
)

// appendUvarint appends v as a varint.
func appendUvarint(b []byte, v uint64) []byte {
	for v >= digitMore {
		b = append(b, byte(digitBase+digitMore+v&digitMask))
		v >>= 5
	}
	return append(b, byte(digitBase+v))
}

// appendFixed appends v in exactly width characters; v must fit.
func appendFixed(b []byte, v uint64, width int) []byte {
	for i := width - 1; i >= 0; i-- {
		b = append(b, byte(digitBase+(v>>(6*uint(i)))&63))
	}
	return b
}

// cursor reads numbers from an index string. A bad character or a read past
// the end sets bad and yields zeros, so corrupt data never panics.
type cursor struct {
	s   string
	i   int
	bad bool
}

// uvarint reads one varint.
func (c *cursor) uvarint() int {
	var v uint64
	var shift uint
	for c.i < len(c.s) {
		d := c.s[c.i] - digitBase
		c.i++
		if d >= 64 {
			break
		}
		v |= uint64(d&digitMask) << shift
		if d < digitMore {
			if v > 1<<40 {
				break
			}
			return int(v)
		}
		shift += 5
		if shift > 40 {
			break
		}
	}
	c.bad = true
	return 0
}

// bytes reads n raw bytes.
func (c *cursor) bytes(n int) string {
	if n < 0 || n > len(c.s)-c.i {
		c.bad = true
		c.i = len(c.s)
		return ""
	}
	s := c.s[c.i : c.i+n]
	c.i += n
	return s
}

// readFixed reads the width-character number at s[i:].
func readFixed(s string, i, width int) (int, bool) {
	if i < 0 || width > len(s)-i {
		return 0, false
	}
	v := 0
	for k := range width {
		d := s[i+k] - digitBase
		if d >= 64 {
			return 0, false
		}
		v = v<<6 | int(d)
	}
	return v, true
}
