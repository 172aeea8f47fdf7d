package main

import (
	"context"
	"fmt"

	"github.com/swag2mcp/swag2mcp/generator/build"
	"github.com/swag2mcp/swag2mcp/generator/emit"
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

// fullCatalog is the catalog a generated server of api reads from its
// data file, built in memory.
func fullCatalog(api *ir.API) *catalog.Catalog { return emit.Catalog(api) }
