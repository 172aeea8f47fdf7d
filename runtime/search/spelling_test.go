package search

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

func TestEditDistanceCountsSwaps(t *testing.T) {
	for _, c := range []struct {
		a, b string
		max  int
		want int
	}{
		{"branhc", "branch", 1, 1}, // two neighbours swapped: one edit
		{"recieve", "receive", 2, 1},
		{"label", "labl", 1, 1},
		{"kitten", "sitting", 3, 3},
		{"abcd", "badc", 2, 2},
		{"webhook", "ebook", 1, 2}, // over max: max+1
		{"same", "same", 0, 0},
	} {
		if got := editDistance(c.a, c.b, c.max); got != c.want {
			t.Errorf("editDistance(%q, %q, %d) = %d, want %d", c.a, c.b, c.max, got, c.want)
		}
	}
}

// spellCatalog's words are ones a typo hides from the stemmer.
func spellCatalog() *catalog.Catalog {
	return tagCatalog("misc",
		/* 0 */ catalog.Endpoint{ID: "a", Method: "GET", Path: "/repos/{repo}/branches", Summary: "List branches"},
		/* 1 */ catalog.Endpoint{ID: "b", Method: "GET", Path: "/notifications", Summary: "List notifications"},
		/* 2 */ catalog.Endpoint{ID: "c", Method: "GET", Path: "/users", Summary: "List users"},
		/* 3 */ catalog.Endpoint{ID: "d", Method: "GET", Path: "/repos/{repo}/permission", Summary: "Get a permission"},
		/* 4 */ catalog.Endpoint{ID: "e", Method: "POST", Path: "/tasks", Summary: "Create a task"},
		/* 5 */ catalog.Endpoint{ID: "f", Method: "GET", Path: "/shipments", Summary: "List shipments"},
		/* 6 */ catalog.Endpoint{ID: "g", Method: "GET", Path: "/long", Summary: "Get " + strings.Repeat("a", maxSpellLen)},
	)
}

func TestSpellingFindsWordsStemsHide(t *testing.T) {
	lex := tinyLexicon()
	// "taking" is general English (in the server's word table, near the
	// title word shipments, far from "Create a task"), one letter from
	// "tasking".
	v := func(x ...float64) string { return string(AppendVector(nil, x)) }
	lex.vectors["shipments"] = v(0, 0, 1)
	lex.vectors["taking"] = v(0, -0.5, 1)
	lex.near = NearWords(lex.vectors, lex.dims)
	cat := spellCatalog()
	s := Open(BuildIndexWith(CatalogDocs(cat), lex), cat)
	for q, want := range map[string]int{
		"list branhces":      0, // stems to "branhc", two plain edits from "branch"
		"noifications":       1, // stems to "noific"
		"find usrs":          2, // stems to "usr", three letters
		"permissiion":        3, // stems to "permissiion"
		"ceate a tsak":       4,
		"notifications list": 1, // no typo at all
	} {
		res, err := s.Search(context.Background(), Query{Text: q, Limit: 3, Explain: true})
		if err != nil || len(res.Hits) == 0 || res.Hits[0].Endpoint != want {
			t.Errorf("Search(%q) = %s, %v; want endpoint %d first", q, hitsOf(res), err, want)
		}
	}
	r := s.(*engine).reader()
	visits := 0
	spellingStems(r, strings.Repeat("a", maxSpellLen-1), func(termInfo) { visits++ })
	if visits != 1 {
		t.Errorf("a %d-letter word one letter short found %d words, want 1", maxSpellLen-1, visits)
	}
	visits = 0
	spellingStems(r, strings.Repeat("a", maxSpellLen+1), func(termInfo) { visits++ })
	if visits != 0 {
		t.Errorf("a %d-letter word was spelled out (%d words found): longer than maxSpellLen", maxSpellLen+1, visits)
	}
	res, err := s.Search(context.Background(), Query{Text: "taking", Limit: 10, Explain: true})
	for _, h := range res.Hits {
		if h.Endpoint == 4 {
			t.Errorf("Search(taking) = %s, %v: an English word was read as a typo of tasks", hitsOf(res), err)
		}
	}
}

// hitsOf formats hits for a failure message.
func hitsOf(res Result) string {
	out := ""
	for _, h := range res.Hits {
		out += fmt.Sprintf("[%d %.3f %v] ", h.Endpoint, h.Score, h.Why)
	}
	return out
}

func TestTermFilterHoldsEveryKey(t *testing.T) {
	cat := testCatalog()
	r, ok := openReader(BuildIndex(CatalogDocs(cat)), cat)
	if !ok {
		t.Fatal("openReader refused its own index")
	}
	f := r.spelled()
	keys := 0
	for it := r.iterAt(0); it.next(); {
		if k := string(it.key); !isKeywordKey(k) {
			keys++
			if !f.mayHave(k) {
				t.Errorf("filter lacks key %q", k)
			}
		}
	}
	if keys == 0 {
		t.Fatal("no text keys walked")
	}
	missing := 0
	for i := range 1000 {
		if !f.mayHave(fmt.Sprintf("zz%dq", i)) {
			missing++
		}
	}
	if missing < 950 {
		t.Errorf("filter answers %d of 1000 absent words as present", 1000-missing)
	}
}

// TestTypoWordsAreBounded: only a query's first maxTypoWords words absent
// from the index look for their near spellings, so a description pasted
// whole costs a few words' spellings, not dozens.
func TestTypoWordsAreBounded(t *testing.T) {
	cat := spellCatalog()
	s := Open(BuildIndex(CatalogDocs(cat)), cat)
	var absent []string
	for i := range maxTypoWords {
		absent = append(absent, "qwzx"+string(rune('a'+i))+"vbn")
	}
	for _, tt := range []struct {
		query string
		found bool
	}{
		{"noifications", true},
		{"noifications " + strings.Join(absent, " "), true},
		{strings.Join(absent, " ") + " noifications", false},
	} {
		res, err := s.Search(context.Background(), Query{Text: tt.query, Limit: 3})
		if err != nil {
			t.Fatal(err)
		}
		if found := len(res.Hits) > 0 && res.Hits[0].Endpoint == 1; found != tt.found {
			t.Errorf("Search(%q) = %s; found List notifications: %v, want %v", tt.query, hitsOf(res), found, tt.found)
		}
	}
}
