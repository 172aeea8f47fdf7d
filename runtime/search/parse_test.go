package search

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestQueryErrors(t *testing.T) {
	s := openTest(t)
	tests := []struct {
		name    string
		query   string
		wantPos int
		wantMsg string // substring
	}{
		{"empty", "", 0, "empty query"},
		{"blank", " \t\n", 0, "empty query"},
		{"only stop words", "the of a", 0, "only common words"},
		{"parentheses after must", "pet +(store)", 5, "parentheses are not supported"},
		{"parentheses after must not", "pet -(store)", 5, "parentheses are not supported"},
		{"AND", "pet AND store", 4, "put + before every term"},
		{"OR", "pet OR store", 4, "any of them may match"},
		{"NOT", "pet NOT store", 4, "put - before a term"},
		{"&&", "pet && store", 4, "put + before every term"},
		{"bang", "!store", 0, "put - before a term"},
		{"field grouping", "tag:(pet store)", 4, "repeat the field"},
		{"double minus", "--pet", 0, "must be directly followed"},
		{"unclosed quote", `pet "find pet`, 4, "unclosed quote"},
		{"empty phrase", `""`, 0, "empty phrase"},
		{"quote inside word", `pet"x"`, 3, "quote inside a word"},
		{"bad boost", "pet^x", 4, "boost after ^"},
		{"zero boost", "pet^0", 4, "boost after ^"},
		{"huge boost", "pet^1000", 4, "boost after ^"},
		{"two boosts", "pet^2^3", 5, "second ^"},
		{"fuzziness too high", "pet~3", 4, "out of range"},
		{"fuzzy phrase", `"find pet"~2`, 10, "proximity"},
		{"fuzzy method", "method:GET~", 10, "does not apply"},
		{"fuzzy wildcard", "pe*~", 3, "plain words only"},
		{"garbage after suffix", "pet~1x", 5, "unexpected"},
		{"lone star", "*", 0, "wildcard needs letters"},
		{"bad regex", "/a(b/", 0, "bad regular expression"},
		{"empty regex", "// pet", 0, "empty regular expression"},
		{"missing term", "^3", 0, "missing term"},
		{"too long", strings.Repeat("a", maxQueryBytes+1), maxQueryBytes, "longer than"},
		{"too many clauses", strings.Repeat("pet ", maxClauses+1), 4 * maxClauses, "more than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.Search(context.Background(), Query{Text: tt.query, Limit: 5})
			var qe *QueryError
			if !errors.As(err, &qe) {
				t.Fatalf("Search(%q) error = %v, want *QueryError", tt.query, err)
			}
			if qe.Pos != tt.wantPos || !strings.Contains(qe.Msg, tt.wantMsg) {
				t.Errorf("Search(%q) = %v; want position %d and a message with %q", tt.query, qe, tt.wantPos, tt.wantMsg)
			}
		})
	}
}

func TestLoneQuestionMarkIgnored(t *testing.T) {
	res, err := openTest(t).Search(context.Background(), Query{Text: "health ?", Limit: 5})
	if err != nil || res.Total != 1 {
		t.Errorf("Search = %+v, %v; want one hit", res, err)
	}
}

// TestNaturalTextIsNeverRefused runs text a user might type that looks like
// syntax in places: every one is read as words.
func TestNaturalTextIsNeverRefused(t *testing.T) {
	s := openTest(t)
	tests := []struct {
		query string
		want  int // the first hit
	}{
		{"ship it: delete this pet now", 3},
		{"color:red pet inventory", 4},
		{"note: list all pets", 0},
		{"tag: pets", 0},
		{"list pets (all of them)", 0},
		{"find a pet (by its id)", 2},
		{"pets + users", 6},
		{"pets - list", 0},
		{"https://example.com/pets list", 0},
		{"DELETE A PET AND NOTHING ELSE", 3}, // capitals: AND, OR and NOT are words
		{"LIST USERS OR PEOPLE", 6},
		{"PETS NOT SOLD", 0},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res, err := s.Search(context.Background(), Query{Text: tt.query, Limit: 5})
			if err != nil {
				t.Fatalf("Search(%q): %v", tt.query, err)
			}
			if len(res.Hits) == 0 || res.Hits[0].Endpoint != tt.want {
				t.Errorf("Search(%q) = %+v, want endpoint %d first", tt.query, res.Hits, tt.want)
			}
		})
	}
}
