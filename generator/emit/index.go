package emit

import (
	"github.com/dave/jennifer/jen"

	"github.com/swag2mcp/swag2mcp/generator/index"
	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// searchPath is the import path of the runtime's search package.
const searchPath = runtimePath + "/search"

// indexComment justifies the shape of apiIndex to its readers.
const indexComment = `apiIndex is the search index of every endpoint, built by the generator with the runtime's own
analyzer. Its strings are read in place (see runtime/search's format.go): the server indexes
nothing and decodes nothing at start-up, however big the API.`

// indexDecl renders the apiIndex variable: a few long string literals.
func indexDecl(api *ir.API) jen.Code {
	ix := index.Build(api)
	l := fields{}
	l.num("Format", ix.Format)
	l.num("Docs", ix.Docs)
	l.str("Meta", ix.Meta)
	l.str("Blocks", ix.Blocks)
	l.str("Dict", ix.Dict)
	l.str("Postings", ix.Postings)
	l.str("Positions", ix.Positions)
	l.str("Norms", ix.Norms)
	l.num("Dims", ix.Dims)
	l.str("Vectors", ix.Vectors)
	l.str("Words", ix.Words)
	l.str("Forms", ix.Forms)
	l.str("Notice", ix.Notice)
	return doc(indexComment, jen.Var().Id("apiIndex").Op("=").Qual(catalogPath, "Index").Add(l.values()))
}

// searcherOption is main's Searcher option: the compiled index opened
// over the catalog.
func searcherOption() jen.Code {
	return jen.Qual(searchPath, "Open").Call(jen.Id("apiIndex"), jen.Op("&").Id("apiCatalog"))
}
