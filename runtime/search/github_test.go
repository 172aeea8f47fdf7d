package search_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// TestGitHubIssueExamples runs issue 11's examples on GitHub's own spec
// (SWAG2MCP_GITHUB_SPEC; skipped without it).
func TestGitHubIssueExamples(t *testing.T) {
	ix, cat := githubIndex()
	if cat == nil {
		t.Skip("set SWAG2MCP_GITHUB_SPEC to GitHub's api.github.com.json (make bench does)")
	}
	s := search.Open(ix, cat)
	top := func(q string, n int) []string {
		t.Helper()
		res, err := s.Search(context.Background(), search.Query{Text: q, Limit: n})
		if err != nil {
			t.Fatalf("Search(%q): %v", q, err)
		}
		var out []string
		for _, h := range res.Hits {
			out = append(out, cat.Method(h.Endpoint)+" "+cat.Path(h.Endpoint))
		}
		return out
	}
	t.Run("labl~ ranks labels first", func(t *testing.T) {
		for i, op := range top("labl~", 10) {
			if !strings.Contains(op, "label") {
				t.Errorf("hit %d of labl~ is %s, want a label endpoint", i+1, op)
			}
		}
	})
	t.Run("webhoks~2 finds webhooks only", func(t *testing.T) {
		for _, op := range top("webhoks~2", 50) {
			if strings.Contains(op, "token") {
				t.Errorf("webhoks~2 returned %s", op)
			}
		}
	})
	t.Run("ship it: natural text", func(t *testing.T) {
		if got := top("ship it: merge this pull request into main", 3); len(got) == 0 || !strings.Contains(got[0], "/merge") {
			t.Errorf("got %v, want the merge endpoint first", got)
		}
	})
	t.Run("+path:*hooks* equals path:\"*hooks*\"", func(t *testing.T) {
		a, b := top("+path:*hooks*", 50), top(`path:"*hooks*"`, 50)
		if len(a) == 0 || strings.Join(a, ",") != strings.Join(b, ",") {
			t.Errorf("+path:*hooks* gave %d hits, path:\"*hooks*\" %d; want the same non-empty set", len(a), len(b))
		}
	})
	t.Run("typos the stemmer hides", func(t *testing.T) {
		for q, want := range map[string]string{
			"list branhces":        "GET /repos/{owner}/{repo}/branches",
			"unread notiifcations": "GET /notifications",
		} {
			if got := top(q, 3); !slices.Contains(got, want) {
				t.Errorf("%s: got %v, want %s in the top 3", q, got, want)
			}
		}
	})
}

// TestGitHubRequestsFindTheirOperations: every GitHub operation's request,
// its path with each parameter filled ("/repos/x7319/x7319/issues"), alone
// and as a URL after GitHub's server URL with a query string, ranks an
// operation of that path first.
func TestGitHubRequestsFindTheirOperations(t *testing.T) {
	ix, cat := githubIndex()
	if cat == nil {
		t.Skip("set SWAG2MCP_GITHUB_SPEC to GitHub's api.github.com.json (make bench does)")
	}
	s := search.Open(ix, cat)
	base := strings.TrimRight(cat.Specs[0].BaseURL, "/")
	if !strings.HasPrefix(base, "https://") {
		t.Fatalf("GitHub's server URL is %q, want an https URL", base)
	}
	param := regexp.MustCompile(`\{[^}]*\}`)
	// shape is a path as a router sees it: two templates of one shape
	// (…/attestations/{attestation_id}, …/attestations/{subject_digest})
	// serve the same requests, and either is right.
	shape := func(p string) string { return param.ReplaceAllString(p, "{}") }
	checked, wrong := 0, 0
	for i := range cat.Len() {
		path := param.ReplaceAllString(cat.Path(i), "x7319")
		for _, q := range []string{path, base + path + "?per_page=100"} {
			res, err := s.Search(context.Background(), search.Query{Text: q, Limit: 1})
			checked++
			if err != nil || len(res.Hits) == 0 || shape(cat.Path(res.Hits[0].Endpoint)) != shape(cat.Path(i)) {
				if wrong++; wrong <= 10 {
					t.Errorf("Search(%q) = %+v, %v; want an operation of %s first", q, res.Hits, err, cat.Path(i))
				}
			}
		}
	}
	t.Logf("%d requests searched, %d not first", checked, wrong)
}

// TestGitHubOperationIDsFindTheirOperations: every GitHub operationId
// ("repos/create-fork") searched as it is ranks its operation first.
func TestGitHubOperationIDsFindTheirOperations(t *testing.T) {
	ix, cat := githubIndex()
	if cat == nil {
		t.Skip("set SWAG2MCP_GITHUB_SPEC to GitHub's api.github.com.json (make bench does)")
	}
	s := search.Open(ix, cat)
	wrong := 0
	for i := range cat.Len() {
		id := cat.Endpoint(i).OperationID
		res, err := s.Search(context.Background(), search.Query{Text: id, Limit: 1})
		if err != nil || len(res.Hits) == 0 || res.Hits[0].Endpoint != i {
			if wrong++; wrong <= 10 {
				t.Errorf("Search(%q) = %+v, %v; want endpoint %d first", id, res.Hits, err, i)
			}
		}
	}
	t.Logf("%d operationIds searched, %d not first", cat.Len(), wrong)
}
