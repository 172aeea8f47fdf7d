package service

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/swag2mcp/swag2mcp/internal/benchspec"
	"github.com/swag2mcp/swag2mcp/internal/benchspec/compiled"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/config"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// callQueries are intents of the kind a model sends, most of them cut
// at limit 10 on a large API, so that the note offers a narrower query.
var callQueries = []string{
	"list users",
	"delete a webhook",
	"create an order for a customer",
	"get the authenticated user",
	"find items by name",
	"upload a file",
	"update the settings of an account",
	"cancel a subscription",
	"which members does a team have",
	"download a report as csv",
	"change the caller ID shown on outbound calls from a queue",
	"list the comments of an issue",
	"+method:POST invite",
	"remove a user from a group",
	"get details of one project status",
	"revoke an access token",
}

// requestQueries name operations the way a model holds them rather than
// in words: request paths and URLs (routed to the API's templates),
// operationIds and an identifier no operation has.
var requestQueries = []string{
	"/users/7319",
	"https://api.example.com/v2/items/7319/orders?per_page=100",
	"/a/b/c/d/e/f",
	"delete /projects/7319/members/7319",
	"list_users",
	"Devices_Get",
	"getUserById",
	"what does a 404 on /v1/accounts/7319 mean",
}

// BenchmarkSearchCall times the search tool's whole call (ranking, the
// hits' summaries, the note and the narrower query it offers) and reports
// the percentiles of single calls: over GitHub's catalog with
// SWAG2MCP_GITHUB_SPEC (make bench sets it), and over a generated
// server's data file with SWAG2MCP_SEARCH_DATA (make bigserver writes a
// 100,000-endpoint one to .cache/bigserver/server/catalog_gen.bin).
func BenchmarkSearchCall(b *testing.B) {
	b.Run("github", func(b *testing.B) {
		ix, cat := githubCompiled(b)
		benchSearchCalls(b, cat, ix, callQueries)
	})
	b.Run("github-requests", func(b *testing.B) {
		ix, cat := githubCompiled(b)
		benchSearchCalls(b, cat, ix, requestQueries)
	})
	b.Run("data-file", func(b *testing.B) {
		ix, cat := dataFile(b)
		benchSearchCalls(b, cat, ix, callQueries)
	})
	b.Run("data-file-requests", func(b *testing.B) {
		ix, cat := dataFile(b)
		benchSearchCalls(b, cat, ix, requestQueries)
	})
}

// dataFile is the index and catalog of the generated server's data file
// SWAG2MCP_SEARCH_DATA names, in githubCompiled's order.
func dataFile(b *testing.B) (catalog.Index, *catalog.Catalog) {
	path := os.Getenv("SWAG2MCP_SEARCH_DATA")
	if path == "" {
		b.Skip("set SWAG2MCP_SEARCH_DATA to a generated server's catalog_gen.bin")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	cat, ix, err := catalog.Decode(string(data))
	if err != nil {
		b.Fatal(err)
	}
	return *ix, cat
}

// githubCompiled is GitHub's index and catalog as its server reads them
// (SWAG2MCP_GITHUB_SPEC names the spec; make bench sets it).
func githubCompiled(b *testing.B) (catalog.Index, *catalog.Catalog) {
	spec := os.Getenv("SWAG2MCP_GITHUB_SPEC")
	if spec == "" {
		b.Skip("set SWAG2MCP_GITHUB_SPEC to GitHub's api.github.com.json (make bench does)")
	}
	ix, cat, err := compiled.Read(spec)
	if err != nil {
		b.Fatal(err)
	}
	return ix, cat
}

// benchSearchCalls runs queries in turn through a service over cat.
func benchSearchCalls(b *testing.B, cat *catalog.Catalog, ix catalog.Index, queries []string) {
	svc, err := New(Options{Catalog: cat, Searcher: search.Open(ix, cat), Config: &config.Config{Workspace: b.TempDir()}})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var lat []time.Duration
	for i := 0; b.Loop(); i++ {
		q := queries[i%len(queries)]
		start := time.Now()
		if _, err := svc.Search(ctx, SearchRequest{Query: q, Limit: 10}); err != nil {
			b.Fatalf("%q: %v", q, err)
		}
		lat = append(lat, time.Since(start))
	}
	benchspec.ReportLatency(b, lat)
}
