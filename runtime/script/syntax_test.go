package script

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSyntaxErrorAtTheUsersLine: a bracket left open or closed once too
// often made the parser blame the wrapper's closing "})()" ("Unexpected
// token }"); the error names the script's own bracket at its place.
func TestSyntaxErrorAtTheUsersLine(t *testing.T) {
	tests := []struct {
		name, src, wantMsg string
		line, col          int
	}{
		{"unclosed parenthesis", "return (", "the script ends before the ( at line 1, column 8 is closed", 1, 8},
		{"on a later line", "const a = 1;\nreturn (", "the script ends before the ( at line 2, column 8 is closed", 2, 8},
		{"unclosed object", "const x = {\n  a: 1,\n", "the script ends before the { at line 1, column 11 is closed", 1, 11},
		{"unclosed array", "return [1, 2", "the script ends before the [ at line 1, column 8 is closed", 1, 8},
		{"brackets in strings and comments do not count", "const s = '(';\n// {\nreturn [", "the [ at line 3, column 8", 3, 8},
		{"one brace too many", "if (true) { return 1 } }", "} at line 1, column 24 closes nothing that is open", 1, 24},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Run(context.Background(), tt.src, &fakeHost{}, Limits{})
			if res.Err == nil || res.Err.Code != CodeSyntax {
				t.Fatalf("err = %+v, want %s", res.Err, CodeSyntax)
			}
			if !strings.Contains(res.Err.Message, tt.wantMsg) || strings.Contains(res.Err.Message, "Unexpected token }") {
				t.Errorf("message %q, want one containing %q", res.Err.Message, tt.wantMsg)
			}
			if diff := cmp.Diff([2]int{tt.line, tt.col}, [2]int{res.Err.Line, res.Err.Column}); diff != "" {
				t.Errorf("place mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
