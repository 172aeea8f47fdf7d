package main

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/swag2mcp/swag2mcp/internal/updateflag"
)

func TestProvider(t *testing.T) {
	for rel, want := range map[string]string{
		"amazonaws.com/ec2.json": "amazonaws.com",
		"amazonaws.com.json":     "amazonaws.com",
		"box.com.json":           "box.com",
	} {
		if got := provider(rel); got != want {
			t.Errorf("provider(%q) = %q, want %q", rel, got, want)
		}
	}
}

func TestExcluded(t *testing.T) {
	tests := []struct {
		rel      string
		excluded bool
	}{
		{"stripe.com.json", true},
		{"slack.com.json", true},
		{"atlassian.com/jira.json", true},
		{"atlassian.com/confluence.json", false},
		{"jira.local/v1.json", true},
		{"trello.com.json", true},
		{"kubernetes.io.json", true},
		{"github.com/ghes-3.1.json", true},
		{"apis.GitHub.example.json", true},
		{"googleapis.com/gmail.json", true},
		{"googleapis.com/compute.json", false},
		{"spotify.com.json", true},
		{"stackexchange.com.json", true},
		{"box.com.json", false},
	}
	for _, tt := range tests {
		if got := excluded(tt.rel) != ""; got != tt.excluded {
			t.Errorf("excluded(%q) = %v, want %v", tt.rel, got, tt.excluded)
		}
	}
}

// TestDrawKey pins the key to plain SHA-256 of seed, newline, path, so the
// order can be checked with sha256sum: printf 'seed\nx.com.json' | sha256sum.
func TestDrawKey(t *testing.T) {
	const want = "6af01769a9d19785222903a0a6d6e5d03d8a5143867d920f6786ce58601815da"
	if got := drawKey("seed", "x.com.json"); got != want {
		t.Errorf("drawKey = %s, want %s", got, want)
	}
	if drawKey("seed", "x.com.json") == drawKey("other", "x.com.json") {
		t.Error("the seed does not change the key")
	}
}

func TestDraw(t *testing.T) {
	cands := []candidate{
		{rel: "a.com/one.json", ops: 200},
		{rel: "a.com/two.json", ops: 300},  // same provider as the first: skipped
		{rel: "broken.com.json", ops: 400}, // does not lower: skipped
		{rel: "b.com.json", ops: 150},
		{rel: "c.com.json", ops: 160},
		{rel: "d.com.json", ops: 170}, // not reached
	}
	lower := func(rel string) (int, error) {
		if rel == "broken.com.json" {
			return 0, errors.New("spec.json:1:1: bad\nmore")
		}
		return 7, nil
	}
	var got []string
	for _, v := range draw(cands, 3, lower) {
		s := v.rel + " drawn"
		if !v.chosen {
			s = v.rel + " " + v.why
		}
		got = append(got, s)
	}
	want := []string{
		"a.com/one.json drawn",
		"a.com/two.json provider a.com already drawn",
		"broken.com.json does not lower: spec.json:1:1: bad",
		"b.com.json drawn",
		"c.com.json drawn",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("draw (-want +got):\n%s", diff)
	}
}

func TestPopulation(t *testing.T) {
	dir := t.TempDir()
	spec := func(rel string, ops int) {
		paths := "{"
		for i := range ops {
			if i > 0 {
				paths += ","
			}
			paths += `"/p` + string(rune('a'+i%26)) + string(rune('a'+i/26)) + `":{"get":{},"parameters":[]}`
		}
		paths += "}"
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(`{"openapi":"3.0.0","paths":`+paths+`}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	spec("big.com.json", minOps)
	spec("x.com/big.json", minOps+1)
	spec("small.com.json", minOps-1)
	spec("stripe.com.json", minOps+5)
	cands, excludedN, err := population(dir, "s")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cands {
		got = append(got, c.rel)
		if c.hash != drawKey("s", c.rel) {
			t.Errorf("%s: key %s, want drawKey", c.rel, c.hash)
		}
	}
	want := []string{"big.com.json", "x.com/big.json"}
	if drawKey("s", want[1]) < drawKey("s", want[0]) {
		want[0], want[1] = want[1], want[0]
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("population (-want +got):\n%s", diff)
	}
	if excludedN != 1 {
		t.Errorf("excluded %d, want 1 (stripe.com)", excludedN)
	}
}
