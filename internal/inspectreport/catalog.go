package main

import (
	"context"
	"fmt"

	"github.com/swag2mcp/swag2mcp/generator/build"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/load"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// loadAPI loads and lowers one spec as swag2mcp gen does.
func loadAPI(ctx context.Context, path string) (*ir.API, error) {
	doc, ds := load.Load(ctx, path, load.Options{})
	if ds.HasErrors() || doc == nil {
		return nil, fmt.Errorf("%s: %d load problems, first: %v", path, len(ds), ds)
	}
	api, bs := build.Build([]*load.Doc{doc}, build.Options{})
	if bs.HasErrors() || api == nil {
		return nil, fmt.Errorf("%s: build problems: %v", path, bs)
	}
	return api, nil
}

// fullCatalog is the catalog a generated server of api compiles in, with
// what inspect reads (operations, schemas, parameters, bodies), built in
// memory: the tables of catalog_gen.go without the Go source between.
func fullCatalog(api *ir.API) *catalog.Catalog {
	cat := &catalog.Catalog{}
	for _, s := range api.Specs {
		si := len(cat.Specs)
		spec := catalog.Spec{ID: s.ID, Domain: s.Domain, EnvPrefix: s.EnvPrefix, Title: s.Title, Version: s.Version, BaseURL: s.BaseURL}
		for _, d := range s.Defs {
			spec.Defs = append(spec.Defs, catalog.Def{Name: d.Name, Schema: d.Schema})
		}
		cat.Specs = append(cat.Specs, spec)
		for _, c := range s.Collections {
			ci := len(cat.Collections)
			cat.Collections = append(cat.Collections, catalog.Collection{ID: c.ID, Title: c.Title, Spec: si})
			for _, t := range c.Tags {
				ti := len(cat.Tags)
				cat.Tags = append(cat.Tags, catalog.Tag{ID: t.ID, Name: t.Name, Description: t.Description, Collection: ci})
				for _, e := range t.Endpoints {
					cat.Endpoints = append(cat.Endpoints, endpoint(e, ti))
				}
			}
		}
	}
	return cat
}

func endpoint(e *ir.Endpoint, tag int) catalog.Endpoint {
	ce := catalog.Endpoint{
		ID: e.ID, Tag: tag, Method: e.Method, Path: e.Path, OperationID: e.OperationID, FlatName: e.FlatName,
		Summary: e.Summary, Description: e.Description, Deprecated: e.Deprecated, BaseURL: e.BaseURL,
		InputSchema: e.InputSchema, Operation: e.Operation, Defs: e.DefRefs,
	}
	for _, p := range e.Params {
		cp := catalog.Param{Name: p.Name, In: p.In, Style: p.Style, AllowReserved: p.AllowReserved,
			CollectionFormat: p.CollectionFormat, Required: p.Required}
		if p.Key != p.Name {
			cp.Key = p.Key
		}
		ce.Params = append(ce.Params, cp)
	}
	if e.Body != nil {
		ce.Body = &catalog.Body{Required: e.Body.Required, MediaTypes: e.Body.MediaTypes}
	}
	return ce
}
