package service

import (
	"os"
	"testing"

	"github.com/swag2mcp/swag2mcp/internal/benchspec/compiled"
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
	_, cat, err := compiled.Read(spec)
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
