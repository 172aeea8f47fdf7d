package emit

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuild writes the fixture's module next to nothing but this checkout
// (through the replace) and builds it with the network and go.mod updates
// off, so go.mod and go.sum must be complete; then runs it once.
func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module; skipped in -short")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if !hasFunc(t, filepath.Join(root, "runtime", "server"), "Main") {
		t.Skip("runtime/server has no Main yet")
	}
	// Both renderings must build: formatted, and the plain one written for
	// files past the format limit (here every file).
	for _, tt := range []struct {
		name  string
		limit int
	}{{"formatted", 0}, {"unformatted", 1}} {
		t.Run(tt.name, func(t *testing.T) {
			buildFixture(t, root, tt.limit)
		})
	}
}

// buildFixture emits the fixture with the given format limit, builds it
// offline and runs it once.
func buildFixture(t *testing.T, root string, formatLimit int) {
	t.Helper()
	files, err := Emit(fixture(), withLimit(testOptions(root), formatLimit))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "server.exe")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOPROXY=off", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// The catalog must be static data: no init function builds it at start-up.
	nm, err := exec.Command("go", "tool", "nm", bin).CombinedOutput()
	if err != nil {
		t.Fatalf("go tool nm: %v\n%s", err, nm)
	}
	if strings.Contains(string(nm), " main.init") {
		t.Errorf("package main has an init function: the tables are not static data")
	}
	out, err := exec.Command(bin, "--version").CombinedOutput()
	if err != nil {
		t.Fatalf("%s --version: %v\n%s", bin, err, out)
	}
	if got, want := strings.TrimSpace(string(out)), "petstore-mcp 0.9.0"; got != want {
		t.Errorf("--version printed %q, want %q", got, want)
	}
}

// hasFunc reports whether the package in dir declares a function name.
func hasFunc(t *testing.T, dir, name string) bool {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == name {
				return true
			}
		}
	}
	return false
}
