package catalog

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// legacyEncode writes cat in format 1 or 2, as Encode did before format 3:
// blocks after the endpoints, component schemas as strings, ids and flat
// names as strings, no id table; format 1 without the word tables.
func legacyEncode(t testing.TB, cat *Catalog, idx *Index, format int) string {
	t.Helper()
	var p packer
	docs := make([][2]docRef, len(cat.Endpoints))
	for i := range cat.Endpoints {
		e := &cat.Endpoints[i]
		docs[i] = [2]docRef{p.add(e.InputSchema.String()), p.add(e.Operation.String())}
	}
	frames, sizes, err := p.frames()
	if err != nil {
		t.Fatal(err)
	}
	w := &writer{}
	w.buf = append(w.buf, dataMagic...)
	w.uint(uint64(format))
	w.uint(uint64(len(cat.Specs)))
	for i := range cat.Specs {
		s := cat.Specs[i]
		defs := s.Defs
		s.Defs = nil
		w.spec(&s, nil)
		w.buf = w.buf[:len(w.buf)-1] // the spec's empty list of defs
		w.uint(uint64(len(defs)))
		for _, d := range defs {
			w.str(d.Name)
			w.str(d.Schema.String())
		}
	}
	w.groups(cat)
	w.uint(uint64(len(cat.Endpoints)))
	for i := range cat.Endpoints {
		e := &cat.Endpoints[i]
		w.str(e.ID)
		w.int(e.Tag)
		for _, v := range []string{e.Method, e.Path, e.OperationID, e.FlatName, e.Summary, e.Description.String()} {
			w.str(v)
		}
		w.recordTail(e, docs[i])
	}
	w.uint(uint64(len(frames)))
	for i, f := range frames {
		w.int(sizes[i])
		w.str(f)
	}
	w.int(idx.Format)
	w.int(idx.Docs)
	for _, s := range []string{idx.Meta, idx.Blocks, idx.Dict, idx.Postings, idx.Positions, idx.Norms} {
		w.str(s)
	}
	if format >= 2 {
		w.int(idx.Dims)
		for _, s := range []string{idx.Vectors, idx.Words, idx.Forms, idx.Notice} {
			w.str(s)
		}
	}
	return string(w.buf)
}

// TestDecodeLegacy checks that data of formats 1 and 2 (servers generated
// before format 3) still decodes, whole, to the same catalog; format 1 has
// no word tables.
func TestDecodeLegacy(t *testing.T) {
	for _, format := range []int{1, 2} {
		cat, idx := sample()
		want := *idx
		if format == 1 {
			want.Dims, want.Vectors, want.Words, want.Forms, want.Notice = 0, "", "", "", ""
		}
		data := legacyEncode(t, cat, idx, format)
		gotCat, gotIdx, err := Decode(data)
		if err != nil {
			t.Fatalf("format %d: %v", format, err)
		}
		if diff := cmp.Diff(cat, plain(t, gotCat), cmpopts.EquateEmpty(), docText, cmpopts.IgnoreUnexported(Catalog{})); diff != "" {
			t.Errorf("format %d: catalog (-want +got):\n%s", format, diff)
		}
		if diff := cmp.Diff(&want, gotIdx); diff != "" {
			t.Errorf("format %d: index (-want +got):\n%s", format, diff)
		}
		if i, ok := gotCat.Find("E1"); !ok || i != 0 {
			t.Errorf("format %d: Find(E1) = %d, %v", format, i, ok)
		}
		if _, _, err := Decode(data + "x"); err == nil || !strings.Contains(err.Error(), "after the end") {
			t.Errorf("format %d with a trailing byte: %v; want refused", format, err)
		}
	}
	cat, idx := sample()
	cat.Endpoints[0].Tag = 5
	if _, _, err := Decode(legacyEncode(t, cat, idx, 2)); err == nil || !strings.Contains(err.Error(), "tag index 5 out of range") {
		t.Errorf("Decode of a format 2 catalog with a bad tag = %v; want refused", err)
	}
}
