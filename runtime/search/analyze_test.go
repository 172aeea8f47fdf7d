package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAnalyze(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"empty", "", []string{}},
		{"punctuation only", " /-{}. ", []string{}},
		{"path", "/pets/{petId}/photos", []string{"pet", "pet", "id", "petid", "photo"}},
		{"camel case with stop word", "getPetById", []string{"get", "pet", "id", "getpetbyid"}},
		{"acronym", "HTTPServer", []string{"http", "server", "httpserver"}},
		{"snake and kebab", "pull_request review-comments", []string{"pull", "request", "review", "comment"}},
		{"digits after a word split", "oauth2 sha256 v1", []string{"oauth", "oauth2", "sha", "256", "sha256", "v1"}},
		{"stop words dropped", "Which of my pets did the user add?", []string{"pet", "user", "add"}},
		// "like" is an action of social APIs (POST /comments/{id}/like); a
		// query leaves it out where it compares (see dropLike).
		{"like is a word", "Like a comment", []string{"like", "comment"}},
		{"plurals and stems agree", "repositories repository categories category", []string{"repositori", "repositori", "categori", "categori"}},
		{"verbs stem", "deleting deleted deletes", []string{"delet", "delet", "delet"}},
		// Porter2's own rules (its exceptions, -ly, -ing after a double
		// consonant), where the older Porter stemmer answers otherwise:
		// the index a generator wrote must keep meaning the same terms.
		{"porter2 rules", "skies dying generously knitting hopping", []string{"sky", "die", "generous", "knit", "hop"}},
		// Porter2 takes -ize off what it made of -ization; the -ize family
		// keeps its "iz" and stays apart from the word it hides.
		{"organization is no organ", "organization organizations organize organized organ", []string{"organiz", "organiz", "organiz", "organiz", "organ"}},
		{"authorization is no author", "authorization authorize authorizing author", []string{"authoriz", "authoriz", "authoriz", "author"}},
		{"other -ize words keep theirs", "size prize customize custom", []string{"size", "prize", "customiz", "custom"}},
		{"method", "GET", []string{"get"}},
		{"non-ascii letters kept", "Übersicht für Käufer", []string{"übersicht", "für", "käufer"}},
		{"single letters dropped", "x y pet", []string{"pet"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Analyze(tt.text)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Analyze(%q) mismatch (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}

func TestAnalyzePositions(t *testing.T) {
	got := analyzeTokens("getPetById and the pets", 0, nil)
	want := []token{{"get", 0}, {"pet", 1}, {"id", 2}, {"getpetbyid", 0}, {"pet", 3}}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(token{})); diff != "" {
		t.Errorf("positions mismatch (-want +got):\n%s", diff)
	}
	if n := len(analyzeTokens("a b c pets users orders", 2, nil)); n != 2 {
		t.Errorf("limit 2 gave %d tokens", n)
	}
}

func TestStripMarkup(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"plain text", "plain text"},
		{"<p>Adds a <b>new</b> pet</p>", " Adds a  new  pet "},
		{"See [the docs](https://example.com/docs/pets).", "See [the docs ."},
		{"Visit https://example.com/a/b now", "Visit   now"},
		{"a &amp; b", "a   b"},
		{"x < y and y > z", "x < y and y > z"},
		{"unclosed <b", "unclosed <b"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := stripMarkup(tt.in); got != tt.want {
				t.Errorf("stripMarkup(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestAnalyzerMemo: an index build's analyzer, whose memo answers words
// it has met, gives the tokens and surface words of a fresh analysis.
func TestAnalyzerMemo(t *testing.T) {
	texts := []string{
		"getPetById", "/pets/{petId}/photos", "HTTPServer oauth2 v1 Ünïcode ÉTÉ",
		"List the pets of the user", "getPetById for the HTTPServer", "a I an on",
	}
	memo := newAnalyzer()
	for round := range 2 {
		for _, text := range texts {
			for _, keepStop := range []bool{false, true} {
				want := analyzeWith(text, 0, nil, keepStop)
				if diff := cmp.Diff(want, memo.analyze(text, 0, nil, keepStop), cmp.AllowUnexported(token{})); diff != "" {
					t.Errorf("round %d, %q, keepStop %v (-want +got):\n%s", round, text, keepStop, diff)
				}
			}
			if diff := cmp.Diff(surfaceWords(text, nil), memo.surfaceWords(text, nil)); diff != "" {
				t.Errorf("round %d, surface words of %q (-want +got):\n%s", round, text, diff)
			}
		}
	}
	if len(memo.memo) == 0 {
		t.Error("the memo kept no word")
	}
}
