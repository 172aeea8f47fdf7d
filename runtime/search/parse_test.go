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
		{"parentheses", "pet (store)", 4, "parentheses are not supported"},
		{"closing parenthesis", "pet store)", 9, "parentheses are not supported"},
		{"AND", "pet AND store", 4, "put + before every term"},
		{"OR", "pet OR store", 4, "any of them may match"},
		{"NOT", "pet NOT store", 4, "put - before a term"},
		{"&&", "pet && store", 4, "put + before every term"},
		{"bang", "!store", 0, "put - before a term"},
		{"field grouping", "tag:(pet store)", 4, "repeat the field"},
		{"unknown field", "color:red", 0, `unknown field "color"`},
		{"field without value", "tag: pet", 3, "needs a value"},
		{"lone plus", "pet + store", 4, "must be directly followed"},
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
