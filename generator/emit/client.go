package emit

import (
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// clientPath is the runtime package of the typed API.
const clientPath = runtimePath + "/client"

// clientFile renders client_gen.go (package mode): the typed API, a Client
// with one method per endpoint that takes the endpoint's params struct and
// calls through runtime/client, the same path as the invoke tool.
func clientFile(api *ir.API, pkg string) *jen.File {
	f := newFile(pkg)
	f.ImportName(clientPath, "client")
	var titles []string
	for _, s := range api.Specs {
		titles = append(titles, strings.Join(strings.Fields(s.Title), " "))
	}
	f.Add(doc("Client calls the operations of "+strings.Join(titles, ", ")+" as Go methods, through the same "+
		"runtime path as the server's invoke tool: arguments are validated against the spec, credentials are "+
		"applied, the cooldown (10 s per endpoint by default; SWAG2MCP_COOLDOWN=0 switches it off), timeout and "+
		"retries hold, and large or binary answers are saved to files. A failed call's error is a *client.Error "+
		"with a stable code.",
		jen.Type().Id("Client").Struct(jen.Id("c").Op("*").Qual(clientPath, "Client")))).Line()
	f.Add(doc("NewClient returns a Client configured like the server: base URLs, credentials and limits come from "+
		"the environment (the variables the server's --help lists) unless opts says otherwise.",
		jen.Func().Id("NewClient").Params(jen.Id("opts").Qual(clientPath, "Options")).
			Params(jen.Op("*").Id("Client"), jen.Error()).Block(
			jen.List(jen.Id("c"), jen.Err()).Op(":=").Qual(clientPath, "New").Call(
				jen.Qual(clientPath, "Tables").Values(jen.Dict{
					jen.Id("Name"):  jen.Lit(api.Name),
					jen.Id("Data"):  jen.Id("apiData"),
					jen.Id("Stubs"): jen.Id("apiStubs"),
				}), jen.Id("opts")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
			jen.Return(jen.Op("&").Id("Client").Values(jen.Dict{jen.Id("c"): jen.Id("c")}), jen.Nil()),
		))).Line()
	i := 0
	for _, s := range api.Specs {
		for _, c := range s.Collections {
			for _, t := range c.Tags {
				for _, e := range t.Endpoints {
					f.Add(clientMethod(e, i)).Line()
					i++
				}
			}
		}
	}
	return f
}

// clientMethod is the typed API's method for endpoint e, the i-th of the
// catalog.
func clientMethod(e *ir.Endpoint, i int) jen.Code {
	text := e.GoName + " calls " + describe(e)
	if e.Summary != "" {
		text += ": " + strings.TrimSuffix(sentence(e.Summary), ".")
	}
	text += "."
	if e.Deprecated {
		text += "\n\nDeprecated: the API marks this operation deprecated."
	}
	body := jen.Nil()
	if e.BodyType != nil {
		body = jen.Id("p").Dot("Body")
	}
	return doc(text, jen.Func().Params(jen.Id("c").Op("*").Id("Client")).Id(e.GoName).
		Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("p").Id(e.GoName+"Params")).
		Params(jen.Op("*").Qual(clientPath, "Response"), jen.Error()).
		Block(jen.Return(jen.Id("c").Dot("c").Dot("Call").Call(jen.Id("ctx"), jen.Lit(i), jen.Id("p"), body))))
}
