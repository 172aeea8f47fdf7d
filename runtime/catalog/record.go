package catalog

import (
	"encoding/hex"
	"fmt"
	"strings"
)

// An endpoint's record in the data file (format 3) holds its fields in the
// order of the Endpoint type, as the other tables do, with two of them
// shortened: an id of 32 lowercase hex digits (all the generator writes) is
// its 16 bytes, and a flat name that is the operationId with '.' and '-'
// turned into '_' (most are) is a flag; the description is a place in the
// compressed blocks, like the documents. The head (id, tag, method, path)
// comes first, so search reads a candidate's method and path without
// decoding the rest.
//
// Format 5 keeps in the record only what is read without decoding it (the
// head, operationId and flat name) and the description's place; the tail
// (the summary and every field after the description) sits in compressed
// blocks like the documents, and the record holds its place. Tails repeat their parameter
// lists, media types and def indexes from endpoint to endpoint and inflate
// about six times (Microsoft Graph beta: 5.0 MB of tails in 0.8 MB).
const (
	idHex   = 0 // 16 bytes follow: the id's hex digits
	idText  = 1 // a string follows
	flatOp  = 0 // the flat name is flatFromOperationID(OperationID)
	flatStr = 1 // a string follows
)

// rawIDLen is the bytes of an id stored as idHex.
const rawIDLen = 16

// flatFromOperationID is the flat name a record need not store.
func flatFromOperationID(op string) string {
	if !strings.ContainsAny(op, ".-") {
		return op
	}
	b := []byte(op)
	for i, c := range b {
		if c == '.' || c == '-' {
			b[i] = '_'
		}
	}
	return string(b)
}

// hexID reports whether id is 32 lowercase hex digits.
func hexID(id string) bool {
	if len(id) != 2*rawIDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// tailFormat is the first format whose records keep their tails in the
// compressed blocks.
const tailFormat = 5

// tailBlockSize is the bytes of a block of tails: Load inflates one for an
// endpoint's first use, as search's answer does for each of its hits.
const tailBlockSize = descBlockSize

// recordHead writes a record up to its description, the summary included
// before format 5; the tail follows, in the record (formats 3 and 4:
// recordTail) or as its place (format 5: packedTail).
func (w *writer) recordHead(e *Endpoint, desc docRef, format int) {
	if hexID(e.ID) {
		w.buf = append(w.buf, idHex)
		w.buf, _ = hex.AppendDecode(w.buf, []byte(e.ID))
	} else {
		w.buf = append(w.buf, idText)
		w.str(e.ID)
	}
	w.int(e.Tag)
	for _, v := range []string{e.Method, e.Path, e.OperationID} {
		w.str(v)
	}
	if e.FlatName == flatFromOperationID(e.OperationID) {
		w.buf = append(w.buf, flatOp)
	} else {
		w.buf = append(w.buf, flatStr)
		w.str(e.FlatName)
	}
	if format < tailFormat {
		w.str(e.Summary)
	}
	w.docRef(desc)
}

// packedTail writes a format 5 record's tail: the summary, then what
// recordTail writes.
func (w *writer) packedTail(e *Endpoint, docs [2]docRef) {
	w.str(e.Summary)
	w.recordTail(e, docs)
}

// recordTail writes a record's fields after the description, which every
// format writes alike (format 5 in a block).
func (w *writer) recordTail(e *Endpoint, docs [2]docRef) {
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
		w.docRef(d)
	}
	w.ints(e.Defs)
}

// head reads a record's id (as stored: 16 bytes or text), tag, method and
// path.
func (r *reader) head() (id string, raw bool, tag int, method, path string) {
	switch r.byte() {
	case idHex:
		id, raw = r.fixed(rawIDLen), true
	case idText:
		id = r.str()
	default:
		r.fail("bad id kind")
	}
	return id, raw, r.int(), r.str(), r.str()
}

// record reads a whole record into e; the documents' blocks are in store.
// Formats 1 and 2 store the id and the flat name as plain strings.
func (r *reader) record(e *Endpoint, store *blockStore, format int) {
	if format < 3 {
		e.ID, e.Tag, e.Method, e.Path = r.str(), r.int(), r.str(), r.str()
		e.OperationID, e.FlatName = r.str(), r.str()
		e.Summary, e.Description = r.str(), Text(r.str())
	} else {
		id, raw, tag, method, path := r.head()
		if raw {
			id = hex.EncodeToString([]byte(id))
		}
		e.ID, e.Tag, e.Method, e.Path = id, tag, method, path
		e.OperationID = r.str()
		switch r.byte() {
		case flatOp:
			e.FlatName = flatFromOperationID(e.OperationID)
		case flatStr:
			e.FlatName = r.str()
		default:
			r.fail("bad flat name kind")
		}
		if format < tailFormat {
			e.Summary = r.str()
		}
		e.Description = r.doc(store)
	}
	if format >= tailFormat {
		r.packedTail(e, store)
	} else {
		r.tail(e, store)
	}
}

// packedTail reads the place of a format 5 record's tail and the tail
// from its block. The tail's strings are substrings of the inflated block,
// which the endpoint keeps alive: at most the tails' inflated size.
func (r *reader) packedTail(e *Endpoint, store *blockStore) {
	ref := r.ref()
	if r.err != nil {
		return
	}
	text, err := store.text(ref)
	if err != nil {
		r.fail("tail: " + err.Error())
		return
	}
	t := &reader{data: text}
	e.Summary = t.str()
	t.tail(e, store)
	if t.err == nil && t.pos != len(text) {
		t.fail("longer than its fields")
	}
	if t.err != nil {
		r.err = fmt.Errorf("tail: %w", t.err)
	}
}

// tail reads a record's fields after the description.
func (r *reader) tail(e *Endpoint, store *blockStore) {
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
	e.InputSchema, e.Operation = r.doc(store), r.doc(store)
	e.Defs = r.ints()
}
