package emit

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// fieldDocRunes bounds a struct field's comment: its description's first
// sentence, enough to tell the field apart; inspect has the whole text.
const fieldDocRunes = 200

// typesFile renders one spec's request body types (package mode): a
// struct per named type, fields in schema order with JSON tags.
func typesFile(s *ir.Spec, pkg string) *jen.File {
	f := newFile(pkg)
	for _, t := range s.Types {
		fields := make([]jen.Code, 0, len(t.Fields))
		for _, fl := range t.Fields {
			fields = append(fields, doc(fieldDoc(fl), jen.Id(fl.Name).Add(fieldCode(fl)).Tag(jsonTag(fl.JSON, !fl.Required))))
		}
		text := t.Name + " is " + strings.TrimSuffix(sentence(t.Doc), ".") + "."
		if t.Doc == "" {
			text = t.Name + " is part of a request body."
		}
		f.Add(doc(text, jen.Type().Id(t.Name).Struct(fields...))).Line()
	}
	return f
}

// fieldCode is a struct field's Go type: pointers for optional scalars and
// for structs (absent stays distinct from zero, recursive types stay
// finite), values for required scalars, slices, maps and raw JSON.
func fieldCode(fl ir.GoField) *jen.Statement {
	t := goTypeCode(fl.Type)
	switch fl.Type.Kind {
	case ir.GoNamed:
		return jen.Op("*").Add(t)
	case ir.GoString, ir.GoInt, ir.GoFloat, ir.GoBool:
		if !fl.Required {
			return jen.Op("*").Add(t)
		}
	}
	return t
}

// bodyFieldCode is the Go type of a params struct's Body field: absent is
// nil, so scalars and structs are pointers.
func bodyFieldCode(t ir.GoType) *jen.Statement {
	return fieldCode(ir.GoField{Type: t})
}

// goTypeCode renders t; named structs by value (fieldCode adds pointers).
func goTypeCode(t ir.GoType) *jen.Statement {
	switch t.Kind {
	case ir.GoString:
		return jen.String()
	case ir.GoInt:
		return jen.Int64()
	case ir.GoFloat:
		return jen.Float64()
	case ir.GoBool:
		return jen.Bool()
	case ir.GoSlice:
		return jen.Index().Add(goTypeCode(*t.Elem))
	case ir.GoMap:
		return jen.Map(jen.String()).Add(goTypeCode(*t.Elem))
	case ir.GoNamed:
		return jen.Id(t.Name)
	}
	return jen.Qual("encoding/json", "RawMessage")
}

// jsonTag is a field's struct tag.
func jsonTag(name string, omitempty bool) map[string]string {
	if omitempty {
		name += ",omitempty"
	}
	return map[string]string{"json": name}
}

// fieldDoc is a body field's comment: its JSON name when the Go name hides
// it, whether it is required, and its description's first sentence.
func fieldDoc(fl ir.GoField) string {
	s := fmt.Sprintf("%s is the JSON property %q", fl.Name, fl.JSON)
	if fl.Required {
		s += " (required)"
	}
	if d := sentence(fl.Doc); d != "" {
		s += ": " + strings.TrimSuffix(d, ".")
	}
	return s + "."
}

// sentence is text's first sentence, cut to fieldDocRunes.
func sentence(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if i := strings.Index(text, ". "); i >= 0 {
		text = text[:i+1]
	}
	if utf8.RuneCountInString(text) > fieldDocRunes {
		r := []rune(text)
		text = string(r[:fieldDocRunes]) + "…"
	}
	return text
}
