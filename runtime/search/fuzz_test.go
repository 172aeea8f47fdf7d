package search

import (
	"context"
	"errors"
	"math"
	"testing"
)

// FuzzQuery runs arbitrary queries against the test index: any query gets
// hits or a *QueryError whose position lies within the query, never a panic.
func FuzzQuery(f *testing.F) {
	for _, q := range []string{
		"pet", "method:GET", "tag:pet", `path:"/api/v1/users"`, "+method:POST +tag:pet",
		"-method:DELETE", "create~", "path:/api/v1/*", "/pattern/", "term^3", `"find pet"~2`,
		"pet~2^3", `a\:b`, "(x", "/api/v1//users", "https://h//api/v1/pets/7?a=b#c", "/api/v1/pets('7')^2", "/x/", "AND", "tag:(a b)", "/a(b/", "us?r", "which users?", "ü*", "\xff~",
		"list pets -- all of them, NOT sold (see \"status\"). 5\" collar ~80 !", "a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb cc dd ee ff gg hh",
	} {
		f.Add(q)
	}
	s := openTest(f)
	f.Fuzz(func(t *testing.T, q string) {
		res, err := s.Search(context.Background(), Query{Text: q, Limit: 5, Explain: true})
		if err != nil {
			var qe *QueryError
			if !errors.As(err, &qe) {
				t.Fatalf("Search(%q) error %v is not a *QueryError", q, err)
			}
			if qe.Pos < 0 || qe.Pos > len(q) {
				t.Fatalf("Search(%q) error position %d outside the query", q, qe.Pos)
			}
			return
		}
		if len(res.Hits) > 5 || res.Total < len(res.Hits) {
			t.Fatalf("Search(%q) = %d hits of %d", q, len(res.Hits), res.Total)
		}
		if cs, err := parse(q); err != nil || len(cs) > maxClauses {
			t.Fatalf("Search(%q) ran, but parse gives %d clauses, %v", q, len(cs), err)
		}
		if res.Searched != "" {
			if pq, err := parseStrict(res.Searched); err != nil || pq.changed() {
				t.Fatalf("Search(%q) searched %q, which does not parse as it stands: %v", q, res.Searched, err)
			}
		}
	})
}

// FuzzIndex opens corrupted indexes: searching one may find nothing or
// wrong things, but every answer stays well-formed: no panic, only query
// errors, at most Limit hits of existing endpoints, each once, by falling
// score, and a Total that counts at least the hits shown.
func FuzzIndex(f *testing.F) {
	cat := testCatalog()
	ix := BuildIndex(CatalogDocs(cat))
	f.Add(ix.Dict, ix.Postings, ix.Positions, ix.Blocks)
	f.Add("", "", "", "")
	f.Add(ix.Dict, ix.Postings[:len(ix.Postings)/2], ix.Positions, ix.Blocks)
	f.Fuzz(func(t *testing.T, dict, postings, positions, blocks string) {
		bad := ix
		bad.Dict, bad.Postings, bad.Positions, bad.Blocks = dict, postings, positions, blocks
		s := Open(bad, cat)
		for _, q := range []string{"pet", `"find pet"`, "pe*", "inventry", "path:/api/*", "-method:GET"} {
			const limit = 3
			res, err := s.Search(context.Background(), Query{Text: q, Limit: limit, Explain: true})
			if err != nil {
				var qe *QueryError
				if !errors.As(err, &qe) {
					t.Fatalf("%q: error %v is not a *QueryError", q, err)
				}
				continue
			}
			if len(res.Hits) > limit || res.Total < len(res.Hits) {
				t.Fatalf("%q: %d hits of %d, limit %d", q, len(res.Hits), res.Total, limit)
			}
			seen := map[int]bool{}
			for i, h := range res.Hits {
				if h.Endpoint < 0 || h.Endpoint >= len(cat.Endpoints) || seen[h.Endpoint] {
					t.Fatalf("%q: hit %d is endpoint %d (of %d), or a repeat", q, i, h.Endpoint, len(cat.Endpoints))
				}
				seen[h.Endpoint] = true
				if math.IsNaN(h.Score) || i > 0 && h.Score > res.Hits[i-1].Score {
					t.Fatalf("%q: hit %d scores %v after %v", q, i, h.Score, res.Hits[max(i-1, 0)].Score)
				}
			}
		}
	})
}

// TestCorruptIndexSweep keeps the two bugs fuzzing found as regressions: a
// zero document step (it once produced document -1 and a panic) and a huge
// per-field count (it once drove the phrase loop for minutes). Every byte
// of the postings and positions is set in turn to the smallest and the
// largest digit of the index alphabet, and every query must still return.
func TestCorruptIndexSweep(t *testing.T) {
	cat := testCatalog()
	ix := BuildIndex(CatalogDocs(cat))
	queries := []string{"pet", `"find pet"`, "pe*", "inventry", "path:/api/*", "-method:GET", "store order"}
	for _, part := range []string{"postings", "positions"} {
		src := ix.Postings
		if part == "positions" {
			src = ix.Positions
		}
		for i := range len(src) {
			for _, c := range []byte{'?', '~'} {
				b := []byte(src)
				b[i] = c
				bad := ix
				if part == "postings" {
					bad.Postings = string(b)
				} else {
					bad.Positions = string(b)
				}
				s := Open(bad, cat)
				for _, q := range queries {
					if _, err := s.Search(context.Background(), Query{Text: q, Limit: 3, Explain: true}); err != nil {
						var qe *QueryError
						if !errors.As(err, &qe) {
							t.Fatalf("%s[%d]=%q, query %q: %v", part, i, c, q, err)
						}
					}
				}
			}
		}
	}
}
