package main

import (
	"strings"
	"testing"
)

const petstoreSpec = "../../golden/testdata/petstore/petstore.yaml"

func TestSearchCommand(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantOut    []string // substrings of stdout, in order
		wantErr    string   // substring of stderr
		wantNoLine string   // a substring stdout must not hold
	}{
		{name: "ranked", args: []string{"search", petstoreSpec, "find a pet by its id", "--limit", "2"},
			wantOut: []string{"1.", "GET", "/pet/{petId}", "Find a pet by ID", "2.", "2 of "}},
		// The explanation names each clause, how it matched and where; the
		// indexed form of "delete" is the stemmer's business, not pinned,
		// and so is which table relates remove to it (the vocabulary's
		// synonyms or the lexicon's meanings: runtime/search tests each).
		{name: "explain", args: []string{"search", petstoreSpec, "remove a pet", "-n", "1", "--explain"},
			wantOut: []string{"DELETE", "/pet/{petId}", "remove → ", " in summary", "pet → pet (exact"}},
		// The spec has one POST tagged pet.
		{name: "structured", args: []string{"search", petstoreSpec, "+method:POST +tag:pet", "-n", "5"},
			wantOut: []string{"POST", "/pet", "1 of 1 matches"}, wantNoLine: "GET"},
		{name: "no match", args: []string{"search", petstoreSpec, "weather"}, wantOut: []string{"0 of 0 matches"}},
		{name: "query error", args: []string{"search", petstoreSpec, "pet AND store"}, wantCode: 2,
			wantErr: "query at position 4: AND is not supported; put + before every term that must match, e.g. +tag:pet +method:POST\n  pet AND store\n      ^"},
		// Prose the query language refuses is searched as its words; the
		// output says so, as the server's note does.
		{name: "prose", args: []string{"search", petstoreSpec, "Finds a pet by its ID. Pets that were sold are NOT shown, they are archived", "-n", "1"},
			wantOut: []string{"GET", "/pet/{petId}", "1 of ", "could not read this query (NOT is not supported"}},
		{name: "no query", args: []string{"search", petstoreSpec}, wantCode: 2, wantErr: "give one or more specs and then the query"},
		{name: "bad limit", args: []string{"search", petstoreSpec, "pet", "--limit", "51"}, wantCode: 2, wantErr: "--limit must be between 1 and 50"},
		{name: "missing spec", args: []string{"search", "nope.yaml", "pet"}, wantCode: 1, wantErr: "nope.yaml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runArgs(tt.args...)
			if got.Code != tt.wantCode {
				t.Fatalf("exit code %d, want %d; stderr:\n%s", got.Code, tt.wantCode, got.Stderr)
			}
			rest := got.Stdout
			for _, w := range tt.wantOut {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("stdout lacks %q (in order); stdout:\n%s", w, got.Stdout)
				}
				rest = rest[i+len(w):]
			}
			if tt.wantNoLine != "" && strings.Contains(got.Stdout, tt.wantNoLine) {
				t.Errorf("stdout holds %q:\n%s", tt.wantNoLine, got.Stdout)
			}
			if !strings.Contains(got.Stderr, tt.wantErr) {
				t.Errorf("stderr lacks %q:\n%s", tt.wantErr, got.Stderr)
			}
		})
	}
}
