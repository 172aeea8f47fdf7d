package load

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/pb33f/libopenapi/index"
	"github.com/pb33f/libopenapi/utils"

	"github.com/swag2mcp/swag2mcp/generator/diag"
)

// parseProblems turns the error of libopenapi's first parse into located
// diagnostics.
func parseProblems(file string, data []byte, err error) diag.List {
	var diags diag.List
	if strings.Contains(err.Error(), "spec type not supported") {
		// libopenapi found no usable version field; say where and why.
		root, yerr := parseYAML(data)
		if yerr != nil {
			line, col := position(yerr.Error())
			diags.Errorf(file, line, col, "%s", message(yerr.Error()))
			return diags
		}
		if _, _, ok := checkVersion(file, root, &diags); ok {
			diags.Errorf(file, 1, 1, "%s", message(err.Error()))
		}
		return diags
	}
	if line, col, msg, ok := jsonSyntax(data); ok {
		// libopenapi's JSON errors carry no position; encoding/json's
		// offset gives one.
		diags.Errorf(file, line, col, "invalid JSON: %s", msg)
		return diags
	}
	for _, e := range utils.UnwrapErrors(err) {
		line, col := position(e.Error())
		diags.Errorf(file, line, col, "%s", message(e.Error()))
	}
	return diags
}

// jsonSyntax reports the first syntax error of data when data is JSON (it
// starts with "{" or "["), with its line and column (of the byte where
// encoding/json stopped).
func jsonSyntax(data []byte) (line, col int, msg string, ok bool) {
	trimmed := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(trimmed) == 0 || (trimmed[0] != '{' && trimmed[0] != '[') {
		return 0, 0, "", false
	}
	var v any
	err := json.Unmarshal(data, &v)
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return 0, 0, "", false
	}
	line, col = 1, 1
	for _, b := range data[:min(int(se.Offset), len(data))] {
		if b == '\n' {
			line, col = line+1, 1
		} else if b&0xC0 != 0x80 { // count runes, not UTF-8 continuation bytes
			col++
		}
	}
	// The offset is just past the offending byte.
	if col > 1 {
		col--
	}
	return line, col, se.Error(), true
}

// buildProblems turns BuildV2Model/BuildV3Model errors into diagnostics.
// Circular references are fine (the schema renderer breaks cycles). When
// refsReported, the reference checker has already explained unresolvable
// references with better locations, so libopenapi's echoes are dropped.
func buildProblems(file string, err error, refsReported bool) diag.List {
	var diags diag.List
	seen := make(map[string]bool)
	for _, e := range utils.UnwrapErrors(err) {
		var line, col int
		msg := e.Error()
		var re *index.ResolvingError
		var ie *index.IndexingError
		switch {
		case errors.As(e, &re):
			if re.CircularReference != nil {
				continue
			}
			if re.ErrorRef != nil {
				msg = re.ErrorRef.Error()
			}
			if re.Node != nil {
				line, col = re.Node.Line, re.Node.Column
			}
		case errors.As(e, &ie):
			if ie.KeyNode != nil && ie.KeyNode.Line > 0 {
				line, col = ie.KeyNode.Line, ie.KeyNode.Column
			} else if ie.Node != nil {
				line, col = ie.Node.Line, ie.Node.Column
			}
		default:
			line, col = position(msg)
		}
		if refsReported && unresolved(msg) {
			continue
		}
		msg = message(msg)
		key := strconv.Itoa(line) + ":" + strconv.Itoa(col) + ":" + msg
		if seen[key] {
			continue
		}
		seen[key] = true
		diags.Errorf(file, line, col, "%s", msg)
	}
	return diags
}

// unresolved reports whether msg is libopenapi's word for a $ref it could not follow.
func unresolved(msg string) bool {
	return strings.Contains(msg, "does not exist in the specification") ||
		strings.Contains(msg, "cannot be found") ||
		strings.Contains(msg, "cannot resolve reference")
}

// position finds a line and column in a libopenapi or go-yaml message:
// "at line 7, col 47", "at L3.C1", "[10:9]" or "line 4:".
func position(msg string) (line, col int) {
	patterns := []string{
		`line (\d+), col(?:umn)? (\d+)`,
		`L(\d+)\.C(\d+)`,
		`\[(\d+):(\d+)\]`,
		`line (\d+)()`,
	}
	for _, p := range patterns {
		m := regexp.MustCompile(p).FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		line, _ = strconv.Atoi(m[1])
		col, _ = strconv.Atoi(m[2])
		return line, col
	}
	return 0, 0
}

// message cleans a library message for a diagnostic: it drops wrapper
// prefixes and position suffixes, lower-cases the first letter and removes a
// trailing period.
func message(msg string) string {
	msg = strings.TrimSpace(msg)
	for _, prefix := range []string{"unable to parse specification: ", "failed to decode YAML to JSON: "} {
		msg = strings.TrimPrefix(msg, prefix)
	}
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	msg = regexp.MustCompile(` ?\[\d+:\d+\]$`).ReplaceAllString(msg, "")
	msg = regexp.MustCompile(` at L\d+\.C\d+`).ReplaceAllString(msg, "")
	msg = strings.TrimSuffix(msg, ".")
	if msg != "" && msg[0] >= 'A' && msg[0] <= 'Z' && (len(msg) == 1 || msg[1] < 'A' || msg[1] > 'Z') {
		msg = strings.ToLower(msg[:1]) + msg[1:]
	}
	if msg == "" {
		msg = "unknown problem"
	}
	return msg
}
