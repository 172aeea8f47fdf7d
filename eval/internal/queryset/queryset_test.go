package queryset

import (
	"regexp"
	"testing"

	_ "github.com/swag2mcp/swag2mcp/internal/updateflag"
)

// TestQueryFiles checks the labelled sets the report runs on: the issue asks
// for at least 100 queries over GitHub and two more specs.
func TestQueryFiles(t *testing.T) {
	// label is how a wanted operation is written: METHOD and path.
	label := regexp.MustCompile(`^(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS|TRACE) /\S*$`)
	sets, err := ReadAll("../../queries")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, s := range sets {
		t.Run(s.Spec.Name, func(t *testing.T) {
			if s.Spec.Package == "" || s.Spec.Operations == 0 {
				t.Errorf("spec.package and spec.operations are required")
			}
			if len(s.Queries) < 25 {
				t.Errorf("%d queries, want at least 25", len(s.Queries))
			}
			seen := map[string]bool{}
			for _, q := range s.Queries {
				if seen[q.Q] {
					t.Errorf("query %q twice", q.Q)
				}
				seen[q.Q] = true
				for _, w := range q.Want {
					if !label.MatchString(w) {
						t.Errorf("query %q: label %q is not METHOD /path", q.Q, w)
					}
				}
			}
		})
		total += len(s.Queries)
	}
	if len(sets) < 3 || total < 100 {
		t.Errorf("%d sets with %d queries, want at least 3 sets and 100 queries", len(sets), total)
	}
}

func TestCheckLabels(t *testing.T) {
	set := &QuerySet{File: "x.yaml", Queries: []Labelled{{Q: "a", Want: []string{"GET /a", "GET /b"}}}}
	if err := CheckLabels(set, map[string]bool{"GET /a": true, "GET /b": true}); err != nil {
		t.Errorf("all labels known: %v", err)
	}
	if err := CheckLabels(set, map[string]bool{"GET /a": true}); err == nil {
		t.Error("unknown label GET /b passed")
	}
}
