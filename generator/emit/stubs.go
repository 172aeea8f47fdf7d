package emit

import (
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// stubsFile renders one spec's typed invoke stubs: per endpoint a params
// struct {GoName}Params and a function {goName}Stub that decodes invoke's
// arguments into it and hands the values to the request builder. In
// package mode the params structs also carry JSON tags and the typed body,
// for the typed API's methods (client.go).
func stubsFile(s *ir.Spec, pkg string) *jen.File {
	f := newFile(pkg)
	for _, c := range s.Collections {
		for _, t := range c.Tags {
			for _, e := range t.Endpoints {
				f.Add(paramsStruct(e, pkg != "")).Line()
				f.Add(stubFunc(e)).Line()
			}
		}
	}
	return f
}

// paramsStruct declares {GoName}Params with one field per parameter, and
// for the typed API JSON tags (the invoke argument names) and a Body field.
func paramsStruct(e *ir.Endpoint, typed bool) jen.Code {
	fields := make([]jen.Code, 0, len(e.Params)+1)
	for _, p := range e.Params {
		typ, _ := fieldType(p.Type) // check vetted every type
		field := jen.Id(p.GoName).Add(typ)
		if typed {
			field.Tag(jsonTag(argName(p), true))
		}
		fields = append(fields, doc(paramDoc(p), field))
	}
	if typed && e.BodyType != nil {
		what := "Body is the request body"
		if e.Body != nil && e.Body.Required {
			what += " (required)"
		}
		fields = append(fields, doc(what+".", jen.Id("Body").Add(bodyFieldCode(*e.BodyType)).Tag(map[string]string{"json": "-"})))
	}
	name := e.GoName + "Params"
	return doc(fmt.Sprintf("%s holds the parameters of %s.", name, describe(e)),
		jen.Type().Id(name).Struct(fields...))
}

// stubFunc declares {goName}Stub, the endpoint's invoke.Stub.
func stubFunc(e *ir.Endpoint) jen.Code {
	name := stubName(e)
	comment := fmt.Sprintf("%s decodes invoke's arguments for %s into %sParams and builds the request.",
		name, describe(e), e.GoName)
	sig := jen.Func().Id(name).Params(jen.Id("in").Op("*").Qual(invokePath, "Input")).
		Params(jen.Op("*").Qual(invokePath, "Request"), jen.Error())
	if len(e.Params) == 0 {
		return doc(comment, sig.Block(jen.Return(jen.Qual(invokePath, "NewRequest").Call(jen.Id("in")), jen.Nil())))
	}
	body := []jen.Code{jen.Var().Id("p").Id(e.GoName + "Params")}
	for _, p := range e.Params {
		body = append(body, jen.Qual(invokePath, "Decode").Call(
			jen.Id("in"), jen.Lit(argName(p)), jen.Op("&").Id("p").Dot(p.GoName)))
	}
	body = append(body,
		jen.If(jen.Err().Op(":=").Id("in").Dot("Err").Call(), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Nil(), jen.Err())),
		jen.Id("r").Op(":=").Qual(invokePath, "NewRequest").Call(jen.Id("in")))
	for _, p := range e.Params {
		body = append(body, jen.Id("r").Dot("Param").Call(jen.Lit(argName(p)), jen.Id("p").Dot(p.GoName)))
	}
	body = append(body, jen.Return(jen.Id("r"), jen.Nil()))
	return doc(comment, sig.Block(body...))
}

// stubName is the stub function's name: the endpoint's GoName with its
// first letter lowered, and "Stub".
func stubName(e *ir.Endpoint) string {
	r, n := utf8.DecodeRuneInString(e.GoName)
	return string(unicode.ToLower(r)) + e.GoName[n:] + "Stub"
}

// argName is the parameter's name in invoke's "parameters" object.
func argName(p ir.Param) string {
	if p.Key != "" {
		return p.Key
	}
	return p.Name
}

// describe names an endpoint in comments: "GET /pets/{id} (getPet)".
func describe(e *ir.Endpoint) string {
	s := e.Method + " " + e.Path
	if e.OperationID != "" {
		s += " (" + e.OperationID + ")"
	}
	return s
}

// paramDoc is a params field's comment: where the parameter goes, whether
// it is required, and its description.
func paramDoc(p ir.Param) string {
	s := fmt.Sprintf("%s is the %s parameter %s", p.GoName, p.In, strconv.Quote(p.Name))
	if p.Required {
		s += " (required)"
	}
	s += "."
	if p.Description != "" {
		s += "\n\n" + p.Description
	}
	return s
}

// fieldType is the Go type of a params field of type t. Scalars are
// pointers and collections nilable, so absent and zero stay distinct.
func fieldType(t ir.Type) (*jen.Statement, error) {
	switch t.Kind {
	case ir.KindString, ir.KindInteger, ir.KindNumber, ir.KindBoolean:
		elem, _ := elemType(t.Kind)
		return jen.Op("*").Add(elem), nil
	case ir.KindArray:
		elem, err := elemType(t.Elem)
		if err != nil {
			return nil, fmt.Errorf("array element: %w", err)
		}
		return jen.Index().Add(elem), nil
	}
	return elemType(t.Kind)
}

// elemType is the Go type of a value of kind k inside a collection.
func elemType(k ir.Kind) (*jen.Statement, error) {
	switch k {
	case ir.KindAny:
		return jen.Any(), nil
	case ir.KindString:
		return jen.String(), nil
	case ir.KindInteger:
		return jen.Int64(), nil
	case ir.KindNumber:
		return jen.Float64(), nil
	case ir.KindBoolean:
		return jen.Bool(), nil
	case ir.KindArray:
		return jen.Index().Any(), nil
	case ir.KindObject:
		return jen.Map(jen.String()).Any(), nil
	}
	return nil, fmt.Errorf("unknown kind %d", k)
}
