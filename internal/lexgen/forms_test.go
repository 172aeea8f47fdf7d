package main

import (
	"path/filepath"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// TestFormsRelateMeaningsTheVectorsShare: words of a synset or of its
// hypernyms up to two levels join as related in meaning when their vectors
// agree ("mortgage" → loan, "film" → movie), marked after the derivational
// forms; a sense the vectors do not share ("link" → nexus), a hypernym
// three levels up and an unknown word do not.
func TestFormsRelateMeaningsTheVectorsShare(t *testing.T) {
	wn := &wordNet{
		synsets: map[synsetKey][]string{
			{'n', 1}: {"mortgage"}, {'n', 2}: {"loan"}, {'n', 3}: {"debt"}, {'n', 4}: {"obligation"},
			{'n', 5}: {"film", "movie"}, {'n', 6}: {"link", "nexus"}, {'v', 7}: {"lend"},
		},
		hypernyms: map[synsetKey][]synsetKey{{'n', 1}: {{'n', 2}}, {'n', 2}: {{'n', 3}}, {'n', 3}: {{'n', 4}}},
		ptrs:      []pointer{{from: synsetKey{'n', 2}, src: 1, to: synsetKey{'v', 7}, target: 1}},
	}
	v := func(x ...float64) string { return string(search.AppendVector(nil, x)) }
	money := v(1, 0.1, 0)
	vectors := map[string]string{
		"mortgage": money, "loan": money, "debt": money, "obligation": money, "lend": money,
		"film": v(0, 1, 0), "movie": v(0, 1, 0.1), "link": v(0, 0, 1), "nexus": v(1, -1, 0),
	}
	known := map[string]int{}
	for w := range vectors {
		known[w] = len(known)
	}
	out := filepath.Join(t.TempDir(), "forms.txt.gz")
	if err := writeForms(wn, nil, nil, out, known, search.NearWords(vectors, 3)); err != nil {
		t.Fatal(err)
	}
	want := "debt ~loan ~mortgage ~obligation\n" +
		"film ~movie\n" +
		"lend loan\n" +
		"loan lend ~debt ~mortgage ~obligation\n" +
		"mortgage ~debt ~loan\n" + // obligation is three levels up
		"movie ~film\n" +
		"obligation ~debt ~loan\n"
	if got := gunzipFile(t, out); got != want {
		t.Errorf("forms:\n%s\nwant:\n%s", got, want)
	}
}
