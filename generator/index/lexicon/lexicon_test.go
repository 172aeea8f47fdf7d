package lexicon

import (
	"strings"
	"testing"
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
