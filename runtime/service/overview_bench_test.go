package service

import (
	"context"
	"os"
	"testing"

	"github.com/swag2mcp/swag2mcp/generator/build"
	"github.com/swag2mcp/swag2mcp/generator/index"
	"github.com/swag2mcp/swag2mcp/generator/load"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/config"
)

// BenchmarkOverview times the overview a server makes at start-up, over
// GitHub's catalog as a server reads it (SWAG2MCP_GITHUB_SPEC; make bench
// sets it): tags and the resources its 1,223 paths name.
func BenchmarkOverview(b *testing.B) {
	spec := os.Getenv("SWAG2MCP_GITHUB_SPEC")
	if spec == "" {
		b.Skip("set SWAG2MCP_GITHUB_SPEC to GitHub's api.github.com.json (make bench does)")
	}
	doc, ds := load.Load(context.Background(), spec, load.Options{})
	if doc == nil || ds.HasErrors() {
		b.Fatalf("load %s: %v", spec, ds)
	}
	api, ds := build.Build([]*load.Doc{doc}, build.Options{})
	if api == nil || ds.HasErrors() {
		b.Fatalf("build %s: %v", spec, ds)
	}
	ix := index.Build(api)
	data, err := catalog.Encode(index.Catalog(api), &ix)
	if err != nil {
		b.Fatal(err)
	}
	cat, _, err := catalog.Decode(string(data))
	if err != nil {
		b.Fatal(err)
	}
	svc, err := New(Options{Catalog: cat, Config: &config.Config{Workspace: b.TempDir()}})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		svc.Overview()
	}
}
