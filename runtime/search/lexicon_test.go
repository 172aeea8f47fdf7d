package search

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// mapLexicon is a Lexicon held in maps.
type mapLexicon struct {
	dims    int
	vectors map[string]string
	forms   map[string][]string
	spells  map[string][]string
	near    map[string][]string
}

func (l *mapLexicon) Dims() int                   { return l.dims }
func (l *mapLexicon) Forms(w string) []string     { return l.forms[w] }
func (l *mapLexicon) Spellings(w string) []string { return l.spells[w] }
func (l *mapLexicon) Near(w string) []string      { return l.near[w] }
func (l *mapLexicon) Notice() string              { return "notice" }
func (l *mapLexicon) Vector(w string) (string, bool) {
	v, ok := l.vectors[w]
	return v, ok
}

// tinyLexicon has three-dimensional vectors: money words, pet words and
// shipping words point three ways.
func tinyLexicon() *mapLexicon {
	v := func(x ...float64) string { return string(AppendVector(nil, x)) }
	lex := &mapLexicon{
		dims: 3,
		vectors: map[string]string{
			"refund": v(1, 0.1, 0), "reimbursement": v(0.9, 0, 0.1), "money": v(1, 0, 0),
			"pet": v(0, 1, 0), "pets": v(0, 1, 0.1), "dog": v(0.1, 1, 0),
			"shipment": v(0, 0, 1), "list": v(0.3, 0.3, 0.3), "create": v(0.3, 0.4, 0.3),
			"volcano": v(-1, -1, -1),
		},
		forms: map[string][]string{"react": {"reaction"}, "reaction": {"react"}},
	}
	lex.near = NearWords(lex.vectors, lex.dims)
	return lex
}

func lexCatalog() *catalog.Catalog {
	return tagCatalog("misc",
		/* 0 */ catalog.Endpoint{ID: "a", Method: "POST", Path: "/reimbursements", Summary: "Create a reimbursement"},
		/* 1 */ catalog.Endpoint{ID: "b", Method: "GET", Path: "/pets", Summary: "List pets"},
		/* 2 */ catalog.Endpoint{ID: "c", Method: "POST", Path: "/comments/{id}/reactions", Summary: "Create a reaction"},
		/* 3 */ catalog.Endpoint{ID: "d", Method: "GET", Path: "/shipments", Summary: "List shipments"},
	)
}

func TestLexiconTables(t *testing.T) {
	cat := lexCatalog()
	ix := BuildIndexWith(CatalogDocs(cat), tinyLexicon())
	if ix.Dims != 3 || len(ix.Vectors) != 3*len(cat.Endpoints) || ix.Notice != "notice" {
		t.Fatalf("Dims %d, %d vector bytes, notice %q", ix.Dims, len(ix.Vectors), ix.Notice)
	}
	words := lineTable(ix.Words)
	if _, ok := words.find("money"); !ok {
		t.Error("money (near reimbursement) is not in the server's words")
	}
	if _, ok := words.find("volcano"); ok {
		t.Error("volcano (near no API word) is in the server's words")
	}
	if got, ok := lineTable(ix.Forms).find("react"); !ok || got != "reaction" {
		t.Errorf("forms of react = %q, %v; want the API's term reaction", got, ok)
	}
	s := Open(ix, cat)
	top := func(q string) int {
		res, err := s.Search(context.Background(), Query{Text: q, Limit: 3})
		if err != nil || len(res.Hits) == 0 {
			t.Fatalf("Search(%q) = %+v, %v", q, res, err)
		}
		return res.Hits[0].Endpoint
	}
	if got := top("refund"); got != 0 {
		t.Errorf("refund (no shared word) found %d first, want the reimbursement 0", got)
	}
	if got := top("react to a comment"); got != 2 {
		t.Errorf("react found %d first, want the reaction 2", got)
	}
	if got := top("dog"); got != 1 {
		t.Errorf("dog found %d first, want pets 1", got)
	}
	// Without the tables the same index searches as before.
	plain := Open(BuildIndex(CatalogDocs(cat)), cat)
	if res, _ := plain.Search(context.Background(), Query{Text: "refund", Limit: 3}); res.Total != 0 {
		t.Errorf("without tables refund matched %d", res.Total)
	}
}

// TestOtherSpellingIsTheWord: a query in British spelling finds an API
// written in American spelling, inflected or not, and scores as the
// API's own word would (a related form scores lower).
func TestOtherSpellingIsTheWord(t *testing.T) {
	cat := tagCatalog("misc",
		/* 0 */ catalog.Endpoint{ID: "a", Method: "GET", Path: "/colors", Summary: "List colors"},
		/* 1 */ catalog.Endpoint{ID: "b", Method: "GET", Path: "/organizations/{org}", Summary: "Get an organization"},
		/* 2 */ catalog.Endpoint{ID: "c", Method: "GET", Path: "/shapes", Summary: "List shapes"},
	)
	lex := &mapLexicon{dims: 3, spells: map[string][]string{
		"colors": {"colours"}, "colours": {"colors"}, "organization": {"organisation"}, "organisation": {"organization"},
	}}
	ix := BuildIndexWith(CatalogDocs(cat), lex)
	if got, ok := lineTable(ix.Forms).find("colour"); !ok || got != spellingMark+"color" {
		t.Errorf("forms table's colour = %q, %v; want %q", got, ok, spellingMark+"color")
	}
	s := Open(ix, cat)
	first := func(q string) Hit {
		t.Helper()
		res, err := s.Search(context.Background(), Query{Text: q, Limit: 3, Explain: true})
		if err != nil || len(res.Hits) == 0 {
			t.Fatalf("Search(%q) = %+v, %v", q, res, err)
		}
		return res.Hits[0]
	}
	for q, want := range map[string]int{"list colours": 0, "the organisation": 1, "organisations": 1} {
		if got := first(q); got.Endpoint != want {
			t.Errorf("%q found %d first, want %d", q, got.Endpoint, want)
		}
	}
	british, american := first("colour"), first("color")
	if british.Score != american.Score || len(british.Why) == 0 || british.Why[0].Via != "spelling" {
		t.Errorf("colour scored %v (%+v), color %v; want the same score, reached as a spelling", british.Score, british.Why, american.Score)
	}
}

func TestLineTable(t *testing.T) {
	tab := lineTable(writeLines(map[string]string{"b": "2", "a": "1", "abc": "x y", "c": ""}))
	for k, want := range map[string]string{"a": "1", "b": "2", "abc": "x y", "c": ""} {
		if got, ok := tab.find(k); !ok || got != want {
			t.Errorf("find(%q) = %q, %v; want %q", k, got, ok, want)
		}
	}
	for _, k := range []string{"", "ab", "d", "0"} {
		if _, ok := tab.find(k); ok {
			t.Errorf("find(%q) found a line", k)
		}
	}
	if _, ok := lineTable("").find("a"); ok {
		t.Error("empty table found a line")
	}
}

func TestVectorCodec(t *testing.T) {
	enc := string(AppendVector(nil, []float64{0.5, -0.25, 0}))
	q := []float32{1, 0, 0}
	if c := cosine(q, enc); c < 0.85 || c > 0.9 {
		t.Errorf("cosine = %v, want about 0.894", c)
	}
	if c := cosine(q, string(AppendVector(nil, []float64{0, 0, 0}))); c != 0 {
		t.Errorf("cosine with a zero vector = %v", c)
	}
}

// TestBodyFieldRanksLow: a request-body property finds its endpoint, below
// one whose summary has the word.
func TestBodyFieldRanksLow(t *testing.T) {
	docs := []Doc{
		{Method: "PATCH", Path: "/repos/{repo}", Summary: "Update a repository", Body: []string{"archived Whether to archive the repository"}},
		{Method: "POST", Path: "/archives", Summary: "Archive a file"},
		{Method: "GET", Path: "/repos", Summary: "List repositories"},
	}
	cat := &catalog.Catalog{Specs: []catalog.Spec{{ID: "s"}}, Collections: []catalog.Collection{{ID: "c"}}, Tags: []catalog.Tag{{ID: "t"}}}
	for _, d := range docs {
		cat.Endpoints = append(cat.Endpoints, catalog.Endpoint{ID: d.Path + d.Method, Method: d.Method, Path: d.Path, Summary: d.Summary})
	}
	s := Open(BuildIndex(docs), cat)
	res, err := s.Search(context.Background(), Query{Text: "archive a repository", Limit: 3})
	if err != nil || len(res.Hits) == 0 || res.Hits[0].Endpoint != 0 {
		t.Fatalf("archive a repository = %+v, %v; want the PATCH with the archived field first", res.Hits, err)
	}
	res, _ = s.Search(context.Background(), Query{Text: "archive", Limit: 3})
	if len(res.Hits) < 2 || res.Hits[0].Endpoint != 1 {
		t.Errorf("archive = %+v; want the endpoint named so before the body field", res.Hits)
	}
}

// TestSharedParamsIgnored: a parameter most endpoints take (a request-id
// header) is not indexed, so its words keep their weight in titles.
func TestSharedParamsIgnored(t *testing.T) {
	var docs []Doc
	cat := &catalog.Catalog{Specs: []catalog.Spec{{ID: "s"}}, Collections: []catalog.Collection{{ID: "c"}}, Tags: []catalog.Tag{{ID: "t"}}}
	for i, sum := range []string{"Create a payment request", "Create a payment", "List payments", "List cards", "Create a card", "Delete a card"} {
		d := Doc{Method: "POST", Path: "/p" + string(rune('a'+i)), Summary: sum, Params: []string{"X-Client-Request-Id"}}
		docs = append(docs, d)
		cat.Endpoints = append(cat.Endpoints, catalog.Endpoint{ID: d.Path, Method: d.Method, Path: d.Path, Summary: sum})
	}
	docs[2].Params = append(docs[2].Params, "cursor")
	shared := sharedParams(docs)
	if !shared["x-client-request-id"] || shared["cursor"] {
		t.Fatalf("sharedParams = %v; want the header every endpoint takes, not cursor", shared)
	}
	s := Open(BuildIndex(docs), cat)
	res, err := s.Search(context.Background(), Query{Text: "create a new payment request", Limit: 3})
	if err != nil || len(res.Hits) == 0 || res.Hits[0].Endpoint != 0 {
		t.Errorf("create a new payment request = %+v, %v; want the payment request first", res.Hits, err)
	}
	if res, _ := s.Search(context.Background(), Query{Text: "+param:cursor", Limit: 3}); res.Total != 1 {
		t.Errorf("+param:cursor matched %d; the parameter of one endpoint must stay indexed", res.Total)
	}
}

func TestNearWords(t *testing.T) {
	v := func(x ...float64) string { return string(AppendVector(nil, x)) }
	near := NearWords(map[string]string{
		"a": v(1, 0, 0), "b": v(0.9, 0.2, 0), "c": v(0, 1, 0), "d": v(0.7, 0.7, 0), "zero": v(0, 0, 0), "short": "x",
	}, 3)
	// cos(a,b) ≈ 0.98, cos(a,d) = cos(c,d) ≈ 0.71, cos(b,d) ≈ 0.86, cos(a,c) = 0.
	want := map[string][]string{"a": {"b", "d"}, "b": {"a", "d"}, "c": {"d"}, "d": {"a", "b", "c"}}
	if diff := cmp.Diff(want, near); diff != "" {
		t.Errorf("NearWords (-want +got):\n%s", diff)
	}
}

// TestMeaningOnlyForWordsTheAPILacks: a word the API lacks finds the API's
// words near it in meaning ("cinema" → movies), below a derivation's
// weight; a word the API has keeps its own sense ("films" finds the films,
// not the movies it is also near).
func TestMeaningOnlyForWordsTheAPILacks(t *testing.T) {
	cat := tagCatalog("misc",
		/* 0 */ catalog.Endpoint{ID: "a", Method: "GET", Path: "/movies", Summary: "List movies"},
		/* 1 */ catalog.Endpoint{ID: "b", Method: "GET", Path: "/films", Summary: "List films"},
		/* 2 */ catalog.Endpoint{ID: "c", Method: "GET", Path: "/people", Summary: "List people"},
	)
	lex := &mapLexicon{dims: 3, forms: map[string][]string{
		"movies": {RelatedMark + "cinema", RelatedMark + "films"}, "films": {RelatedMark + "movies"},
	}}
	ix := BuildIndexWith(CatalogDocs(cat), lex)
	if got, ok := lineTable(ix.Forms).find("cinema"); !ok || got != RelatedMark+"movi" {
		t.Errorf("forms table's cinema = %q, %v; want the API's term movi, marked", got, ok)
	}
	s := Open(ix, cat)
	hits := func(q string) []Hit {
		t.Helper()
		res, err := s.Search(context.Background(), Query{Text: q, Limit: 5, Explain: true})
		if err != nil {
			t.Fatalf("Search(%q): %v", q, err)
		}
		return res.Hits
	}
	if got := hits("cinema"); len(got) != 1 || got[0].Endpoint != 0 || got[0].Why[0].Via != "meaning" {
		t.Errorf("cinema = %+v, want the movies, reached through meaning", got)
	}
	if got := hits("films"); len(got) != 1 || got[0].Endpoint != 1 {
		t.Errorf("films = %+v, want the films alone: the API has the word", got)
	}
	movie, cinema := hits("movies"), hits("cinema")
	if len(movie) == 0 || len(cinema) == 0 || cinema[0].Score >= movie[0].Score {
		t.Errorf("cinema scored %+v, movies %+v; want a word near in meaning below the word itself", cinema, movie)
	}
}
