// Package filter decides which operations a server exposes: include and
// exclude rules by tag, method, operationId and path pattern. The generator
// applies the rules when it emits a server and the server when it starts,
// so both speak the same vocabulary.
package filter

import (
	"fmt"
	"strings"
)

// Limits on rules, so a config file cannot make every lookup slow.
const (
	maxPatterns   = 256
	maxPatternLen = 512
)

// Rules choose operations. Include lists form a union: with any include
// pattern set, an operation is kept when it matches at least one of them,
// whatever the kind. Exclude patterns then drop operations and always win.
// Every pattern is a glob matched without regard to case: * is any run of
// characters (slashes included, as in search's path: filter) and ? one
// character.
type Rules struct {
	IncludeTags, ExcludeTags       []string
	IncludeMethods, ExcludeMethods []string
	IncludeOps, ExcludeOps         []string // operationIds
	IncludePaths, ExcludePaths     []string // path templates, e.g. /pets/*
}

// Op is what the rules look at in one operation.
type Op struct {
	Method      string
	Path        string
	OperationID string
	Tags        []string // every tag; none matches no tag pattern
}

// Empty reports whether r sets no pattern, so every operation is kept.
func (r Rules) Empty() bool {
	for _, l := range r.Lists() {
		if len(*l.List) > 0 {
			return false
		}
	}
	return true
}

// Keep reports whether r exposes op.
func (r Rules) Keep(op Op) bool {
	if r.matches(op, r.ExcludeTags, r.ExcludeMethods, r.ExcludeOps, r.ExcludePaths) {
		return false
	}
	if len(r.IncludeTags)+len(r.IncludeMethods)+len(r.IncludeOps)+len(r.IncludePaths) == 0 {
		return true
	}
	return r.matches(op, r.IncludeTags, r.IncludeMethods, r.IncludeOps, r.IncludePaths)
}

// matches reports whether op matches any of the patterns given.
func (Rules) matches(op Op, tags, methods, ops, paths []string) bool {
	for _, t := range op.Tags {
		if anyMatch(tags, t) {
			return true
		}
	}
	return anyMatch(methods, op.Method) ||
		(op.OperationID != "" && anyMatch(ops, op.OperationID)) ||
		anyMatch(paths, op.Path)
}

// Check reports the first unusable pattern, naming its list by the flag
// vocabulary (include-tag, exclude-path, …).
func (r Rules) Check() error {
	n := 0
	for _, l := range r.Lists() {
		for _, p := range *l.List {
			n++
			switch {
			case strings.TrimSpace(p) == "":
				return fmt.Errorf("%s: empty pattern", l.Name)
			case len(p) > maxPatternLen:
				return fmt.Errorf("%s: pattern longer than %d bytes", l.Name, maxPatternLen)
			}
		}
	}
	if n > maxPatterns {
		return fmt.Errorf("more than %d filter patterns", maxPatterns)
	}
	return nil
}

// Describe renders r for a log line: "include-tag=pet exclude-method=DELETE".
func (r Rules) Describe() string {
	var parts []string
	for _, l := range r.Lists() {
		if len(*l.List) > 0 {
			parts = append(parts, l.Name+"="+strings.Join(*l.List, ","))
		}
	}
	return strings.Join(parts, " ")
}

// List is one named list of r, for readers of flags and config files.
type List struct {
	Name string    // include-tag, exclude-tag, include-method, …
	List *[]string // the list in r
}

// Lists names every list of r in a fixed order, so flags, environment
// variables and config keys are derived from one table.
func (r *Rules) Lists() []List {
	return []List{
		{"include-tag", &r.IncludeTags}, {"exclude-tag", &r.ExcludeTags},
		{"include-method", &r.IncludeMethods}, {"exclude-method", &r.ExcludeMethods},
		{"include-op", &r.IncludeOps}, {"exclude-op", &r.ExcludeOps},
		{"include-path", &r.IncludePaths}, {"exclude-path", &r.ExcludePaths},
	}
}

// Split turns "a, b,,c" into [a b c]: the form of a list in an environment
// variable or a comma-separated flag value.
func Split(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func anyMatch(patterns []string, s string) bool {
	for _, p := range patterns {
		if Match(p, s) {
			return true
		}
	}
	return false
}

// Match reports whether s matches the glob pattern, ignoring case. It is
// hand-written because path.Match stops * at slashes, and it must agree
// with runtime/search's path: wildcards; it backtracks only to the last
// star, so it runs in O(len(s)·len(pattern)) at worst.
func Match(pattern, s string) bool {
	pattern, s = strings.ToLower(strings.TrimSpace(pattern)), strings.ToLower(s)
	pr, sr := []rune(pattern), []rune(s)
	p, i := 0, 0
	star, mark := -1, 0
	for i < len(sr) {
		switch {
		case p < len(pr) && pr[p] == '*':
			star, mark = p, i
			p++
		case p < len(pr) && (pr[p] == '?' || pr[p] == sr[i]):
			p++
			i++
		case star >= 0:
			p = star + 1
			mark++
			i = mark
		default:
			return false
		}
	}
	for p < len(pr) && pr[p] == '*' {
		p++
	}
	return p == len(pr)
}
