package search

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestNoteNarrowsForReal runs the query a cut answer's note suggests and
// checks that it returns fewer matches, the best hit among them, and that
// the bare field term it replaces would not have narrowed at all.
func TestNoteNarrowsForReal(t *testing.T) {
	cat := testCatalog()
	s := Open(BuildIndex(CatalogDocs(cat)), cat)
	search := func(q string, limit int) Result {
		t.Helper()
		res, err := s.Search(context.Background(), Query{Text: q, Limit: limit})
		if err != nil {
			t.Fatalf("Search(%q): %v", q, err)
		}
		return res
	}
	for _, q := range []string{"pet", "list", "+method:GET pet", "delete"} {
		t.Run(q, func(t *testing.T) {
			res := search(q, 1)
			if res.Total <= 1 {
				t.Fatalf("Search(%q) has %d matches; the test needs a cut answer", q, res.Total)
			}
			note := ResultNote(context.Background(), s, cat, q, res)
			narrow, n := NarrowQuery(context.Background(), s, cat, q, res)
			if narrow == "" || !strings.Contains(note, narrow) {
				t.Fatalf("note %q does not suggest a narrower query (%q)", note, narrow)
			}
			got := search(narrow, 0)
			if got.Total != n || got.Total >= res.Total {
				t.Errorf("suggested %q has %d matches, %q had %d: it does not narrow", narrow, got.Total, q, res.Total)
			}
			if !slices.ContainsFunc(got.Hits, func(h Hit) bool { return h.Endpoint == res.Hits[0].Endpoint }) {
				t.Errorf("suggested %q lost the best hit %d", narrow, res.Hits[0].Endpoint)
			}
			bare := strings.Replace(narrow, " +", " ", 1)
			if b := search(bare, 0); b.Total < res.Total {
				t.Errorf("bare %q narrowed to %d of %d: then the note's + would not be needed", bare, b.Total, res.Total)
			}
		})
	}
}

func TestResultNote(t *testing.T) {
	cat := testCatalog()
	s := Open(BuildIndex(CatalogDocs(cat)), cat)
	ctx := context.Background()
	if got := ResultNote(ctx, s, cat, "weather", Result{}); !strings.Contains(got, "No endpoint matched") ||
		!strings.HasSuffix(got, " The API's resources include: pets, users, store, health, inventory, orders.") {
		t.Errorf("empty answer note = %q; want the API's resources at its end", got)
	}
	if got := ResultNote(ctx, s, cat, "pet", Result{Hits: []Hit{{Endpoint: 0}}, Total: 1}); got != "" {
		t.Errorf("complete answer note = %q, want none", got)
	}
	if got := ResultNote(ctx, s, cat, "+method:GET +tag:pets pet", Result{Hits: []Hit{{Endpoint: 0}}, Total: 3}); strings.Contains(got, "matches; ") || !strings.Contains(got, "+method:POST") {
		t.Errorf("note for a query with both filters = %q, want general advice only", got)
	}
	if got, n := NarrowQuery(ctx, s, cat, "user", Result{Hits: []Hit{{Endpoint: 8}}, Total: 3}); got != "user +method:DELETE" || n != 1 {
		t.Errorf("NarrowQuery = %q, %d", got, n)
	}
	// Every match is a GET: the tag narrows, the method would not.
	if got, _ := NarrowQuery(ctx, s, cat, "list", Result{Hits: []Hit{{Endpoint: 6}}, Total: 5}); got != "list +tag:users" {
		t.Errorf("NarrowQuery = %q", got)
	}
	if got, _ := NarrowQuery(ctx, s, cat, "+method:GET check", Result{Hits: []Hit{{Endpoint: 9}}, Total: 2}); got != `+method:GET check +tag:"Health Checks"` {
		t.Errorf("NarrowQuery = %q", got)
	}
}

func TestQuerySyntaxIsOneLine(t *testing.T) {
	if strings.Contains(QuerySyntax, "\n") || !strings.Contains(ToolDescription, QuerySyntax) {
		t.Errorf("QuerySyntax must be one line and part of ToolDescription")
	}
	// Every example of the syntax line parses.
	for _, q := range []string{"+method:POST", "path:/a/*/b", `"a phrase"`, "typo~", "/regex/", "word^3", "+word", "-word"} {
		if _, err := parse(q); err != nil {
			t.Errorf("example %q of QuerySyntax does not parse: %v", q, err)
		}
	}
}

// TestReadingNote: how a query was read opens the note, the reason it was
// read as words first; a query read as written adds nothing.
func TestReadingNote(t *testing.T) {
	if n := ReadingNote(Result{Total: 3}); n != "" {
		t.Errorf("ReadingNote of a query read as written = %q", n)
	}
	n := ReadingNote(Result{ReadAsWords: "NOT is not supported", Ignored: []string{"zz"}, Loosened: []string{"a b"}})
	why, left, loose := strings.Index(n, "NOT is not supported"), strings.Index(n, "left out: zz"), strings.Index(n, `phrase "a b"`)
	if why < 0 || left < why || loose < left {
		t.Errorf("ReadingNote = %q; want the reason, then the words left out, then the loosened phrase", n)
	}
}
