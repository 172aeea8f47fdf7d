package emit

import (
	"context"
	"runtime/trace"

	"github.com/swag2mcp/swag2mcp/generator/index"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// dataFile is the name of the catalog data file a generated package embeds.
const dataFile = "catalog_gen.bin"

// catalogData renders the data file: the catalog tables, the IR flattened
// in its own order (specs, their collections, their tags, their
// endpoints), and the search index, encoded with runtime/catalog's codec.
// It is data, not Go source: the compiler never parses it, and the server
// reads its text in place.
func catalogData(api *ir.API) ([]byte, error) {
	r := trace.StartRegion(context.Background(), "emit.catalog")
	cat := Catalog(api)
	r.End()
	r = trace.StartRegion(context.Background(), "emit.index")
	idx := index.Build(api)
	r.End()
	defer trace.StartRegion(context.Background(), "emit.encode").End()
	return catalog.Encode(cat, &idx)
}

// Catalog flattens api into the runtime's tables: what a generated server
// of api reads from its data file, for tools that need it in memory.
func Catalog(api *ir.API) *catalog.Catalog {
	cat := &catalog.Catalog{}
	for _, s := range api.Specs {
		specIndex := len(cat.Specs)
		cat.Specs = append(cat.Specs, specOf(s))
		for _, c := range s.Collections {
			collIndex := len(cat.Collections)
			cat.Collections = append(cat.Collections, catalog.Collection{ID: c.ID, Title: c.Title, Spec: specIndex})
			for _, t := range c.Tags {
				tagIndex := len(cat.Tags)
				cat.Tags = append(cat.Tags, catalog.Tag{ID: t.ID, Name: t.Name, Description: t.Description, Collection: collIndex})
				for _, e := range t.Endpoints {
					cat.Endpoints = append(cat.Endpoints, endpointOf(e, tagIndex))
				}
			}
		}
	}
	return cat
}

func specOf(s *ir.Spec) catalog.Spec {
	out := catalog.Spec{
		ID: s.ID, Domain: s.Domain, EnvPrefix: s.EnvPrefix, Title: s.Title, Version: s.Version, BaseURL: s.BaseURL,
	}
	for _, sec := range s.Security {
		out.Security = append(out.Security, catalog.SecurityScheme{
			Name: sec.Name, Type: sec.Type, In: sec.In, ParamName: sec.ParamName, Scheme: sec.Scheme,
			BearerFormat: sec.BearerFormat, TokenURL: sec.TokenURL, Scopes: sec.Scopes, Flows: sec.Flows,
			OpenIDURL: sec.OpenIDURL, EnvVars: sec.EnvVars,
		})
	}
	for _, d := range s.Defs {
		out.Defs = append(out.Defs, catalog.Def{Name: d.Name, Schema: catalog.Text(d.Schema)})
	}
	return out
}

func endpointOf(e *ir.Endpoint, tag int) catalog.Endpoint {
	out := catalog.Endpoint{
		ID: e.ID, Tag: tag, Method: e.Method, Path: e.Path, OperationID: e.OperationID, FlatName: e.FlatName,
		Summary: search.Title(e.Summary, e.Description, e.OperationID), Description: catalog.Text(e.Description), Deprecated: e.Deprecated, BaseURL: e.BaseURL,
		InputSchema: catalog.Text(e.InputSchema), Operation: catalog.Text(e.Operation), Defs: e.DefRefs,
	}
	if len(e.Tags) > 1 {
		out.Tags = e.Tags // one tag is the endpoint's own, Tag's
	}
	for _, p := range e.Params {
		cp := catalog.Param{
			Name: p.Name, In: p.In, Style: p.Style, AllowReserved: p.AllowReserved,
			CollectionFormat: p.CollectionFormat, Required: p.Required,
		}
		if p.Key != p.Name {
			cp.Key = p.Key // catalog falls back to Name when Key is empty
		}
		if p.Explode != nil {
			cp.Explode = catalog.ExplodeFalse
			if *p.Explode {
				cp.Explode = catalog.ExplodeTrue
			}
		}
		out.Params = append(out.Params, cp)
	}
	if e.Body != nil {
		out.Body = &catalog.Body{Required: e.Body.Required, MediaTypes: e.Body.MediaTypes}
	}
	for _, r := range e.Security {
		req := catalog.Requirement{}
		for _, u := range r.Schemes {
			req.Schemes = append(req.Schemes, catalog.SchemeUse{Scheme: u.Scheme, Scopes: u.Scopes})
		}
		out.Security = append(out.Security, req)
	}
	return out
}
