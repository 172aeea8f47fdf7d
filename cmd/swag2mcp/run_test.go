package main

import (
	"bytes"
	"github.com/swag2mcp/swag2mcp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// result is what one in-process run of the command gave.
type result struct {
	Code   int
	Stdout string
	Stderr string
}

func runArgs(args ...string) result {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	return result{code, stdout.String(), stderr.String()}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want result
	}{
		{
			name: "no command",
			args: nil,
			want: result{Code: 2, Stderr: "swag2mcp: no command given\nRun 'swag2mcp --help' for usage.\n"},
		},
		{
			name: "unknown command with suggestion",
			args: []string{"gne"},
			want: result{Code: 2, Stderr: "swag2mcp: unknown command \"gne\"; did you mean gen?\nRun 'swag2mcp --help' for usage.\n"},
		},
		{
			name: "unknown command",
			args: []string{"frobnicate"},
			want: result{Code: 2, Stderr: "swag2mcp: unknown command \"frobnicate\"\nRun 'swag2mcp --help' for usage.\n"},
		},
		{
			name: "gen without spec",
			args: []string{"gen", "-o", "out"},
			want: result{Code: 2, Stderr: "swag2mcp gen: no spec given\nRun 'swag2mcp gen --help' for usage.\n"},
		},
		{
			name: "gen without output",
			args: []string{"gen", "petstore.yaml"},
			want: result{Code: 2, Stderr: "swag2mcp gen: no output directory given (-o DIR)\nRun 'swag2mcp gen --help' for usage.\n"},
		},
		{
			name: "gen with empty output",
			args: []string{"gen", "petstore.yaml", "-o", ""},
			want: result{Code: 2, Stderr: "swag2mcp gen: no output directory given (-o DIR)\nRun 'swag2mcp gen --help' for usage.\n"},
		},
		{
			name: "gen with empty spec path",
			args: []string{"gen", "", "-o", "out"},
			want: result{Code: 2, Stderr: "swag2mcp gen: empty spec path\nRun 'swag2mcp gen --help' for usage.\n"},
		},
		{
			name: "domain with two specs",
			args: []string{"gen", "a.yaml", "b.yaml", "-o", "out", "--domain", "example.com"},
			want: result{Code: 2, Stderr: "swag2mcp gen: --domain example.com: with 2 specs, say which one: --domain SPEC=example.com\nRun 'swag2mcp gen --help' for usage.\n"},
		},
		{
			name: "unknown flag",
			args: []string{"gen", "a.yaml", "-o", "out", "--bogus"},
			want: result{Code: 2, Stderr: "swag2mcp gen: unknown flag: --bogus\nRun 'swag2mcp gen --help' for usage.\n"},
		},
		{
			name: "flag without value",
			args: []string{"gen", "a.yaml", "-o"},
			want: result{Code: 2, Stderr: "swag2mcp gen: flag needs an argument: 'o' in -o\nRun 'swag2mcp gen --help' for usage.\n"},
		},
		{
			name: "version takes no arguments",
			args: []string{"version", "extra"},
			want: result{Code: 2, Stderr: "swag2mcp version: unknown command \"extra\" for \"swag2mcp version\"\nRun 'swag2mcp version --help' for usage.\n"},
		},
		{
			name: "root has no -v",
			args: []string{"-v"},
			want: result{Code: 2, Stderr: "swag2mcp: unknown shorthand flag: 'v' in -v\nRun 'swag2mcp --help' for usage.\n"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, runArgs(tt.args...)); diff != "" {
				t.Errorf("run(%q) mismatch (-want +got):\n%s", tt.args, diff)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	// Test binaries are built from a "(devel)" main module.
	want := result{Code: 0, Stdout: "swag2mcp " + swag2mcp.Version + "-dev\n"}
	for _, args := range [][]string{{"version"}, {"--version"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			if diff := cmp.Diff(want, runArgs(args...)); diff != "" {
				t.Errorf("run(%q) mismatch (-want +got):\n%s", args, diff)
			}
		})
	}
}

func TestVersionOf(t *testing.T) {
	tests := []struct {
		name string
		b    swag2mcp.Build
		want string
	}{
		{"development", swag2mcp.Build{}, swag2mcp.Version + "-dev"},
		{"release", swag2mcp.Build{Version: "v1.2.3", Sum: "h1:x="}, "v1.2.3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := versionOf(tt.b); got != tt.want {
				t.Errorf("versionOf() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string // substrings of stdout
	}{
		{"root", []string{"--help"}, []string{"Usage:\n  swag2mcp [flags]", "Examples:\n  # Generate a server", "gen ", "version ", "--version"}},
		{"help command", []string{"help"}, []string{"Usage:\n  swag2mcp [flags]"}},
		{"gen", []string{"gen", "--help"}, []string{
			"swag2mcp gen SPEC... -o DIR [flags]",
			"Examples:\n  swag2mcp gen petstore.yaml -o ./petstore-mcp",
			"//go:generate swag2mcp gen",
			"-o, --out DIR", "--name NAME", "--module PATH", "--domain [SPEC=]DOMAIN", "--package NAME",
			"--strict", "--allow-remote-refs", "--runtime DIR", "-v, --verbose",
			"Exit status: 0",
		}},
		{"help gen", []string{"help", "gen"}, []string{"swag2mcp gen SPEC... -o DIR [flags]"}},
		{"version", []string{"version", "-h"}, []string{"swag2mcp version [flags]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runArgs(tt.args...)
			if got.Code != 0 || got.Stderr != "" {
				t.Fatalf("run(%q) = code %d, stderr %q; want 0 and no stderr", tt.args, got.Code, got.Stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(got.Stdout, w) {
					t.Errorf("run(%q) stdout lacks %q; stdout:\n%s", tt.args, w, got.Stdout)
				}
			}
		})
	}
}
