package main

import (
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestSpellingsJoinOneWordsTwoSpellings: words of one synset that differ
// in British and American spelling are joined, with the inflections
// known has; a synonym spelt otherwise is not, nor are two words that
// the rewrites make alike but no synset shares.
func TestSpellingsJoinOneWordsTwoSpellings(t *testing.T) {
	wn := &wordNet{synsets: map[synsetKey][]string{
		{'n', 1}: {"organisation", "organization", "establishment"},
		{'n', 2}: {"colour", "color"},
		{'n', 3}: {"tour"},
		{'n', 4}: {"tor"},
		{'n', 5}: {"catalogue", "catalog"},
	}}
	known := map[string]int{}
	for _, w := range []string{"organisation", "organization", "establishment", "colour", "color", "colours", "colors",
		"colouring", "tour", "tor", "catalogue", "catalog", "catalogued", "cataloged"} {
		known[w] = len(known)
	}
	out := filepath.Join(t.TempDir(), "spellings.txt.gz")
	if err := writeSpellings(wn, out, known); err != nil {
		t.Fatal(err)
	}
	want := "catalog catalogue\ncataloged catalogued\ncatalogue catalog\ncatalogued cataloged\n" +
		"color colour\ncolors colours\ncolour color\ncolours colors\n" +
		"organisation organization\norganization organisation\n"
	if got := gunzipFile(t, out); got != want {
		t.Errorf("spellings:\n%s\nwant:\n%s", got, want)
	}
}

func TestAmericanSpeller(t *testing.T) {
	american := americanSpeller()
	for british, want := range map[string]string{
		"organisation": "organization", "analysed": "analyzed", "colour": "color", "centre": "center",
		"catalogues": "catalogs", "licence": "license", "programme": "program", "travelled": "traveled",
		"anaemia": "anemia", "judgement": "judgment", "color": "color",
	} {
		if got := american(british); got != want {
			t.Errorf("american(%q) = %q, want %q", british, got, want)
		}
	}
}

func gunzipFile(t *testing.T, name string) string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
