// Package diag collects located problems found while generating: errors that
// stop generation and warnings about operations that were skipped.
package diag

import (
	"fmt"
	"sort"
	"strings"
)

// Severity says whether a problem stops generation.
type Severity int

// Severities.
const (
	Error Severity = iota
	Warning
)

// Diagnostic is one problem at a place in a spec file.
type Diagnostic struct {
	Severity Severity
	File     string // relative path as given; "" when unknown
	Line     int    // 1-based; 0 when unknown
	Col      int    // 1-based; 0 when unknown
	Msg      string // lowercase, no trailing period
}

// String formats d as "file:line:col: msg" (or a shorter prefix when the
// location is partly unknown), with "warning: " before warnings' messages.
func (d Diagnostic) String() string {
	var b strings.Builder
	if d.File != "" {
		b.WriteString(d.File)
		if d.Line > 0 {
			fmt.Fprintf(&b, ":%d", d.Line)
			if d.Col > 0 {
				fmt.Fprintf(&b, ":%d", d.Col)
			}
		}
		b.WriteString(": ")
	}
	if d.Severity == Warning {
		b.WriteString("warning: ")
	}
	b.WriteString(d.Msg)
	return b.String()
}

// List is a collection of diagnostics; it is an error when it holds any Error.
type List []Diagnostic

// Errorf adds an error at file:line:col.
func (l *List) Errorf(file string, line, col int, format string, args ...any) {
	*l = append(*l, Diagnostic{Error, file, line, col, fmt.Sprintf(format, args...)})
}

// Warnf adds a warning at file:line:col.
func (l *List) Warnf(file string, line, col int, format string, args ...any) {
	*l = append(*l, Diagnostic{Warning, file, line, col, fmt.Sprintf(format, args...)})
}

// HasErrors reports whether l holds at least one Error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Sort orders l by file, line, column and message, for stable output.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return a.Msg < b.Msg
	})
}

// Error joins the diagnostics one per line, so a List can be returned as an error.
func (l List) Error() string {
	lines := make([]string, len(l))
	for i, d := range l {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}
