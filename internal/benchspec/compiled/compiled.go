// Package compiled builds a spec's catalog and search index for the
// runtime's benchmarks, read back from their data file as a generated
// server reads them (endpoints decoded on first use, methods and paths
// read in place). It is a package of its own because benchspec is used by
// tests inside the generator's packages that it would import.
package compiled

import (
	"context"
	"fmt"

	"github.com/swag2mcp/swag2mcp/generator/build"
	"github.com/swag2mcp/swag2mcp/generator/index"
	"github.com/swag2mcp/swag2mcp/generator/load"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Read loads the spec at path and returns its index and catalog as a
// generated server's data file holds them.
func Read(path string) (catalog.Index, *catalog.Catalog, error) {
	doc, ds := load.Load(context.Background(), path, load.Options{})
	if doc == nil || ds.HasErrors() {
		return catalog.Index{}, nil, fmt.Errorf("load %s: %v", path, ds)
	}
	api, ds := build.Build([]*load.Doc{doc}, build.Options{})
	if api == nil || ds.HasErrors() {
		return catalog.Index{}, nil, fmt.Errorf("build %s: %v", path, ds)
	}
	ix := index.Build(api)
	data, err := catalog.Encode(index.Catalog(api), &ix)
	if err != nil {
		return catalog.Index{}, nil, err
	}
	cat, decoded, err := catalog.Decode(string(data))
	if err != nil {
		return catalog.Index{}, nil, err
	}
	return *decoded, cat, nil
}
