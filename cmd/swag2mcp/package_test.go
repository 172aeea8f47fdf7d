package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGenPackage(t *testing.T) {
	spec, err := filepath.Abs(filepath.Join(golden, "petstore/petstore.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		gomod  string // "" for no go.mod
		stderr string
	}{
		{"module without the runtime", "module example.com/app\n\ngo 1.26.0\n",
			"swag2mcp gen: example.com/app does not require github.com/swag2mcp/swag2mcp yet; add it once with: go get github.com/swag2mcp/swag2mcp@latest\n"},
		{"module with the runtime", "module example.com/app\n\ngo 1.26.0\n\nrequire github.com/swag2mcp/swag2mcp v0.9.0\n", ""},
		{"no module", "", "swag2mcp gen: no go.mod in petmcp or above it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app := t.TempDir()
			t.Chdir(app)
			if tt.gomod != "" {
				if err := os.WriteFile("go.mod", []byte(tt.gomod), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got := runArgs("gen", spec, "-o", "petmcp", "--package", "petmcp")
			if got.Code != 0 || !strings.HasPrefix(got.Stderr, tt.stderr) || (tt.stderr == "" && got.Stderr != "") {
				t.Fatalf("run = %+v; want exit 0 and stderr starting %q", got, tt.stderr)
			}
			entries, err := os.ReadDir("petmcp")
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				if !strings.HasSuffix(e.Name(), "_gen.go") {
					t.Errorf("package mode wrote %s; want only *_gen.go files", e.Name())
				}
			}
			main, err := os.ReadFile(filepath.Join("petmcp", "main_gen.go"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(main), "\npackage petmcp\n") || !strings.Contains(string(main), "\nfunc Main() int {") {
				t.Errorf("main_gen.go is not package petmcp with Main:\n%s", main)
			}
		})
	}
}

func TestGenPackageUsage(t *testing.T) {
	spec := filepath.Join(golden, "petstore/petstore.yaml")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"not a package name", []string{"--package", "Pet-MCP"}, `--package "Pet-MCP" is not a Go package name`},
		{"main", []string{"--package", "main"}, `--package "main" is not a Go package name`},
		{"with --module", []string{"--package", "p", "--module", "example.com/x"}, "--module names a standalone module"},
		{"with --runtime", []string{"--package", "p", "--runtime", ".."}, "--runtime sets the replace"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runArgs(append([]string{"gen", spec, "-o", t.TempDir()}, tt.args...)...)
			if got.Code != 2 || !strings.Contains(got.Stderr, tt.want) {
				t.Errorf("run = %+v; want exit 2 with %q", got, tt.want)
			}
		})
	}
}
