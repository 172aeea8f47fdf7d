package build

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// Checks of a lowered spec for what would otherwise be lost or ambiguous
// without a word: schemas cut to their bounds, operationIds used twice,
// path templates that match the same requests, and input schemas a
// server's validator could not compile.

// flag reports a loss at at: a warning, or an error when strict.
func (l *lowerer) flag(at ir.Pos, format string, args ...any) {
	l.problem(&skip{pos: at, msg: fmt.Sprintf(format, args...)})
}

// at locates a registry problem: in the root spec unless it names another file.
func (l *lowerer) at(file string, line, col int) ir.Pos {
	p := ir.Pos{File: l.doc.Path, Line: line, Col: col}
	if file != "" {
		p.File = filepath.Join(filepath.Dir(l.doc.Path), file)
	}
	return p
}

// schemaWarnings reports what the schema registry cut or left out.
func (l *lowerer) schemaWarnings() {
	for _, w := range l.reg.Warnings() {
		l.flag(l.at(w.File, w.Line, w.Col), "%s", w.Msg)
	}
}

// duplicateOperationIDs reports each operation whose operationId an
// earlier one of the spec has: scripts, search and Go names would tell them
// apart only by a suffix.
func (l *lowerer) duplicateOperationIDs() {
	first := map[string]*ir.Endpoint{}
	for _, lw := range l.eps {
		e := lw.ep
		if e.OperationID == "" {
			continue
		}
		prev, ok := first[e.OperationID]
		if !ok {
			first[e.OperationID] = e
			continue
		}
		l.flag(e.Pos, "operation %q (%s %s): operationId is already the one of %s %s at %s; operationIds must be unique",
			e.OperationID, e.Method, e.Path, prev.Method, prev.Path, posString(prev.Pos))
	}
}

// templateShape is path with each parameter's name dropped: /a/{id} → /a/{}.
func templateShape(path string) string {
	var b strings.Builder
	inParam := false
	for _, r := range path {
		switch {
		case r == '{' && !inParam:
			inParam = true
			b.WriteRune(r)
		case r == '}' && inParam:
			inParam = false
			b.WriteRune(r)
		case !inParam:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// conflictingTemplates reports each path that differs from an earlier one
// only in the names of its parameters (/a/{id} and /a/{name}): OpenAPI
// calls them identical, and a request to one matches both.
func (l *lowerer) conflictingTemplates() {
	first := map[string]*ir.Endpoint{}
	reported := map[string]bool{}
	for _, lw := range l.eps {
		e := lw.ep
		shape := templateShape(e.Path)
		prev, ok := first[shape]
		if !ok {
			first[shape] = e
			continue
		}
		if prev.Path == e.Path || reported[e.Path] {
			continue
		}
		reported[e.Path] = true
		l.flag(e.Pos, "path %q matches the same requests as %q at %s: the templates differ only in parameter names",
			e.Path, prev.Path, posString(prev.Pos))
	}
}

// defOf splits a pointer "/$defs/{Name}/rest" into the def name and rest.
func defOf(ptr string) (name, rest string, ok bool) {
	after, ok := strings.CutPrefix(ptr, "/$defs/")
	if !ok {
		return "", "", false
	}
	name, rest, _ = strings.Cut(after, "/")
	name = strings.NewReplacer("~1", "/", "~0", "~").Replace(name)
	if rest != "" {
		rest = "/" + rest
	}
	return name, rest, true
}

// posString writes a position as file:line:col.
func posString(p ir.Pos) string {
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}
