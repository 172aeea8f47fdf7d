// Package pattern compiles the regular expressions of JSON Schema
// ("pattern" and "patternProperties"), for a generated server's argument
// validator and for the generator, which must know what that validator
// can compile.
//
// JSON Schema's regular expressions are ECMA-262's. Go's regexp (RE2)
// reads most of them and runs in linear time, so it is tried first. What it
// cannot read (lookaround, backreferences, \uXXXX escapes, repeat counts
// above 1000: common in real specs) goes to github.com/dlclark/regexp2 in
// ECMAScript mode with Unicode semantics, the engine goja already brings
// into every server for scripts. That engine backtracks, so each match is
// bounded by MatchTimeout and regexp2's backtracking stack limit; a match
// that runs out of time counts as a match: the argument is let through
// for the API to judge, never refused for the validator's want of time.
package pattern

import (
	"regexp"
	"time"

	"github.com/dlclark/regexp2/v2"
)

// MatchTimeout bounds one match of a pattern Go's regexp cannot read.
const MatchTimeout = 100 * time.Millisecond

// Regexp is a compiled pattern. It has the methods the JSON Schema
// validator's Regexp interface asks for.
type Regexp struct {
	src  string
	re2  *regexp.Regexp  // when Go's regexp reads the pattern
	ecma *regexp2.Regexp // otherwise
}

// Compile compiles expr with Go's regexp, or else as ECMAScript. The error
// is the ECMAScript engine's when neither reads expr.
func Compile(expr string) (*Regexp, error) {
	if re, err := regexp.Compile(expr); err == nil {
		return &Regexp{src: expr, re2: re}, nil
	}
	re, err := regexp2.Compile(expr, regexp2.ECMAScript|regexp2.Unicode)
	if err != nil {
		return nil, err
	}
	re.MatchTimeout = MatchTimeout
	return &Regexp{src: expr, ecma: re}, nil
}

// MatchString reports whether s holds a match, as JSON Schema's pattern
// asks (unanchored). A match that times out counts as one.
func (r *Regexp) MatchString(s string) bool {
	if r.re2 != nil {
		return r.re2.MatchString(s)
	}
	ok, err := r.ecma.MatchString(s)
	return ok || err != nil
}

// ECMAScript reports whether the pattern needed the ECMAScript engine.
func (r *Regexp) ECMAScript() bool { return r.ecma != nil }

// String is the pattern as written.
func (r *Regexp) String() string { return r.src }
