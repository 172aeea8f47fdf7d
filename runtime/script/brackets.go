package script

import "fmt"

// bracketProblem finds the first bracket of src that the wrapper around
// it would otherwise be blamed for: a closing one that closes nothing, or,
// at the end, the innermost one left open. It skips strings, template
// literals and comments; a regular expression literal holding brackets
// may mislead it, so it only words an error the parser already found.
func bracketProblem(src string) (msg string, pos position, ok bool) {
	type open struct {
		c   byte
		pos position
	}
	var stack []open
	line, col := 1, 0
	advance := func(c byte) {
		if c == '\n' {
			line, col = line+1, 0
		} else {
			col++
		}
	}
	pairs := map[byte]byte{')': '(', ']': '[', '}': '{'}
	for i := 0; i < len(src); i++ {
		c := src[i]
		advance(c)
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
				advance(src[i])
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			for i++; i < len(src) && !(src[i] == '/' && src[i-1] == '*' && i > 0); i++ {
				advance(src[i])
			}
			if i < len(src) {
				advance(src[i])
			}
		case c == '"' || c == '\'' || c == '`':
			for i++; i < len(src) && src[i] != c; i++ {
				advance(src[i])
				if src[i] == '\\' && i+1 < len(src) {
					i++
					advance(src[i])
				}
				if src[i] == '\n' && c != '`' {
					break
				}
			}
			if i < len(src) {
				advance(src[i])
			}
		case c == '(' || c == '[' || c == '{':
			stack = append(stack, open{c, position{line, col}})
		case c == ')' || c == ']' || c == '}':
			if len(stack) == 0 || stack[len(stack)-1].c != pairs[c] {
				return fmt.Sprintf("%c at line %d, column %d closes nothing that is open", c, line, col), position{line, col}, true
			}
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) > 0 {
		o := stack[len(stack)-1]
		return fmt.Sprintf("the script ends before the %c at line %d, column %d is closed", o.c, o.pos.line, o.pos.col), o.pos, true
	}
	return "", position{}, false
}
