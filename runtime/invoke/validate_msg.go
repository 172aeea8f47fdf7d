package invoke

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	jskind "github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/message"
)

// describe words each failed check: where, what was expected, and the part
// of the schema that says so.
func describe(ve *jsonschema.ValidationError, doc any) []string {
	p := message.NewPrinter(message.MatchLanguage("en"))
	var out []string
	seen := map[string]bool{}
	walkLeaves(ve, func(e *jsonschema.ValidationError) {
		where := pointer(e.InstanceLocation)
		if where == "" {
			where = "arguments"
		}
		msg := where + ": " + e.ErrorKind.LocalizedString(p)
		if part := schemaPart(e, doc); part != "" {
			msg += "; expected by schema " + part
		}
		if !seen[msg] {
			seen[msg] = true
			out = append(out, msg)
		}
	})
	if len(out) > maxProblems {
		n := len(out) - maxProblems
		out = append(out[:maxProblems], fmt.Sprintf("and %d more problems", n))
	}
	return out
}

// schemaPart quotes the schema that failed, cut to maxSchemaQuote bytes.
// For a missing property it quotes the schemas of the missing ones.
func schemaPart(e *jsonschema.ValidationError, doc any) string {
	_, frag, ok := strings.Cut(e.SchemaURL, "#")
	if !ok {
		return ""
	}
	s := resolvePointer(doc, frag)
	if s == nil {
		return ""
	}
	switch k := e.ErrorKind.(type) {
	case *jskind.Required:
		props, _ := s.(map[string]any)["properties"].(map[string]any)
		want := map[string]any{}
		for _, name := range k.Missing {
			if ps, ok := props[name]; ok {
				want[name] = ps
			}
		}
		if len(want) == 0 {
			return ""
		}
		s = map[string]any{"properties": want}
	case *jskind.AdditionalProperties:
		props, _ := s.(map[string]any)["properties"].(map[string]any)
		names := make([]string, 0, len(props))
		for n := range props {
			names = append(names, n)
		}
		slices.Sort(names)
		return fmt.Sprintf("(allowed: %s)", strings.Join(names, ", "))
	}
	b, err := json.Marshal(s)
	if err != nil {
		return ""
	}
	if len(b) > maxSchemaQuote {
		return strings.ToValidUTF8(string(b[:maxSchemaQuote]), "") + "…"
	}
	return string(b)
}

// resolvePointer follows a JSON pointer fragment ("/a/b") in doc.
func resolvePointer(doc any, frag string) any {
	if frag == "" {
		return doc
	}
	unescape := strings.NewReplacer("~1", "/", "~0", "~")
	var loc []string
	for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		loc = append(loc, unescape.Replace(tok))
	}
	return lookup(doc, loc)
}
