package search_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swag2mcp/swag2mcp/generator/index/lexicon"
	"github.com/swag2mcp/swag2mcp/internal/benchspec"
	"github.com/swag2mcp/swag2mcp/internal/benchspec/compiled"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// githubQueries are natural-language and structured queries a model might
// send to GitHub's API.
var githubQueries = []string{
	"remove a webhook from my repo",
	"which files did this PR touch?",
	"create an issue",
	"list PR comments",
	"star a repo",
	"get the authenticated user",
	"merge a pull request",
	"delete a branch",
	"add a label to an issue",
	"list workflow runs",
	"rename a branch",
	"download repo as zip",
	"+method:POST +tag:issues",
	"path:/repos/*/hooks*",
	`"pull request" review`,
	"webhok~ -method:GET",
	"/releas.*/ latest",
	"tag:actions secret^3",
	"who can push to a protected branch",
	"invite a collaborator to an organization",
}

// githubIndex loads GitHub's spec once (SWAG2MCP_GITHUB_SPEC; the bench
// make target sets it) and builds its index and catalog.
var githubIndex = sync.OnceValues(func() (catalog.Index, *catalog.Catalog) {
	return specIndex(os.Getenv("SWAG2MCP_GITHUB_SPEC"))
})

// petstoreSpec is the example spec of make demo.
const petstoreSpec = "../../golden/testdata/petstore/petstore.yaml"

// specIndex loads the spec at path and builds its index and catalog as a
// generated server reads them; a nil catalog when path is empty or does
// not load.
func specIndex(path string) (catalog.Index, *catalog.Catalog) {
	if path == "" {
		return catalog.Index{}, nil
	}
	ix, cat, err := compiled.Read(path)
	if err != nil {
		return catalog.Index{}, nil
	}
	return ix, cat
}

func github(b *testing.B) (catalog.Index, *catalog.Catalog) {
	ix, cat := githubIndex()
	if cat == nil {
		b.Skip("set SWAG2MCP_GITHUB_SPEC to GitHub's api.github.com.json (make bench does)")
	}
	return ix, cat
}

// githubTypos are natural-language queries with a word misspelt, each
// tried one edit at a time by the typo tolerance (spelling.go).
var githubTypos = []string{
	"list branhces",
	"unread notiifcations",
	"what permissiion does a user have on a repo",
	"remoev a webhook from my repo",
	"which fils did this PR touch?",
	"add a collaboratro to a repository",
	"store an actions secret for a repositoyr",
	"dismis a review",
}

// githubProse are text pasted whole as a query: a description of
// GitHub's own (its words mostly in the index), and 32 words the index
// lacks, each of them a word to spell out but for maxTypoWords.
var githubProse = []string{
	"Lists all pull requests for a repository. Draft pull requests are available in public repositories with GitHub Free " +
		"and GitHub Free for organizations, GitHub Pro, and legacy per-repository billing plans, and in public and private " +
		"repositories with GitHub Team and GitHub Enterprise Cloud.",
	func() string {
		var ws []string
		for i := range 32 {
			ws = append(ws, strings.Repeat(string(rune('a'+i%26)), 3)+"qxzvbnml"+string(rune('a'+i/26)))
		}
		return strings.Join(ws, " ")
	}(),
}

// BenchmarkSearchGitHub runs the query list over GitHub's index and
// reports the 50th and 99th percentile latency of single queries;
// /typos runs queries with a word misspelt, /prose text pasted whole.
func BenchmarkSearchGitHub(b *testing.B) {
	ix, cat := github(b)
	b.Run("queries", func(b *testing.B) { benchQueries(b, search.Open(ix, cat), githubQueries) })
	b.Run("typos", func(b *testing.B) { benchQueries(b, search.Open(ix, cat), githubTypos) })
	b.Run("prose", func(b *testing.B) { benchQueries(b, search.Open(ix, cat), githubProse) })
	b.Run("paths", func(b *testing.B) { benchQueries(b, search.Open(ix, cat), githubPaths) })
}

// githubPaths are requests as a model meets them in responses and errors:
// routed to their templates, and the costliest miss (every leading
// segment dropped in turn, then read as words).
var githubPaths = []string{
	"/repos/octo/hello/issues/42/comments",
	"https://api.github.com/repos/octo/hello/pulls/7?per_page=100",
	"delete https://api.github.com/repos/octo/hello/issues/comments/5",
	"what does a 404 on /user/repos mean",
	"/a/b/c/d/e/f/g",
}

// benchQueries runs queries over s in turn and reports latency
// percentiles of single queries.
func benchQueries(b *testing.B, s search.Searcher, queries []string) {
	ctx := context.Background()
	var lat []time.Duration
	for i := 0; b.Loop(); i++ {
		q := queries[i%len(queries)]
		start := time.Now()
		if _, err := s.Search(ctx, search.Query{Text: q, Limit: 10}); err != nil {
			b.Fatalf("%q: %v", q, err)
		}
		lat = append(lat, time.Since(start))
	}
	benchspec.ReportLatency(b, lat)
}

// BenchmarkOpen measures making the Searcher from compiled index data:
// it must not grow with the API.
func BenchmarkOpen(b *testing.B) {
	small := testCatalogFor(10)
	smallIx := search.BuildIndex(search.CatalogDocs(small))
	cases := []struct {
		name string
		ix   catalog.Index
		cat  *catalog.Catalog
	}{{"10-endpoints", smallIx, small}}
	if ix, cat := githubIndex(); cat != nil {
		cases = append(cases, struct {
			name string
			ix   catalog.Index
			cat  *catalog.Catalog
		}{fmt.Sprintf("github-%d-endpoints", cat.Len()), ix, cat})
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				_ = search.Open(c.ix, c.cat)
			}
		})
	}
}

// BenchmarkBuild measures the generator's indexing of petstore's spec and,
// with SWAG2MCP_GITHUB_SPEC, GitHub's, and reports the index size: plain,
// and with the word tables derived from the generator's lexicon (loaded as
// index.Build loads it, decoded once per process: lexicon's BenchmarkDecode
// measures that first load), whose bytes it reports apart.
func BenchmarkBuild(b *testing.B) {
	specs := []struct {
		name string
		open func() (catalog.Index, *catalog.Catalog)
	}{
		{"petstore", func() (catalog.Index, *catalog.Catalog) { return specIndex(petstoreSpec) }},
		{"github", githubIndex},
	}
	for _, spec := range specs {
		b.Run(spec.name, func(b *testing.B) {
			_, cat := spec.open()
			if cat == nil {
				b.Skipf("the %s spec did not load (GitHub's needs SWAG2MCP_GITHUB_SPEC; make bench sets it)", spec.name)
			}
			benchmarkBuild(b, search.CatalogDocs(cat))
		})
	}
}

func benchmarkBuild(b *testing.B, docs []search.Doc) {
	postings := func(ix catalog.Index) int {
		return len(ix.Meta) + len(ix.Blocks) + len(ix.Dict) + len(ix.Postings) + len(ix.Positions) + len(ix.Norms)
	}
	b.Run("plain", func(b *testing.B) {
		var ix catalog.Index
		for b.Loop() {
			ix = search.BuildIndex(docs)
		}
		b.ReportMetric(float64(postings(ix)), "index-bytes")
	})
	b.Run("lexicon", func(b *testing.B) {
		var ix catalog.Index
		for b.Loop() {
			lex, err := lexicon.Load()
			if err != nil {
				b.Fatal(err)
			}
			ix = search.BuildIndexWith(docs, lex)
		}
		b.ReportMetric(float64(postings(ix)), "index-bytes")
		b.ReportMetric(float64(len(ix.Vectors)), "vector-bytes")
		b.ReportMetric(float64(len(ix.Words)), "word-bytes")
		b.ReportMetric(float64(len(ix.Forms)), "form-bytes")
		b.ReportMetric(float64(len(ix.Notice)), "notice-bytes")
	})
}

// testCatalogFor is a synthetic catalog of n endpoints.
func testCatalogFor(n int) *catalog.Catalog {
	cat := &catalog.Catalog{Tags: []catalog.Tag{{Name: "widgets"}}}
	for i := range n {
		cat.Endpoints = append(cat.Endpoints, catalog.Endpoint{
			Method:      "GET",
			Path:        fmt.Sprintf("/widgets/{widgetId}/parts%d", i),
			OperationID: fmt.Sprintf("listWidgetParts%d", i),
			Summary:     fmt.Sprintf("List the parts of widget family %d", i),
			Description: catalog.Text("Returns every part with its supplier, price and stock level."),
		})
	}
	return cat
}
