package pattern

import (
	"strings"
	"testing"
	"time"

	_ "github.com/swag2mcp/swag2mcp/internal/updateflag" // go test ./... -update must not fail here
)

func TestCompile(t *testing.T) {
	tests := []struct {
		name, expr string
		ecma       bool            // needs the ECMAScript engine
		match      map[string]bool // input → want
	}{
		{name: "plain", expr: `^[a-z]+$`, match: map[string]bool{"abc": true, "aB": false}},
		{name: "unanchored", expr: `b`, match: map[string]bool{"abc": true, "xyz": false}},
		{name: "negative lookahead", expr: `^(?!aws:)[a-z:]+$`, ecma: true, match: map[string]bool{"aws:x": false, "gcp:x": true}},
		{name: "lookbehind", expr: `^[a-z-]+(?<!-)$`, ecma: true, match: map[string]bool{"a-b": true, "ab-": false}},
		{name: "backreference", expr: `^(a+)-\1$`, ecma: true, match: map[string]bool{"aa-aa": true, "aa-a": false}},
		{name: "unicode escapes", expr: `^[\u0041-\u005A]+$`, ecma: true, match: map[string]bool{"ABC": true, "abc": false}},
		{name: "repeat count over 1000", expr: `^.{1,2048}$`, ecma: true, match: map[string]bool{"x": true, strings.Repeat("x", 2049): false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			re, err := Compile(tt.expr)
			if err != nil {
				t.Fatal(err)
			}
			if re.ECMAScript() != tt.ecma || re.String() != tt.expr {
				t.Errorf("ECMAScript() = %v, String() = %q; want %v, %q", re.ECMAScript(), re.String(), tt.ecma, tt.expr)
			}
			for in, want := range tt.match {
				if got := re.MatchString(in); got != want {
					t.Errorf("MatchString(%.20q) = %v, want %v", in, got, want)
				}
			}
		})
	}
}

func TestCompileRefuses(t *testing.T) {
	for _, expr := range []string{`[z-a]`, `(unclosed`, `\p{Graph}`, `a**`} {
		if _, err := Compile(expr); err == nil {
			t.Errorf("Compile(%q) accepted", expr)
		}
	}
}

// TestMatchBounded checks that a catastrophically backtracking pattern
// gives up within its bound and lets the input through.
func TestMatchBounded(t *testing.T) {
	re, err := Compile(`^(a+)+(?!x)b$`) // lookahead: only the backtracking engine reads it
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	ok := re.MatchString(strings.Repeat("a", 5000) + "c")
	if elapsed := time.Since(start); elapsed > 20*MatchTimeout {
		t.Errorf("match took %v, want about %v", elapsed, MatchTimeout)
	}
	if !ok {
		t.Error("a match that ran out of time refused the input; want it let through")
	}
}
