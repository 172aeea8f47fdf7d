package search_test

import (
	"context"
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
