package server

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

// args reads one call's arguments and collects what is wrong with them, so
// a model learns every problem of its call at once.
type args struct {
	raw      map[string]json.RawMessage
	problems []string
}

// readArgs decodes a call's arguments, which must be a JSON object whose
// keys are among known.
func readArgs(req mcp.CallToolRequest, known ...string) *args {
	a := &args{raw: map[string]json.RawMessage{}}
	raw := req.Params.RawArguments
	if len(raw) == 0 && req.Params.Arguments != nil {
		b, err := json.Marshal(req.Params.Arguments)
		if err != nil {
			a.problem("arguments cannot be read: %v", err)
			return a
		}
		raw = b
	}
	if len(raw) == 0 || isNull(raw) {
		return a
	}
	if err := json.Unmarshal(raw, &a.raw); err != nil {
		a.problem("arguments must be a JSON object")
		return a
	}
	var unknown []string
	for k := range a.raw {
		if !slices.Contains(known, k) {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		a.problem("unknown argument %q (this tool takes %s)", k, strings.Join(known, ", "))
	}
	return a
}

func (a *args) problem(format string, v ...any) {
	a.problems = append(a.problems, fmt.Sprintf(format, v...))
}

// err is the validation_failed error listing the problems, or nil.
func (a *args) err() *toolError {
	if len(a.problems) == 0 {
		return nil
	}
	return validationFailed("%s", strings.Join(a.problems, "; "))
}

// has reports whether name was given a non-null value.
func (a *args) has(name string) bool {
	v, ok := a.raw[name]
	return ok && !isNull(v)
}

// string reads a string argument; a required one must not be missing or
// blank.
func (a *args) string(name string, required bool) string {
	if !a.has(name) {
		if required {
			a.problem("%s is required", name)
		}
		return ""
	}
	var s string
	if err := json.Unmarshal(a.raw[name], &s); err != nil {
		a.problem("%s must be a string", name)
		return ""
	}
	if required && strings.TrimSpace(s) == "" {
		a.problem("%s must not be empty", name)
	}
	return s
}

// integer reads an integer argument in [lo, hi]; it is always required.
func (a *args) integer(name string, lo, hi int) int {
	if !a.has(name) {
		a.problem("%s is required: an integer from %d to %d", name, lo, hi)
		return 0
	}
	var f float64
	if err := json.Unmarshal(a.raw[name], &f); err != nil || f != math.Trunc(f) {
		a.problem("%s must be an integer from %d to %d", name, lo, hi)
		return 0
	}
	if f < float64(lo) || f > float64(hi) {
		a.problem("%s must be from %d to %d, got %v", name, lo, hi, f)
		return 0
	}
	return int(f)
}

// object reads an optional JSON object argument as its raw members.
func (a *args) object(name string) map[string]json.RawMessage {
	if !a.has(name) {
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(a.raw[name], &m); err != nil {
		a.problem("%s must be an object", name)
	}
	return m
}

// stringMap reads an optional object argument whose values are strings.
func (a *args) stringMap(name string) map[string]string {
	if !a.has(name) {
		return nil
	}
	var m map[string]string
	if err := json.Unmarshal(a.raw[name], &m); err != nil {
		a.problem("%s must be an object of strings", name)
	}
	return m
}

// value reads an optional argument of any JSON type, raw.
func (a *args) value(name string) json.RawMessage {
	if !a.has(name) {
		return nil
	}
	return a.raw[name]
}

// isNull reports whether raw JSON is the literal null.
func isNull(raw json.RawMessage) bool {
	return strings.TrimSpace(string(raw)) == "null"
}
