package script

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

// position is a place in the script's own source, 1-based.
type position struct{ line, col int }

// toSource maps a position in the wrapped source to the script's source.
func toSource(line, col int) position {
	if line == 1 {
		col -= len(wrapPrefix)
	}
	return position{line, max(col, 1)}
}

// syntaxError words a parse or compile error at its place in src.
func syntaxError(err error, src string) *Error {
	e := &Error{Code: CodeSyntax, Message: "SyntaxError: " + err.Error()}
	var list parser.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		first := list[0]
		e.Message = "SyntaxError: " + first.Message
		if len(list) > 1 {
			e.Message += " (and " + strconv.Itoa(len(list)-1) + " more errors)"
		}
		pos := toSource(first.Position.Line, first.Position.Column)
		// Past the end of the source, the parser blames the wrapper's own
		// "})()": the cause is a bracket of the script left open or closed
		// too often, which bracketProblem names at its place.
		if last := strings.Count(src, "\n") + 1; pos.line > last {
			pos = position{last, len(src) - strings.LastIndexByte(src, '\n')}
			if msg, at, ok := bracketProblem(src); ok {
				e.Message, pos = "SyntaxError: "+msg, at
			} else {
				e.Message = "SyntaxError: unexpected end of the script"
			}
		}
		e.Line, e.Column = pos.line, pos.col
	}
	return e
}

// stackPlace finds "script:LINE:COL" in an Error's stack text; compiled
// on first use, not at every server's start-up.
var stackPlace = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b` + sourceName + `:(\d+):(\d+)`)
})

// rejection words a thrown or rejected value: an Error by its name,
// message and the first place in the script on its stack.
func rejection(v goja.Value) *Error {
	e := &Error{Code: CodeException}
	obj, isObj := v.(*goja.Object)
	if v == nil || !isObj {
		e.Message = "uncaught " + describeValue(v)
		return e
	}
	e.Message = describeValue(v)
	if stack := obj.Get("stack"); stack != nil && !goja.IsUndefined(stack) {
		if m := stackPlace().FindStringSubmatch(stack.String()); m != nil {
			line, _ := strconv.Atoi(m[1])
			col, _ := strconv.Atoi(m[2])
			pos := toSource(line, col)
			e.Line, e.Column = pos.line, pos.col
		}
	}
	return e
}

// describeValue renders a thrown value briefly; converting it may run
// script code (toString), which must not fail the wording.
func describeValue(v goja.Value) (s string) {
	defer func() {
		if recover() != nil {
			s = "(a value that cannot be shown)"
		}
	}()
	if v == nil {
		return "undefined"
	}
	s = v.String()
	if len(s) > 2000 {
		s = strings.ToValidUTF8(s[:2000], "") + "…"
	}
	return s
}

// framePosition is the first frame of stack that lies in the script.
func framePosition(stack []goja.StackFrame) (position, bool) {
	for i := range stack {
		if stack[i].SrcName() != sourceName {
			continue
		}
		p := stack[i].Position()
		if p.Line > 0 {
			return toSource(p.Line, p.Column), true
		}
	}
	return position{}, false
}
