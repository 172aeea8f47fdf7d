package service

import (
	"regexp"
	"strings"
	"testing"
)

// The patterns of plainText with their bounds written inside them.
var (
	boundedTag  = regexp.MustCompile(`<[^<>]{1,200}>`)
	boundedLink = regexp.MustCompile(`\[([^\[\]]{1,200})\]\([^()\s]{1,500}\)`)
)

// boundedPlainText is plainText written with the bounds inside the
// patterns, as one would first write it: plainText must agree with it on
// every input.
func boundedPlainText(s string) string {
	s = boundedTag.ReplaceAllString(s, " ")
	s = boundedLink.ReplaceAllString(s, "$1")
	s = strings.NewReplacer("**", "", "`", "", "&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", `"`).Replace(s)
	s = compileTextPatterns().spaces.ReplaceAllString(s, " ")
	s = compileTextPatterns().spacedPunct.ReplaceAllString(s, "$1$2")
	return strings.TrimSpace(s)
}

func plainTextCases() []string {
	long := func(n int) string { return strings.Repeat("x", n) }
	return []string{
		"",
		"Lists <b>all</b> pets.",
		"See [the docs](https://example.com/docs) for more.",
		"<" + long(200) + "> kept at the bound",
		"<" + long(201) + "> one past the bound is left",
		"[" + long(200) + "](u) and [" + long(201) + "](u)",
		"[t](" + long(500) + ") and [t](" + long(501) + ")",
		"[a](x[b](y)) nested",
		"[a](x[b]) then [c](d)",
		"<a <b> c> << >> <>",
		"[](empty) [x]() [x] (y) [x](has space)",
		"<" + long(300) + "<i>x</i>",
		"[" + long(250) + "](u) [ok](v)",
		"tag <br/> , then . spaced",
		"<" + strings.Repeat("é", 200) + "> bounds count characters, not bytes",
		"[" + strings.Repeat("é", 200) + "](" + strings.Repeat("\xff", 500) + ") and <" + strings.Repeat("\xff", 201) + ">",
	}
}

func TestPlainTextMatchesBoundedPatterns(t *testing.T) {
	for _, s := range plainTextCases() {
		if got, want := plainText(s), boundedPlainText(s); got != want {
			t.Errorf("plainText(%.60q…)\n got %q\nwant %q", s, got, want)
		}
	}
}

func FuzzPlainText(f *testing.F) {
	for _, s := range plainTextCases() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := plainText(s), boundedPlainText(s); got != want {
			t.Fatalf("plainText(%q) = %q, want %q", s, got, want)
		}
	})
}
