package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"
	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// catalogComment justifies the shape of catalog_gen.go to its readers.
const catalogComment = `apiCatalog is every table of this server as one composite literal of constants.
That is deliberate: the Go linker lays such a literal out as static data, so start-up does no
work however big the API is. Long JSON documents are plain string literals for the same reason
(nested map literals would compile slowly and be built at start-up).`

// catalogFile renders catalog_gen.go: the catalog tables, the IR flattened
// in its own order (specs, their collections, their tags, their endpoints),
// and the stubs aligned with the endpoints.
func catalogFile(api *ir.API, pkg string) *jen.File {
	var specs, colls, tags, endpoints, stubs []jen.Code
	for _, s := range api.Specs {
		specIndex := len(specs)
		specs = append(specs, element(specIndex, s.Domain, specLit(s)))
		for _, c := range s.Collections {
			collIndex := len(colls)
			l := fields{}
			l.str("ID", c.ID)
			l.str("Title", c.Title)
			l.num("Spec", specIndex)
			colls = append(colls, element(collIndex, c.Title, l.values()))
			for _, t := range c.Tags {
				tagIndex := len(tags)
				l := fields{}
				l.str("ID", t.ID)
				l.str("Name", t.Name)
				l.str("Description", t.Description)
				l.num("Collection", collIndex)
				tags = append(tags, element(tagIndex, t.Name, l.values()))
				for _, e := range t.Endpoints {
					endpoints = append(endpoints, element(len(endpoints), e.Method+" "+e.Path, endpointLit(e, tagIndex)))
					stubs = append(stubs, jen.Id(stubName(e)))
				}
			}
		}
	}
	cat := fields{}
	cat.add("Specs", table("Spec", specs))
	cat.add("Collections", table("Collection", colls))
	cat.add("Tags", table("Tag", tags))
	cat.add("Endpoints", table("Endpoint", endpoints))

	f := newFile(pkg)
	f.Add(doc(catalogComment, jen.Var().Id("apiCatalog").Op("=").Qual(catalogPath, "Catalog").Add(cat.values())))
	f.Line()
	stubsDoc := "apiStubs holds the typed invoke stub of every endpoint, index for index with apiCatalog.Endpoints."
	f.Add(doc(stubsDoc, jen.Var().Id("apiStubs").Op("=").Index().Qual(invokePath, "Stub").ValuesFunc(lines(stubs))))
	f.Line()
	f.Add(indexDecl(api))
	return f
}

func specLit(s *ir.Spec) *jen.Statement {
	l := fields{}
	l.str("ID", s.ID)
	l.str("Domain", s.Domain)
	l.str("EnvPrefix", s.EnvPrefix)
	l.str("Title", s.Title)
	l.str("Version", s.Version)
	l.str("BaseURL", s.BaseURL)
	var schemes []jen.Code
	for _, sec := range s.Security {
		schemes = append(schemes, schemeLit(sec))
	}
	l.add("Security", table("SecurityScheme", schemes))
	var defs []jen.Code
	for i, d := range s.Defs {
		dl := fields{}
		dl.str("Name", d.Name)
		dl.str("Schema", d.Schema)
		defs = append(defs, element(i, d.Name, dl.values()))
	}
	l.add("Defs", table("Def", defs))
	return l.values()
}

func schemeLit(s *ir.SecurityScheme) *jen.Statement {
	l := fields{}
	l.str("Name", s.Name)
	l.str("Type", s.Type)
	l.str("In", s.In)
	l.str("ParamName", s.ParamName)
	l.str("Scheme", s.Scheme)
	l.str("BearerFormat", s.BearerFormat)
	l.str("TokenURL", s.TokenURL)
	l.strs("Scopes", s.Scopes)
	l.strs("Flows", s.Flows)
	l.str("OpenIDURL", s.OpenIDURL)
	l.strs("EnvVars", s.EnvVars)
	return l.values()
}

func endpointLit(e *ir.Endpoint, tag int) *jen.Statement {
	l := fields{}
	l.str("ID", e.ID)
	l.num("Tag", tag)
	l.str("Method", e.Method)
	l.str("Path", e.Path)
	l.str("OperationID", e.OperationID)
	l.str("FlatName", e.FlatName)
	l.str("Summary", e.Summary)
	l.str("Description", e.Description)
	l.flag("Deprecated", e.Deprecated)
	l.str("BaseURL", e.BaseURL)
	var params []jen.Code
	for _, p := range e.Params {
		params = append(params, paramLit(p))
	}
	l.add("Params", table("Param", params))
	if e.Body != nil {
		b := fields{}
		b.flag("Required", e.Body.Required)
		b.strs("MediaTypes", e.Body.MediaTypes)
		l.add("Body", jen.Op("&").Qual(catalogPath, "Body").Add(b.values()))
	}
	var reqs []jen.Code
	for _, r := range e.Security {
		var uses []jen.Code
		for _, u := range r.Schemes {
			ul := fields{}
			ul.num("Scheme", u.Scheme)
			ul.strs("Scopes", u.Scopes)
			uses = append(uses, ul.values())
		}
		rl := fields{}
		rl.add("Schemes", table("SchemeUse", uses))
		reqs = append(reqs, rl.values())
	}
	l.add("Security", table("Requirement", reqs))
	l.str("InputSchema", e.InputSchema)
	l.str("Operation", e.Operation)
	l.nums("Defs", e.DefRefs)
	return l.values()
}

func paramLit(p ir.Param) *jen.Statement {
	l := fields{}
	l.str("Name", p.Name)
	if p.Key != p.Name {
		l.str("Key", p.Key) // catalog falls back to Name when Key is empty
	}
	l.str("In", p.In)
	l.str("Style", p.Style)
	if p.Explode != nil {
		explode := "ExplodeFalse"
		if *p.Explode {
			explode = "ExplodeTrue"
		}
		l.add("Explode", jen.Qual(catalogPath, explode))
	}
	l.flag("AllowReserved", p.AllowReserved)
	l.str("CollectionFormat", p.CollectionFormat)
	l.flag("Required", p.Required)
	return l.values()
}

// element is one entry of a table, with a comment naming its index, so
// readers can follow the integer references between tables.
func element(i int, label string, v *jen.Statement) jen.Code {
	return doc(fmt.Sprintf("%d: %s", i, label), v)
}

// table is a slice literal of catalog.{typ}, one element a line; nil when
// empty, so the field is left out.
func table(typ string, elems []jen.Code) jen.Code {
	if len(elems) == 0 {
		return nil
	}
	return jen.Index().Qual(catalogPath, typ).ValuesFunc(lines(elems))
}

// lines fills a composite literal with one element a line.
func lines(elems []jen.Code) func(*jen.Group) {
	return func(g *jen.Group) {
		for _, e := range elems {
			g.Line().Add(e)
		}
		if len(elems) > 0 {
			g.Line()
		}
	}
}

// fields collects the keyed fields of a struct literal, leaving out zero
// values: a field added to a catalog type later never changes old output.
type fields struct {
	items []jen.Code
}

func (l *fields) add(name string, v jen.Code) {
	if v != nil {
		l.items = append(l.items, jen.Id(name).Op(":").Add(v))
	}
}

func (l *fields) str(name, v string) {
	if v != "" {
		l.add(name, jen.Lit(v))
	}
}

func (l *fields) num(name string, v int) {
	if v != 0 {
		l.add(name, jen.Lit(v))
	}
}

func (l *fields) flag(name string, v bool) {
	if v {
		l.add(name, jen.True())
	}
}

func (l *fields) strs(name string, v []string) {
	if len(v) > 0 {
		items := make([]jen.Code, len(v))
		for i, s := range v {
			items[i] = jen.Lit(s)
		}
		l.add(name, jen.Index().String().Values(items...))
	}
}

func (l *fields) nums(name string, v []int) {
	if len(v) > 0 {
		items := make([]jen.Code, len(v))
		for i, n := range v {
			items[i] = jen.Lit(n)
		}
		l.add(name, jen.Index().Int().Values(items...))
	}
}

// values is the literal's braces and fields, one field a line.
func (l *fields) values() *jen.Statement {
	return jen.ValuesFunc(lines(l.items))
}
