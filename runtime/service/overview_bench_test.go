package service

import (
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/config"
)

// BenchmarkOverview times the overview a server makes at start-up, over
// GitHub's catalog as a server reads it (SWAG2MCP_GITHUB_SPEC; make bench
// sets it): tags and the resources its 1,223 paths name.
func BenchmarkOverview(b *testing.B) {
	_, cat := githubCompiled(b)
	svc, err := New(Options{Catalog: cat, Config: &config.Config{Workspace: b.TempDir()}})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		svc.Overview()
	}
}
