// Package golden_test checks the generator end to end: every case under
// testdata/ is generated and compared byte for byte with its expected module
// (testdata/<case>/out) and expected stderr (testdata/<case>/stderr.txt),
// and each expected module is built. `go test ./golden -update` rewrites them.
package golden_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/mod/modfile"

	"github.com/swag2mcp/swag2mcp"
	"github.com/swag2mcp/swag2mcp/generator"
	"github.com/swag2mcp/swag2mcp/generator/emit"
	"github.com/swag2mcp/swag2mcp/internal/updateflag"
	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// repoRoot is where the golden modules' replace lines point: testdata/<case>/out → ../../../..
const repoRoot = ".."

func TestGolden(t *testing.T) {
	for _, c := range cases(t) {
		t.Run(c.name, func(t *testing.T) {
			files, stderr := render(t, c)
			checkStderr(t, c, stderr)
			checkModule(t, c, files)
		})
	}
}

// TestGoldenDeterministic renders every case twice: the bytes must not change.
func TestGoldenDeterministic(t *testing.T) {
	for _, c := range cases(t) {
		t.Run(c.name, func(t *testing.T) {
			a, _ := render(t, c)
			b, _ := render(t, c)
			if diff := cmp.Diff(a, b); diff != "" {
				t.Errorf("two renders differ (-first +second):\n%s", diff)
			}
		})
	}
}

// TestGoldenBuild builds every expected module, as a user's `go build`
// would, and checks that `go mod tidy` would change nothing in it. A
// package-mode case is built inside a throwaway module of the user's.
func TestGoldenBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated modules")
	}
	for _, c := range cases(t) {
		out := filepath.Join(c.dir, "out")
		if c.opts.Package != "" {
			t.Run(c.name, func(t *testing.T) { buildPackage(t, c) })
			continue
		}
		if _, err := os.Stat(filepath.Join(out, "go.mod")); err != nil {
			continue // a case that is expected to fail
		}
		t.Run(c.name, func(t *testing.T) {
			goCmd(t, out, "build", "-o", filepath.Join(t.TempDir(), "server"), ".")
			if b, err := goCommand(out, "mod", "tidy", "-diff"); err != nil {
				t.Fatalf("go mod tidy would change the generated go.mod or go.sum "+
					"(after a change of the runtime's imports run make runtime-deps, then make golden): %v\n%s", err, b)
			}
		})
	}
}

// buildPackage builds a package-mode case as part of a user's module
// (example.com/app, its runtime replaced by this checkout) with a command
// whose main calls the package's Main, then runs it once.
func buildPackage(t *testing.T, c goldenCase) {
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	app := t.TempDir()
	depsMod, depsSum := swag2mcp.RuntimeDeps()
	deps, err := modfile.Parse("runtime-deps.mod", depsMod, nil)
	if err != nil {
		t.Fatal(err)
	}
	var mod strings.Builder
	fmt.Fprintf(&mod, "module example.com/app\n\ngo %s\n\nrequire %s v%s\n\nrequire (\n", deps.Go.Version, swag2mcp.ModulePath, swag2mcp.Version)
	for _, r := range deps.Require {
		fmt.Fprintf(&mod, "\t%s %s // indirect\n", r.Mod.Path, r.Mod.Version)
	}
	fmt.Fprintf(&mod, ")\n\nreplace %s => %s\n", swag2mcp.ModulePath, modfile.AutoQuote(root))
	pkgDir := filepath.Join(app, c.opts.Package)
	mainDir := filepath.Join(app, "cmd", "server")
	files := map[string]string{
		filepath.Join(app, "go.mod"):      mod.String(),
		filepath.Join(app, "go.sum"):      string(depsSum),
		filepath.Join(mainDir, "main.go"): "package main\n\nimport (\n\t\"os\"\n\n\t\"example.com/app/" + c.opts.Package + "\"\n)\n\nfunc main() { os.Exit(" + c.opts.Package + ".Main()) }\n",
	}
	for path, data := range readTree(t, filepath.Join(c.dir, "out")) {
		files[filepath.Join(pkgDir, filepath.FromSlash(path))] = data
	}
	// The case's tests of the typed API, run as the user's own tests.
	for path, data := range readTree(t, filepath.Join(c.dir, "usertest")) {
		files[filepath.Join(pkgDir, filepath.FromSlash(path))] = data
	}
	for path, data := range files {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(app, "server")
	goCmd(t, app, "vet", "./...")
	goCmd(t, app, "build", "-o", bin, "./cmd/server")
	goCmd(t, app, "test", "-count=1", "./...")
	checkVersion(t, bin)
}

// checkVersion runs a built server with --version: it must print its name
// and the runtime's version.
func checkVersion(t *testing.T, bin string) {
	t.Helper()
	out, err := exec.Command(bin, "--version").CombinedOutput()
	if err != nil || !strings.HasSuffix(string(out), " "+swag2mcp.Version+"\n") {
		t.Errorf("%s --version: %v, %q; want the server's name and version %s", bin, err, out, swag2mcp.Version)
	}
}

// goCmd runs the go command in dir with go.mod updates and the network off,
// so the module must be complete, and fails the test when it fails.
func goCmd(t *testing.T, dir string, args ...string) {
	t.Helper()
	if b, err := goCommand(dir, args...); err != nil {
		t.Fatalf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, b)
	}
}

func goCommand(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off")
	return cmd.CombinedOutput()
}

type goldenCase struct {
	name string
	dir  string // testdata/<name>
	opts generator.Options
}

// cases lists testdata/*: each folder's top-level specs (files whose root
// names openapi or swagger) and the extra flags in args.txt.
func cases(t *testing.T) []goldenCase {
	t.Helper()
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	var out []goldenCase
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join("testdata", e.Name())
		c := goldenCase{name: e.Name(), dir: dir}
		c.opts = generator.Options{
			Specs:      topLevelSpecs(t, dir),
			OutDir:     filepath.Join(dir, "out"),
			RuntimeDir: repoRoot,
		}
		applyArgs(t, filepath.Join(dir, "args.txt"), &c.opts)
		out = append(out, c)
	}
	return out
}

func topLevelSpecs(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var specs []string
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if e.IsDir() || (ext != ".yaml" && ext != ".yml" && ext != ".json") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if isRootSpec(b) {
			specs = append(specs, path)
		}
	}
	return specs
}

// isRootSpec reports whether a file starts an API description rather than
// holding fragments another file refers to.
func isRootSpec(b []byte) bool {
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		for _, key := range []string{"openapi", "swagger"} {
			if strings.HasPrefix(line, key+":") || strings.Contains(line, `"`+key+`"`) {
				return true
			}
		}
	}
	return false
}

// applyArgs reads one gen flag per line (--name=X or --name X; --module,
// --domain [SPEC=]DOMAIN, --strict, --package, the filter flags
// --include-tag … --exclude-path with comma-separated patterns, and --spec
// PATH, a spec outside the case's folder, relative to it).
func applyArgs(t *testing.T, path string, o *generator.Options) {
	t.Helper()
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		sep := " "
		if strings.Contains(line, "=") {
			sep = "="
		}
		name, value, _ := strings.Cut(line, sep)
		switch name {
		case "":
		case "--name":
			o.Name = value
		case "--module":
			o.Module = value
		case "--domain":
			spec, domain, ok := strings.Cut(value, "=")
			if !ok {
				spec, domain = o.Specs[0], value
			} else {
				spec = filepath.Join(filepath.Dir(path), spec)
			}
			if o.Domains == nil {
				o.Domains = map[string]string{}
			}
			o.Domains[spec] = domain
		case "--package":
			o.Package = value
			o.RuntimeDir = ""
		case "--spec":
			o.Specs = append(o.Specs, filepath.Join(filepath.Dir(path), value))
		case "--strict":
			o.Strict = true
		default:
			if !applyFilterArg(&o.Filter, name, value) {
				t.Fatalf("%s: unknown flag %q", path, name)
			}
		}
	}
}

// applyFilterArg adds the patterns of a filter flag (--include-tag, …) to r
// and reports whether name is one.
func applyFilterArg(r *filter.Rules, name, value string) bool {
	for _, l := range r.Lists() {
		if name == "--"+l.Name {
			*l.List = append(*l.List, filter.Split(value)...)
			return true
		}
	}
	return false
}

// render generates a case in memory and returns its files by path and the
// text gen would print on stderr.
func render(t *testing.T, c goldenCase) (map[string]string, string) {
	t.Helper()
	files, warnings, err := generator.Render(context.Background(), c.opts)
	var stderr strings.Builder
	for _, w := range warnings {
		stderr.WriteString(w.String() + "\n")
	}
	if err != nil {
		stderr.WriteString(err.Error() + "\n")
	}
	return byPath(files), stderr.String()
}

func byPath(files []emit.File) map[string]string {
	m := make(map[string]string, len(files))
	for _, f := range files {
		m[f.Path] = string(f.Data)
	}
	return m
}

func checkStderr(t *testing.T, c goldenCase, got string) {
	t.Helper()
	path := filepath.Join(c.dir, "stderr.txt")
	if updateflag.Enabled() {
		if got == "" {
			os.Remove(path)
			return
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("stderr mismatch (-want +got):\n%s", diff)
	}
}

func checkModule(t *testing.T, c goldenCase, got map[string]string) {
	t.Helper()
	out := filepath.Join(c.dir, "out")
	if updateflag.Enabled() {
		if err := os.RemoveAll(out); err != nil {
			t.Fatal(err)
		}
		for path, data := range got {
			full := filepath.Join(out, filepath.FromSlash(path))
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	want := readTree(t, out)
	var paths []string
	for p := range want {
		paths = append(paths, p)
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	for _, p := range paths {
		if diff := cmp.Diff(want[p], got[p]); diff != "" {
			t.Errorf("%s mismatch (-want +got):\n%s", p, diff)
		}
	}
}

func readTree(t *testing.T, root string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if os.IsNotExist(err) {
			return filepath.SkipDir
		}
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		m[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
