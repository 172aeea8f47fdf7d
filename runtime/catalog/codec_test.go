package catalog

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// sample uses every field of every table, with text that is hard to
// delimit (NULs, long strings, non-ASCII).
func sample() (*Catalog, *Index) {
	cat := &Catalog{
		Specs: []Spec{{
			ID: "a748d94c1b42369ef4df9c7dbc53639a", Domain: "petstore", EnvPrefix: "PETSTORE", Title: "Pet\x00store ünïcode",
			Version: "1.0.0", BaseURL: "https://petstore.example.com/api/v3",
			Security: []SecurityScheme{
				{Name: "petstore_auth", Type: "oauth2", TokenURL: "https://x/token", Scopes: []string{"read", "write"},
					Flows: []string{"clientCredentials"}, EnvVars: []string{"A", "B"}},
				{Name: "api_key", Type: "apiKey", In: "header", ParamName: "api_key", Scheme: "s", BearerFormat: "JWT",
					OpenIDURL: "https://x/.well-known", EnvVars: []string{"PETSTORE_API_KEY"}},
			},
			Defs: []Def{{Name: "Pet", Schema: Text(`{"type":"object"}`)}, {Name: "Big", Schema: Text(strings.Repeat("x", 70000))}},
		}},
		Collections: []Collection{{ID: "c1", Title: "Swagger Petstore", Spec: 0}},
		Tags:        []Tag{{ID: "t1", Name: "pet", Description: "Everything", Collection: 0}},
		Endpoints: []Endpoint{
			{
				ID: "e1", Tag: 0, Method: "GET", Path: "/pet/{petId}", OperationID: "getPetById", FlatName: "getPetById",
				Summary: "Find", Description: Text("Returns one " + strings.Repeat("ü", 100)), Deprecated: true, Tags: []string{"pet", "extra"}, BaseURL: "https://other",
				Params: []Param{
					{Name: "petId", In: "path", Required: true},
					{Name: "ids", Key: "ids[]", In: "query", Style: "form", Explode: ExplodeFalse, AllowReserved: true, CollectionFormat: "csv"},
				},
				Body:        &Body{Required: true, MediaTypes: []string{"application/json", "text/plain"}},
				Security:    []Requirement{{Schemes: []SchemeUse{{Scheme: 0, Scopes: []string{"read"}}, {Scheme: 1}}}, {}},
				InputSchema: Text(`{"type":"object"}`), Operation: Text(`{"id":"getPetById"}`), Defs: []int{0, 1},
			},
			{ID: "e2", Tag: 0, Method: "POST", Path: "/pet", Operation: Text(strings.Repeat(`{"big":true}`, 9000))},
			{ID: "0123456789abcdef0123456789abcdef", Tag: 0, Method: "DELETE", Path: "/pet/{petId}",
				OperationID: "pets.delete-one", FlatName: "pets_delete_one"},
			{ID: "E1", Tag: 0, Method: "PUT", Path: "/pet", OperationID: "x.y", FlatName: "other"},
		},
	}
	idx := &Index{Format: 1, Docs: 2, Meta: "m", Blocks: "b", Dict: "d\x00", Postings: "p", Positions: "q", Norms: "n",
		Dims: 3, Vectors: "\x00\x7f\x80\x01\x02\x03", Words: "pet\t\x01\x02\x03\n", Forms: "pet\tpets\n", Notice: "WordNet ©"}
	return cat, idx
}

// docText compares documents by their text.
var docText = cmp.Comparer(func(a, b Doc) bool { return a.String() == b.String() })

// plain is c's tables with every endpoint decoded, as a catalog built in
// Go holds them, for comparing.
func plain(t testing.TB, c *Catalog) *Catalog {
	t.Helper()
	eps, err := c.all()
	if err != nil {
		t.Fatal(err)
	}
	return &Catalog{Specs: c.Specs, Collections: c.Collections, Tags: c.Tags, Endpoints: eps}
}

func encode(t testing.TB, cat *Catalog, idx *Index) string {
	t.Helper()
	b, err := Encode(cat, idx)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// decodeAs is cat and idx written in data format and decoded again.
func decodeAs(t *testing.T, cat *Catalog, idx *Index, format int) (*Catalog, *Index) {
	t.Helper()
	data, err := encodeFormat(cat, idx, format)
	if err != nil {
		t.Fatal(err)
	}
	got, gotIdx, err := Decode(string(data))
	if err != nil {
		t.Fatal(err)
	}
	return got, gotIdx
}

// TestCodecRoundTrip decodes what Encode writes, and what it wrote in
// data format 3 (servers generated before data format 4), to the same
// catalog.
func TestCodecRoundTrip(t *testing.T) {
	for _, format := range []int{3, 4, DataFormat} {
		t.Run(fmt.Sprint("format ", format), func(t *testing.T) { testRoundTrip(t, format) })
	}
}

func testRoundTrip(t *testing.T, format int) {
	cat, idx := sample()
	gotCat, gotIdx := decodeAs(t, cat, idx, format)
	if diff := cmp.Diff(cat, plain(t, gotCat), cmpopts.EquateEmpty(), docText, cmpopts.IgnoreUnexported(Catalog{})); diff != "" {
		t.Errorf("catalog (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(idx, gotIdx); diff != "" {
		t.Errorf("index (-want +got):\n%s", diff)
	}
	for i := range cat.Endpoints {
		want := &cat.Endpoints[i]
		if gotCat.Method(i) != want.Method || gotCat.Path(i) != want.Path || gotCat.TagOf(i) != want.Tag {
			t.Errorf("endpoint %d: head %q %q %d; want %q %q %d", i,
				gotCat.Method(i), gotCat.Path(i), gotCat.TagOf(i), want.Method, want.Path, want.Tag)
		}
	}
}

// TestDecodeSharesText checks the zero-copy promise: decoded strings are
// substrings of the data, so opening a catalog copies no text.
func TestDecodeSharesText(t *testing.T) {
	cat, idx := sample()
	data := encode(t, cat, idx)
	got, _, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	path := got.Endpoint(0).Path
	if !strings.Contains(data, path) || !within(data, path) {
		t.Errorf("a decoded string does not point into the data")
	}
}

// within reports whether s's bytes lie inside data's.
func within(data, s string) bool {
	if len(s) == 0 {
		return true
	}
	d0 := stringStart(data)
	s0 := stringStart(s)
	return s0 >= d0 && s0+uintptr(len(s)) <= d0+uintptr(len(data))
}

func TestDecodeErrors(t *testing.T) {
	cat, idx := sample()
	good := encode(t, cat, idx)
	tests := []struct {
		name, data, want string
	}{
		{"empty", "", "not a swag2mcp data file"},
		{"other file", "PK\x03\x04", "not a swag2mcp data file"},
		{"newer format", dataMagic + "\x06", "format 6, this runtime reads formats 1 to 5"},
		{"format 0", dataMagic + "\x00", "format 0, this runtime reads formats 1 to 5"},
		{"truncated", good[:len(good)/2], "at byte"},
		{"trailing", good + "x", "1 bytes after the end"},
		{"huge count", dataMagic + "\x03\xff\xff\xff\xff\x0f", "list longer than the data"},
		{"huge string", dataMagic + "\x03\x01\x00\xff\xff\xff\xff\x0f", "string longer than the data"},
		{"huge count, format 1", dataMagic + "\x01\xff\xff\xff\xff\x0f", "list longer than the data"},
		{"huge string, format 4", dataMagic + "\x04\x01\x00\xff\xff\xff\xff\x0f", "string longer than the data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Decode(tt.data)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Decode = %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestDecodeChecksRecords checks that an index pointing outside its table
// is refused: by Decode for the tables it reads (and, in format 3, for
// every record), by Load for a record's other indexes, so no caller
// indexes out of range.
func TestDecodeChecksRecords(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Catalog)
		want   string
		atLoad bool // format 4 finds it when endpoint 0 or 1 is loaded
	}{
		{"tag", func(c *Catalog) { c.Endpoints[1].Tag = 1 }, "endpoint 1: tag index 1 out of range", false},
		{"negative tag", func(c *Catalog) { c.Endpoints[0].Tag = -1 }, "endpoint 0: tag index -1 out of range", false},
		{"def", func(c *Catalog) { c.Endpoints[0].Defs = []int{0, 2} }, "def index 2 out of range", true},
		{"collection", func(c *Catalog) { c.Tags[0].Collection = 3 }, "tag 0 (t1): collection index 3 out of range", false},
		{"spec", func(c *Catalog) { c.Collections[0].Spec = 1 }, "collection 0 (c1): spec index 1 out of range", false},
	}
	for _, format := range []int{3, 4, DataFormat} {
		for _, tt := range tests {
			t.Run(fmt.Sprint("format ", format, " ", tt.name), func(t *testing.T) {
				cat, idx := sample()
				tt.change(cat)
				data, err := encodeFormat(cat, idx, format)
				if err != nil {
					t.Fatal(err)
				}
				got, _, err := Decode(string(data))
				if tt.atLoad && format >= tablesFormat {
					if err != nil {
						t.Fatalf("Decode = %v; want the error at Load", err)
					}
					_, err = got.Load(0)
					if _, err1 := got.Load(1); err1 != nil {
						t.Errorf("Load(1) = %v; want no error for a sound record", err1)
					}
				}
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("error = %v; want one containing %q", err, tt.want)
				}
			})
		}
	}
}

// TestDecodeIsLazy checks that Decode decodes no endpoint, and that
// Endpoint decodes one once, for every caller at the same time.
func TestDecodeIsLazy(t *testing.T) {
	cat, idx := sample()
	got, _, err := Decode(encode(t, cat, idx))
	if err != nil {
		t.Fatal(err)
	}
	for i := range got.records.decoded {
		if got.records.decoded[i].Load() != nil {
			t.Fatalf("endpoint %d decoded by Decode", i)
		}
	}
	var wg sync.WaitGroup
	seen := make([]*Endpoint, 8)
	for k := range seen {
		wg.Go(func() { seen[k] = got.Endpoint(2) })
	}
	wg.Wait()
	for _, e := range seen {
		if e != seen[0] {
			t.Fatalf("Endpoint(2) returned different endpoints to concurrent callers")
		}
	}
	if seen[0].ID != cat.Endpoints[2].ID || got.Endpoint(2) != seen[0] {
		t.Errorf("Endpoint(2) = %q, not kept; want %q", seen[0].ID, cat.Endpoints[2].ID)
	}
}

// TestRecordsShortened checks the two fields a record shortens: a hex id
// is stored as its bytes and a flat name derived from the operationId is
// not stored; other ids and flat names are stored as they are.
func TestRecordsShortened(t *testing.T) {
	cat, idx := sample()
	data := encode(t, cat, idx)
	if strings.Contains(data, cat.Endpoints[2].ID) {
		t.Errorf("the hex id is stored as text")
	}
	if strings.Contains(data, "pets_delete_one") {
		t.Errorf("the flat name derived from the operationId is stored")
	}
	for _, s := range []string{"\x02E1", "\x05other"} {
		if !strings.Contains(data, s) {
			t.Errorf("%q is not stored as it is", s[1:])
		}
	}
}

func TestFind(t *testing.T) {
	cat, idx := sample()
	cat.Endpoints = append(cat.Endpoints, Endpoint{ID: "e2", Method: "GET", Path: "/dup"})
	decoded, _, err := Decode(encode(t, cat, idx))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		id   string
		want int
		ok   bool
	}{
		{"e1", 0, true},
		{"e2", 1, true}, // the first of two
		{" 0123456789ABCDEF0123456789abcdef\n", 2, true},
		{"e1 ", 0, true}, // "E1" is e1's key too; e1 comes first
		{"e3", 0, false},
		{"", 0, false},
		{"0123456789abcdef0123456789abcdee", 0, false},
	}
	for _, c := range []struct {
		name string
		cat  *Catalog
	}{{"built in Go", cat}, {"decoded", decoded}} {
		for _, tt := range tests {
			i, ok := c.cat.Find(tt.id)
			if i != tt.want || ok != tt.ok {
				t.Errorf("%s: Find(%q) = %d, %v; want %d, %v", c.name, tt.id, i, ok, tt.want, tt.ok)
			}
		}
	}
}

// FuzzDecode checks that Decode never panics or over-allocates on any
// input, that every endpoint of what it accepts decodes, and that it
// encodes back to the same catalog.
func FuzzDecode(f *testing.F) {
	cat, idx := sample()
	cat.Specs[0].Defs = cat.Specs[0].Defs[:1] // small inputs fuzz faster
	cat.Endpoints[0].Defs = []int{0}
	cat.Endpoints[1].Operation = Text("{}")
	cat.Endpoints[0].Description = Text("Returns one")
	good := []byte(encode(f, cat, idx))
	f.Add(good)
	f.Add(good[:len(good)-3])
	f.Add([]byte(legacyEncode(f, cat, idx, 2)))
	for _, format := range []int{3, 4} {
		if old, err := encodeFormat(cat, idx, format); err == nil {
			f.Add(old)
		}
	}
	f.Add([]byte(dataMagic + "\x01"))
	f.Add([]byte(dataMagic + "\x03"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, i, err := Decode(string(data))
		if err != nil {
			return
		}
		// Every endpoint loads or says which record is corrupt, again and
		// again alike; its stand-in keeps its tag valid.
		corrupt := false
		for k := range c.Len() {
			e, err := c.Load(k)
			if err != nil {
				corrupt = true
				if !strings.Contains(err.Error(), fmt.Sprintf("endpoint %d ", k)) {
					t.Fatalf("Load(%d) = %v; want an error naming the endpoint", k, err)
				}
				if _, again := c.Load(k); again != err {
					t.Fatalf("Load(%d) errs differently the second time: %v", k, again)
				}
			}
			if e == nil || e.Tag < 0 || e.Tag >= len(c.Tags) || c.SpecOf(e) == nil {
				t.Fatalf("Load(%d) = %v with tag out of range", k, e)
			}
		}
		b, err := Encode(c, i) // decodes every endpoint and reads every document: a corrupt block must read as ""
		if corrupt != (err != nil) {
			t.Fatalf("Encode of a catalog with a corrupt record: %v", err)
		}
		if corrupt {
			return
		}
		again := string(b)
		c2, i2, err := Decode(again)
		if err != nil {
			t.Fatalf("re-encoded data does not decode: %v", err)
		}
		if diff := cmp.Diff(plain(t, c), plain(t, c2), cmpopts.EquateEmpty(), docText, cmpopts.IgnoreUnexported(Catalog{})); diff != "" || *i != *i2 {
			t.Fatalf("round trip changed the catalog:\n%s", diff)
		}
		// Find never names an endpoint of another id, and in data Encode
		// wrote (c2's) it finds every endpoint.
		for k := range c.Len() {
			id := c.Endpoint(k).ID
			if j, ok := c.Find(id); ok && IDKey(c.Endpoint(j).ID) != IDKey(id) {
				t.Fatalf("Find(%q) = endpoint %d, of id %q", id, j, c.Endpoint(j).ID)
			}
			if j, ok := c2.Find(id); !ok || j > k || IDKey(c2.Endpoint(j).ID) != IDKey(id) {
				t.Fatalf("re-encoded: Find(%q) = %d, %v", id, j, ok)
			}
		}
	})
}

// TestDocsCompressed checks that documents and component schemas are
// stored compressed, read back whole, and that a corrupt block reads as no
// document.
func TestDocsCompressed(t *testing.T) {
	cat, _ := sample()
	big := cat.Endpoints[1].Operation.String()
	data := encode(t, cat, nil) // no index: the last frame ends near the end of the data
	if strings.Contains(data, big[:200]) || strings.Contains(data, strings.Repeat("x", 200)) {
		t.Errorf("a document is stored uncompressed")
	}
	got, _, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if got.Endpoint(1).Operation.String() != big || got.Endpoint(0).InputSchema.String() != `{"type":"object"}` ||
		got.Specs[0].Defs[1].Schema.String() != strings.Repeat("x", 70000) {
		t.Errorf("documents do not read back")
	}
	// Flip a byte inside every block's frame: the documents read as "".
	corrupt := []byte(data)
	const frameMagic = "\x28\xb5\x2f\xfd"
	for i := strings.Index(data, frameMagic); i >= 0; {
		corrupt[i+12] ^= 0xff
		next := strings.Index(data[i+1:], frameMagic)
		if next < 0 {
			break
		}
		i += 1 + next
	}
	got, _, err = Decode(string(corrupt))
	if err == nil && (got.Endpoint(1).Operation.String() == big || got.Specs[0].Defs[1].Schema.String() != "") {
		t.Errorf("a corrupt block read back as the original")
	}
}

// TestManyMethods checks Method past the 255 distinct methods the
// method table holds: the rest are read from their records.
func TestManyMethods(t *testing.T) {
	cat, idx := sample()
	for i := range 300 {
		cat.Endpoints = append(cat.Endpoints, Endpoint{ID: fmt.Sprintf("m%d", i), Method: fmt.Sprintf("M%d", i), Path: "/m"})
	}
	got, _, err := Decode(encode(t, cat, idx))
	if err != nil {
		t.Fatal(err)
	}
	for i := range cat.Endpoints {
		if got.Method(i) != cat.Endpoints[i].Method {
			t.Fatalf("Method(%d) = %q; want %q", i, got.Method(i), cat.Endpoints[i].Method)
		}
	}
}

// TestRecordTailsPacked checks that format 5 keeps a record's tail (a
// parameter's key here) out of the record, in the compressed blocks,
// while format 4 holds it in the record.
func TestRecordTailsPacked(t *testing.T) {
	cat, idx := sample()
	for _, tt := range []struct {
		format   int
		inRecord bool
	}{{4, true}, {DataFormat, false}} {
		got, _ := decodeAs(t, cat, idx, tt.format)
		if in := strings.Contains(got.records.record(0), "ids[]"); in != tt.inRecord {
			t.Errorf("format %d: a parameter's key in the record: %v; want %v", tt.format, in, tt.inRecord)
		}
		if e := got.Endpoint(0); e.Params[1].Key != "ids[]" {
			t.Errorf("format %d: the key decodes as %q", tt.format, e.Params[1].Key)
		}
	}
}

// TestItemPath: ItemPath answers from the shape table (format 5) and from
// the path (older formats, catalogs built in memory) alike.
func TestItemPath(t *testing.T) {
	cat, idx := sample()
	items := 0
	for _, format := range []int{3, 4, DataFormat} {
		got, _ := decodeAs(t, cat, idx, format)
		if (got.records.shapes != "") != (format >= shapesFormat) {
			t.Errorf("format %d: shape table %q", format, got.records.shapes)
		}
		for i, e := range cat.Endpoints {
			want := strings.HasSuffix(e.Path, "}")
			if got.ItemPath(i) != want || cat.ItemPath(i) != want {
				t.Errorf("format %d: ItemPath(%d) of %s = %v, in memory %v; want %v", format, i, e.Path, got.ItemPath(i), cat.ItemPath(i), want)
			}
			if want {
				items++
			}
		}
	}
	if items == 0 {
		t.Fatal("the sample has no item path")
	}
}
