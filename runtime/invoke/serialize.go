package invoke

import (
	"fmt"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// token is a run of serialized text. Data is escaped for the parameter's
// location when written; a delimiter (lit) is written as is, so a value can
// never forge one.
type token struct {
	text string
	lit  bool
}

func data(s string) token { return token{text: s} }
func lit(s string) token  { return token{text: s, lit: true} }

// piece is one serialized name=value pair. Path and header parameters give
// one piece without a name.
type piece struct {
	name  string
	value []token
}

// serialize turns a parameter's value into pieces by the parameter's style
// and explode (OpenAPI 3) or collection format (Swagger 2.0). An absent value
// gives no pieces.
func serialize(p catalog.Param, v any) ([]piece, error) {
	val, err := normalize(v)
	if err != nil || val.kind == absent {
		return nil, err
	}
	style, explode, sep := styleOf(p)
	if !styleAllowed(style, p.In) {
		return nil, fmt.Errorf("style %q is not supported for %s parameters", style, p.In)
	}
	switch style {
	case "simple":
		return []piece{{value: simple(val, explode)}}, nil
	case "label":
		return []piece{{value: label(val, explode)}}, nil
	case "matrix":
		return []piece{{value: matrix(p.Name, val, explode)}}, nil
	case "form":
		return form(p.Name, val, explode, ","), nil
	case "spaceDelimited", "pipeDelimited", "tabDelimited":
		return form(p.Name, val, explode, sep), nil
	case "deepObject":
		return deepObject(p.Name, val)
	}
	return nil, fmt.Errorf("unknown style %q", style)
}

// styleOf gives a parameter's effective style, explode and array delimiter,
// applying OpenAPI 3's defaults and mapping Swagger 2.0's collection formats.
func styleOf(p catalog.Param) (style string, explode bool, sep string) {
	switch p.CollectionFormat {
	case "csv":
		return defaultStyle(p.In), false, ","
	case "ssv":
		return "spaceDelimited", false, "%20"
	case "tsv":
		return "tabDelimited", false, "%09"
	case "pipes":
		return "pipeDelimited", false, "%7C"
	case "multi":
		return "form", true, ","
	}
	style = p.Style
	if style == "" {
		style = defaultStyle(p.In)
	}
	switch p.Explode {
	case catalog.ExplodeTrue:
		explode = true
	case catalog.ExplodeFalse:
		explode = false
	default:
		explode = style == "form"
	}
	switch style {
	case "spaceDelimited":
		sep = "%20"
	case "pipeDelimited":
		sep = "%7C" // the 3.1.1 examples encode it; a literal '|' is not valid in a URI
	default:
		sep = ","
	}
	return style, explode, sep
}

// defaultStyle is OpenAPI 3's style for a location.
func defaultStyle(in string) string {
	switch in {
	case "query", "cookie":
		return "form"
	}
	return "simple"
}

// styleAllowed says whether a style applies to a location.
func styleAllowed(style, in string) bool {
	switch style {
	case "simple":
		return in == "path" || in == "header"
	case "label", "matrix":
		return in == "path"
	case "form":
		return in == "query" || in == "cookie"
	case "spaceDelimited", "pipeDelimited", "tabDelimited", "deepObject":
		return in == "query"
	}
	return false
}

// joined is items separated by sep.
func joined(items []string, sep string) []token {
	out := make([]token, 0, 2*len(items))
	for i, s := range items {
		if i > 0 {
			out = append(out, lit(sep))
		}
		out = append(out, data(s))
	}
	return out
}

// pairs is an object's members as key{kv}value separated by sep.
func pairs(fields []field, kv, sep string) []token {
	out := make([]token, 0, 4*len(fields))
	for i, f := range fields {
		if i > 0 {
			out = append(out, lit(sep))
		}
		out = append(out, data(f.key), lit(kv), data(f.text))
	}
	return out
}

// simple: blue | blue,black | R,100,G,200 | R=100,G=200 (explode).
func simple(v value, explode bool) []token {
	switch v.kind {
	case array:
		return joined(v.items, ",")
	case object:
		if explode {
			return pairs(v.fields, "=", ",")
		}
		return pairs(v.fields, ",", ",")
	}
	return []token{data(v.text)}
}

// label: .blue | .blue,black or .blue.black | .R,100,G,200 or .R=100.G=200.
func label(v value, explode bool) []token {
	sep := ","
	if explode {
		sep = "."
	}
	out := []token{lit(".")}
	switch v.kind {
	case array:
		return append(out, joined(v.items, sep)...)
	case object:
		if explode {
			return append(out, pairs(v.fields, "=", ".")...)
		}
		return append(out, pairs(v.fields, ",", ",")...)
	}
	return append(out, data(v.text))
}

// matrix: ;color=blue | ;color=blue,black or ;color=blue;color=black |
// ;color=R,100,G,200 or ;R=100;G=200.
func matrix(name string, v value, explode bool) []token {
	named := func(s string) []token {
		if s == "" {
			return []token{lit(";"), data(name)}
		}
		return []token{lit(";"), data(name), lit("="), data(s)}
	}
	switch v.kind {
	case array:
		if explode {
			var out []token
			for _, s := range v.items {
				out = append(out, named(s)...)
			}
			return out
		}
		return append([]token{lit(";"), data(name), lit("=")}, joined(v.items, ",")...)
	case object:
		if explode {
			return append([]token{lit(";")}, pairs(v.fields, "=", ";")...)
		}
		return append([]token{lit(";"), data(name), lit("=")}, pairs(v.fields, ",", ",")...)
	}
	return named(v.text)
}

// form and the delimited styles: color=blue | color=blue&color=black or
// color=blue{sep}black | R=100&G=200 or color=R{sep}100{sep}G{sep}200.
func form(name string, v value, explode bool, sep string) []piece {
	switch v.kind {
	case array:
		if !explode {
			return []piece{{name: name, value: joined(v.items, sep)}}
		}
		out := make([]piece, len(v.items))
		for i, s := range v.items {
			out[i] = piece{name: name, value: []token{data(s)}}
		}
		return out
	case object:
		if !explode {
			return []piece{{name: name, value: pairs(v.fields, sep, sep)}}
		}
		out := make([]piece, len(v.fields))
		for i, f := range v.fields {
			out[i] = piece{name: f.key, value: []token{data(f.text)}}
		}
		return out
	}
	return []piece{{name: name, value: []token{data(v.text)}}}
}

// deepObject: color[R]=100&color[G]=200.
func deepObject(name string, v value) ([]piece, error) {
	if v.kind != object {
		return nil, fmt.Errorf("style deepObject needs an object value")
	}
	out := make([]piece, len(v.fields))
	for i, f := range v.fields {
		out[i] = piece{name: name + "[" + f.key + "]", value: []token{data(f.text)}}
	}
	return out, nil
}
