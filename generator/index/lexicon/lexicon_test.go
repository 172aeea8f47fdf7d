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

// The decoded tables are what search.BuildIndexWith reads.
var _ search.Lexicon = (*Lexicon)(nil)

func TestLoad(t *testing.T) {
	lex, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if lex.Dims() != 48 || len(lex.words) < 10000 {
		t.Errorf("Dims %d, %d vectors; want 48 and more than 10,000", lex.Dims(), len(lex.words))
	}
	if v, ok := lex.Vector("issue"); !ok || len(v) != 48 {
		t.Errorf("vector of issue = %q, %v", v, ok)
	}
	if _, ok := lex.Vector("xyzzyplugh"); ok {
		t.Error("a word not in the table has a vector")
	}
	if got := strings.Join(lex.Forms("react"), " "); !strings.Contains(got, "reaction") {
		t.Errorf("forms of react = %q, want reaction among them", got)
	}
	for word, want := range map[string]string{"organisation": "organization", "color": "colour", "catalogue": "catalog"} {
		if got := lex.Spellings(word); !slices.Contains(got, want) {
			t.Errorf("spellings of %s = %q, want %s among them", word, got, want)
		}
	}
	if got := lex.Spellings("tour"); len(got) != 0 {
		t.Errorf("spellings of tour = %q, want none", got)
	}
	if !strings.Contains(lex.Notice(), "Princeton University") || !strings.Contains(Notice, "GloVe") {
		t.Error("NOTICE lacks WordNet's or GloVe's notice")
	}
	if again, _ := Load(); again != lex {
		t.Error("Load decoded the tables again")
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
	words := slices.Sorted(slices.Values(lex.words))
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
		v, _ := lex.Vector(w)
		vecs[i], norms[i] = comps(v)
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
		got := lex.Near(w)
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
	for name, text := range map[string]string{
		"past the end": "3\n\n\n",
		"not base 36":  "!\n\n\n",
		"zero":         "0\n\n\n",
		"huge":         "zzzzzzzzzzzzzzzzzzzz\n\n\n",
		"extra line":   "\n\n\n\n",
		"short":        "1\n",
	} {
		if _, _, err := readNear(text, 3); err == nil {
			t.Errorf("%s: readNear accepted %q", name, text)
		}
	}
	l := &Lexicon{words: []string{"a", "b", "c"}, ids: map[string]int32{"a": 0, "b": 1, "c": 2}}
	var err error
	l.nearAt, l.near, err = readNear("1 1\n\n\n", 3)
	if err != nil || strings.Join(l.Near("a"), ",") != "b,c" || strings.Join(l.Near("b"), ",") != "a" || strings.Join(l.Near("c"), ",") != "a" {
		t.Errorf("near a, b, c = %v, %v, %v; %v", l.Near("a"), l.Near("b"), l.Near("c"), err)
	}
}

func TestDecodeRejectsBadTables(t *testing.T) {
	near := gzipped(t, "\n\n")
	forms := gzipped(t, "a b\n")
	for name, vectors := range map[string]string{
		"no space":   "a xy\nb\n",
		"dimensions": "a xy\nb xyz\n",
		"twice":      "a xy\na xy\n",
	} {
		if _, err := decode(gzipped(t, vectors), forms, forms, near); err == nil {
			t.Errorf("%s: decode accepted vectors %q", name, vectors)
		}
	}
	if _, err := decode(gzipped(t, "a xy\nb xy\n"), gzipped(t, "ab\n"), forms, near); err == nil {
		t.Error("decode accepted a forms line without a space")
	}
	if _, err := decode(gzipped(t, "a xy\nb xy\n"), forms, gzipped(t, "ab\n"), near); err == nil {
		t.Error("decode accepted a spellings line without a space")
	}
	if _, err := decode([]byte("not gzip"), forms, forms, near); err == nil {
		t.Error("decode accepted vectors that are not gzipped")
	}
	if l, err := decode(gzipped(t, "a xy\nb xy\n"), forms, gzipped(t, "a c\n"), near); err != nil || l.Dims() != 2 ||
		strings.Join(l.Forms("a"), ",") != "b" || strings.Join(l.Spellings("a"), ",") != "c" {
		t.Errorf("decode of a good table = %v, %v", l, err)
	}
}

func TestGunzipBoundsTheText(t *testing.T) {
	gz := gzipped(t, strings.Repeat("x", 100))
	if _, err := gunzip(gz, 99); err == nil {
		t.Error("gunzip returned more than its limit")
	}
	if s, err := gunzip(gz, 100); err != nil || len(s) != 100 {
		t.Errorf("gunzip at its limit = %d bytes, %v", len(s), err)
	}
}

// BenchmarkDecode measures what the first Load of a process costs.
func BenchmarkDecode(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := decode(vectorsGz, formsGz, spellingsGz, nearGz); err != nil {
			b.Fatal(err)
		}
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
