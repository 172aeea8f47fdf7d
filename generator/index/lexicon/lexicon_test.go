package lexicon

import (
	"bytes"
	"compress/gzip"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

func TestLoad(t *testing.T) {
	lex, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if lex.Dims != 48 || len(lex.Vectors) < 10000 {
		t.Errorf("Dims %d, %d vectors; want 48 and more than 10,000", lex.Dims, len(lex.Vectors))
	}
	if got := strings.Join(lex.Forms["react"], " "); !strings.Contains(got, "reaction") {
		t.Errorf("forms of react = %q, want reaction among them", got)
	}
	if !strings.Contains(Notice, "Princeton University") || !strings.Contains(Notice, "GloVe") {
		t.Error("NOTICE lacks WordNet's or GloVe's notice")
	}
}

// TestNearMatchesVectors: for a sample of words, the committed near table
// lists exactly the words within search.NearCosine of them by the
// committed vectors (search.NearWords over the word and all others).
func TestNearMatchesVectors(t *testing.T) {
	lex, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	words := make([]string, 0, len(lex.Vectors))
	for w := range lex.Vectors {
		words = append(words, w)
	}
	slices.Sort(words)
	zero := int(search.AppendVector(nil, []float64{0})[0])
	comps := func(enc string) ([]float64, float64) {
		c := make([]float64, len(enc))
		n := 0.0
		for i := range enc {
			c[i] = float64(int(enc[i]) - zero)
			n += c[i] * c[i]
		}
		return c, math.Sqrt(n)
	}
	vecs, norms := make([][]float64, len(words)), make([]float64, len(words))
	for i, w := range words {
		vecs[i], norms[i] = comps(lex.Vectors[w])
	}
	checked := 0
	for i := 0; i < len(words); i += len(words) / 100 {
		w := words[i]
		a, na := vecs[i], norms[i]
		var want []string
		for j, o := range words {
			b, nb := vecs[j], norms[j]
			dot := 0.0
			for k := range a {
				dot += a[k] * b[k]
			}
			if o != w && na > 0 && nb > 0 && dot >= search.NearCosine*na*nb {
				want = append(want, o)
			}
		}
		got := slices.Clone(lex.Near[w])
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("near %q = %v, want %v", w, got, want)
		}
		checked += len(want)
	}
	if checked == 0 {
		t.Error("no sampled word has a neighbour")
	}
}

func TestReadNearRejectsBadTables(t *testing.T) {
	order := []string{"a", "b", "c"}
	for name, text := range map[string]string{
		"past the end": "3\n\n\n",
		"not base 36":  "!\n\n\n",
		"zero":         "0\n\n\n",
		"extra line":   "\n\n\n\n",
		"short":        "1\n",
	} {
		if err := readNear(gzipped(t, text), order, map[string][]string{}); err == nil {
			t.Errorf("%s: readNear accepted %q", name, text)
		}
	}
	near := map[string][]string{}
	if err := readNear(gzipped(t, "1 1\n\n\n"), order, near); err != nil || strings.Join(near["a"], ",") != "b,c" || strings.Join(near["c"], ",") != "a" {
		t.Errorf("readNear = %v, %v", near, err)
	}
}

func gzipped(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
