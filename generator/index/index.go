// Package index builds the search index of a generated server at
// generation time, from the IR, with runtime/search's own analyzer, so the
// server does no indexing at start-up. One index spans every spec.
package index

import (
	"github.com/swag2mcp/swag2mcp/generator/index/lexicon"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// Build returns the search index of every endpoint of api, documents in
// catalog order (specs, their collections, their tags, their endpoints):
// exactly the data the generator writes into the server's data file.
//
// The index carries the word tables derived for api from the generator's
// general lexicon (see package lexicon and search.Lexicon), decoded once
// per process.
func Build(api *ir.API) catalog.Index {
	lex, err := lexicon.Load()
	if err != nil { // cannot happen: the tables are embedded and tested
		return search.BuildIndex(Docs(api))
	}
	return search.BuildIndexWith(Docs(api), lex)
}

// Docs is the searchable text of every endpoint of api, in catalog order.
// Unlike the catalog, which files an endpoint under its first tag, a
// document carries every tag of its operation.
func Docs(api *ir.API) []search.Doc {
	var docs []search.Doc
	for _, s := range api.Specs {
		raw := make(map[string]string, len(s.Defs))
		for _, d := range s.Defs {
			raw[d.Name] = d.Schema
		}
		bodies := newBodyReader(raw)
		tagDesc := map[string]string{}
		for _, c := range s.Collections {
			for _, t := range c.Tags {
				if _, ok := tagDesc[t.Name]; !ok {
					tagDesc[t.Name] = t.Description
				}
			}
		}
		for _, c := range s.Collections {
			for _, t := range c.Tags {
				for _, e := range t.Endpoints {
					d := doc(e, t, tagDesc)
					d.Body = bodies.text(e)
					docs = append(docs, d)
				}
			}
		}
	}
	return docs
}

// doc is one endpoint's text.
func doc(e *ir.Endpoint, t *ir.Tag, tagDesc map[string]string) search.Doc {
	d := search.Doc{
		Method: e.Method, Path: e.Path, OperationID: e.OperationID,
		Summary: e.Summary, Description: e.Description,
	}
	tags := []string{t.Name}
	for _, name := range e.Tags {
		if name != t.Name {
			tags = append(tags, name)
		}
	}
	for _, name := range tags {
		d.Tags = append(d.Tags, name)
		if desc := tagDesc[name]; desc != "" {
			d.TagDescriptions = append(d.TagDescriptions, desc)
		}
	}
	if t.Description != "" && tagDesc[t.Name] != t.Description {
		d.TagDescriptions = append(d.TagDescriptions, t.Description)
	}
	for _, p := range e.Params {
		d.Params = append(d.Params, p.Name)
	}
	return d
}

// Catalog is a catalog of api's specs, collections, tags and endpoints
// with their names and texts but without schemas, invoke data or security:
// enough to search and to show results (swag2mcp search, evaluations).
func Catalog(api *ir.API) *catalog.Catalog {
	cat := &catalog.Catalog{}
	for _, s := range api.Specs {
		si := len(cat.Specs)
		cat.Specs = append(cat.Specs, catalog.Spec{ID: s.ID, Domain: s.Domain, Title: s.Title, Version: s.Version, BaseURL: s.BaseURL})
		for _, c := range s.Collections {
			ci := len(cat.Collections)
			cat.Collections = append(cat.Collections, catalog.Collection{ID: c.ID, Title: c.Title, Spec: si})
			for _, t := range c.Tags {
				ti := len(cat.Tags)
				cat.Tags = append(cat.Tags, catalog.Tag{ID: t.ID, Name: t.Name, Description: t.Description, Collection: ci})
				for _, e := range t.Endpoints {
					ce := catalog.Endpoint{
						ID: e.ID, Tag: ti, Method: e.Method, Path: e.Path, OperationID: e.OperationID,
						Summary: search.Title(e.Summary, e.Description, e.OperationID), Description: catalog.Text(e.Description), Deprecated: e.Deprecated,
					}
					for _, p := range e.Params {
						ce.Params = append(ce.Params, catalog.Param{Name: p.Name, Key: p.Key, In: p.In, Required: p.Required})
					}
					cat.Endpoints = append(cat.Endpoints, ce)
				}
			}
		}
	}
	return cat
}
