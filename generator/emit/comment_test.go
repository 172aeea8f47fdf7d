package emit

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCommentLines(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"empty", "", nil},
		{"plain", "Lists pets.", []string{"Lists pets."}},
		{"close comment", "a */ b **// c", []string{"a * / b ** // c"}},
		{"line ends", "a\r\nb\rc\u2028d\u2029e", []string{"a", "b", "c", "d", "e"}},
		{"blank runs", "\n\na\n\n\n\nb\n\n", []string{"a", "", "b"}},
		{"controls", "a\x00b\x1b[31mc\u202ed\ufeffe\tf", []string{"ab[31mcde f"}},
		{"invalid utf8", "a\xffb", []string{"a\ufffdb"}},
		{"directive stays text", "//go:generate rm -rf /", []string{"//go:generate rm -rf /"}},
		{"non-ascii", "Grüße, 日本語", []string{"Grüße, 日本語"}},
		{"wrap", strings.Repeat("word ", 30), []string{
			strings.TrimSpace(strings.Repeat("word ", 20)), strings.TrimSpace(strings.Repeat("word ", 10))}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, commentLines(tt.in)); diff != "" {
				t.Errorf("commentLines(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestCommentLinesLimits(t *testing.T) {
	long := commentLines(strings.Repeat("x ", 5000))
	if len(long) > commentMaxLines {
		t.Errorf("%d lines, want at most %d", len(long), commentMaxLines)
	}
	many := commentLines(strings.Repeat("line\n\n", 100))
	if len(many) != commentMaxLines || many[len(many)-1] != "…" {
		t.Errorf("got %d lines ending %q, want %d ending in …", len(many), many[len(many)-1], commentMaxLines)
	}
	runes := 0
	for _, l := range commentLines(strings.Repeat("y", 5000)) {
		runes += len([]rune(l))
	}
	if runes > commentMaxRunes {
		t.Errorf("%d runes, want at most %d", runes, commentMaxRunes)
	}
}
