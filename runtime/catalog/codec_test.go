package catalog

import (
	"strings"
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
			Defs: []Def{{Name: "Pet", Schema: `{"type":"object"}`}, {Name: "Big", Schema: strings.Repeat("x", 70000)}},
		}},
		Collections: []Collection{{ID: "c1", Title: "Swagger Petstore", Spec: 0}},
		Tags:        []Tag{{ID: "t1", Name: "pet", Description: "Everything", Collection: 0}},
		Endpoints: []Endpoint{
			{
				ID: "e1", Tag: 0, Method: "GET", Path: "/pet/{petId}", OperationID: "getPetById", FlatName: "getPetById",
				Summary: "Find", Description: "Returns one", Deprecated: true, Tags: []string{"pet", "extra"}, BaseURL: "https://other",
				Params: []Param{
					{Name: "petId", In: "path", Required: true},
					{Name: "ids", Key: "ids[]", In: "query", Style: "form", Explode: ExplodeFalse, AllowReserved: true, CollectionFormat: "csv"},
				},
				Body:        &Body{Required: true, MediaTypes: []string{"application/json", "text/plain"}},
				Security:    []Requirement{{Schemes: []SchemeUse{{Scheme: 0, Scopes: []string{"read"}}, {Scheme: 1}}}, {}},
				InputSchema: Text(`{"type":"object"}`), Operation: Text(`{"id":"getPetById"}`), Defs: []int{0, 1},
			},
			{ID: "e2", Tag: 0, Method: "POST", Path: "/pet", Operation: Text(strings.Repeat(`{"big":true}`, 9000))},
		},
	}
	idx := &Index{Format: 1, Docs: 2, Meta: "m", Blocks: "b", Dict: "d\x00", Postings: "p", Positions: "q", Norms: "n",
		Dims: 3, Vectors: "\x00\x7f\x80\x01\x02\x03", Words: "pet\t\x01\x02\x03\n", Forms: "pet\tpets\n", Notice: "WordNet ©"}
	return cat, idx
}

// docText compares documents by their text.
var docText = cmp.Comparer(func(a, b Doc) bool { return a.String() == b.String() })

func encode(t testing.TB, cat *Catalog, idx *Index) string {
	t.Helper()
	b, err := Encode(cat, idx)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCodecRoundTrip(t *testing.T) {
	cat, idx := sample()
	data := encode(t, cat, idx)
	gotCat, gotIdx, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(cat, gotCat, cmpopts.EquateEmpty(), docText); diff != "" {
		t.Errorf("catalog (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(idx, gotIdx); diff != "" {
		t.Errorf("index (-want +got):\n%s", diff)
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
	big := got.Specs[0].Defs[1].Schema
	if !strings.Contains(data, big) || !within(data, big) {
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
		{"newer format", dataMagic + "\x03", "format 3, this runtime reads formats 1 to 2"},
		{"format 0", dataMagic + "\x00", "format 0, this runtime reads formats 1 to 2"},
		{"truncated", good[:len(good)/2], "at byte"},
		{"trailing", good + "x", "1 bytes after the end"},
		{"huge count", dataMagic + "\x01\xff\xff\xff\xff\x0f", "list longer than the data"},
		{"huge string", dataMagic + "\x01\x01\xff\xff\xff\xff\x0f", "string longer than the data"},
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

// TestDecodeFormat1 checks that data of format 1, which ends before the
// index's word tables, still decodes: its index has no word tables.
func TestDecodeFormat1(t *testing.T) {
	cat, idx := sample()
	plain := *idx
	plain.Dims, plain.Vectors, plain.Words, plain.Forms, plain.Notice = 0, "", "", "", ""
	data := encode(t, cat, &plain)
	const tables = "\x00\x00\x00\x00\x00" // Dims 0 and four empty strings
	if !strings.HasPrefix(data, dataMagic+"\x02") || !strings.HasSuffix(data, tables) {
		t.Fatalf("format 2 data does not end with its word tables")
	}
	v1 := dataMagic + "\x01" + strings.TrimSuffix(data, tables)[len(dataMagic)+1:]
	gotCat, gotIdx, err := Decode(v1)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(&plain, gotIdx); diff != "" {
		t.Errorf("index (-want +got):\n%s", diff)
	}
	if len(gotCat.Endpoints) != len(cat.Endpoints) {
		t.Errorf("endpoints: got %d, want %d", len(gotCat.Endpoints), len(cat.Endpoints))
	}
	if _, _, err := Decode(v1 + tables); err == nil {
		t.Errorf("format 1 data with word tables decoded; want trailing bytes refused")
	}
}

// FuzzDecode checks that Decode never panics or over-allocates on any
// input, and that whatever it accepts encodes back to the same bytes.
func FuzzDecode(f *testing.F) {
	cat, idx := sample()
	cat.Specs[0].Defs = cat.Specs[0].Defs[:1] // small inputs fuzz faster
	cat.Endpoints[1].Operation = Text("{}")
	good := []byte(encode(f, cat, idx))
	f.Add(good)
	f.Add(good[:len(good)-3])
	f.Add([]byte(dataMagic + "\x01"))
	f.Add([]byte(dataMagic + "\x02"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, i, err := Decode(string(data))
		if err != nil {
			return
		}
		again := encode(t, c, i) // reads every document: a corrupt block must read as ""
		c2, i2, err := Decode(again)
		if err != nil {
			t.Fatalf("re-encoded data does not decode: %v", err)
		}
		if diff := cmp.Diff(c, c2, cmpopts.EquateEmpty(), docText); diff != "" || *i != *i2 {
			t.Fatalf("round trip changed the catalog:\n%s", diff)
		}
	})
}

// TestDocsCompressed checks that documents are stored compressed, read
// back whole, and that a corrupt block reads as no document.
func TestDocsCompressed(t *testing.T) {
	cat, _ := sample()
	big := cat.Endpoints[1].Operation.String()
	data := encode(t, cat, nil) // no index: the last frame ends near the end of the data
	if strings.Contains(data, big[:200]) {
		t.Errorf("the operation document is stored uncompressed")
	}
	got, _, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if got.Endpoints[1].Operation.String() != big || got.Endpoints[0].InputSchema.String() != `{"type":"object"}` {
		t.Errorf("documents do not read back")
	}
	// Flip a byte inside the last block's frame: the documents there read as "".
	corrupt := []byte(data)
	i := strings.LastIndex(data, "\x28\xb5\x2f\xfd") // zstd frame magic
	corrupt[i+len(corrupt[i:])/2] ^= 0xff
	got, _, err = Decode(string(corrupt))
	if err == nil && got.Endpoints[1].Operation.String() == big {
		t.Errorf("a corrupt block read back as the original")
	}
}
