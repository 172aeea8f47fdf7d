package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp"
)

func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	bin := filepath.Join(t.TempDir(), "bin", "pets")
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // where build makes its temporary module
	got := runGenerate(t, "build", filepath.Join(golden, "petstore/petstore.yaml"), "-o", bin, "--name", "pets-mcp")
	if got.Code != 0 || got.Stdout != "" || got.Stderr != "" {
		t.Fatalf("run = %+v; want exit 0 and no output", got)
	}
	out, err := exec.Command(bin, "--version").CombinedOutput()
	if err != nil || string(out) != "pets-mcp "+swag2mcp.Version+"\n" {
		t.Errorf("%s --version = %q, %v", bin, out, err)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("build left %d entries in TMPDIR, e.g. %s", len(left), left[0].Name())
	}
}

func TestBuildDefaultsToServerName(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	spec, err := filepath.Abs(filepath.Join(golden, "petstore/petstore.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	got := runArgs("build", spec, "--runtime", root)
	if got.Code != 0 {
		t.Fatalf("run = %+v", got)
	}
	if _, err := os.Stat("petstore-mcp"); err != nil {
		t.Errorf("no ./petstore-mcp: %v", err)
	}
}

func TestBuildErrors(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		wantCode  int
		stderrHas string
	}{
		{"broken spec", []string{filepath.Join(golden, "broken/openapi.yaml"), "-o", "x"}, 1, "openapi.yaml:"},
		{"no package mode", []string{filepath.Join(golden, "petstore/petstore.yaml"), "--package", "p"}, 2, "unknown flag: --package"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runGenerate(t, append([]string{"build"}, tt.args...)...)
			if got.Code != tt.wantCode || !strings.Contains(got.Stderr, tt.stderrHas) {
				t.Errorf("run = %+v; want exit %d and stderr with %q", got, tt.wantCode, tt.stderrHas)
			}
		})
	}
	t.Run("no go command", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		got := runGenerate(t, "build", filepath.Join(golden, "petstore/petstore.yaml"))
		if got.Code != 1 || !strings.Contains(got.Stderr, "the go command is not on PATH") {
			t.Errorf("run = %+v", got)
		}
	})
}
