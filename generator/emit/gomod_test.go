package emit

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"

	"github.com/swag2mcp/swag2mcp"
)

// testOptions are emit options as a development build with --runtime
// (replace != "") or a release (replace == "") would pass them.
func testOptions(replace string) Options {
	mod, sum := swag2mcp.RuntimeDeps()
	return Options{Version: "0.9.0", Runtime: Runtime{
		Version: "v0.9.0", Sum: "h1:zipzipzipzipzipzipzipzipzipzipzipzipzipzipz=", GoMod: swag2mcp.GoMod(),
		Replace: replace, DepsMod: mod, DepsSum: sum,
	}}
}

func withLimit(o Options, limit int) Options {
	o.FormatLimit = limit
	return o
}

func TestGoMod(t *testing.T) {
	depsMod, _ := swag2mcp.RuntimeDeps()
	deps, err := modfile.Parse("runtime-deps.mod", depsMod, nil)
	if err != nil {
		t.Fatal(err)
	}
	var indirect []module.Version
	for _, r := range deps.Require {
		indirect = append(indirect, r.Mod)
	}
	tests := []struct {
		name        string
		replace     string
		wantReplace string // "" for none
	}{
		{"release", "", ""},
		{"replace relative", "../swag2mcp", "../swag2mcp"},
		{"replace bare relative", "vendor/swag2mcp", "./vendor/swag2mcp"},
		{"replace absolute with space", "/home/a user/swag2mcp", "/home/a user/swag2mcp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := goMod(fixture(), testOptions(tt.replace).Runtime)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(data), "// "+header+"\n") {
				t.Errorf("missing header")
			}
			mf, err := modfile.Parse("go.mod", data, nil)
			if err != nil {
				t.Fatalf("does not parse: %v\n%s", err, data)
			}
			if mf.Module.Mod.Path != "example.com/petstore-mcp" {
				t.Errorf("module %q", mf.Module.Mod.Path)
			}
			want := append([]module.Version{{Path: swag2mcp.ModulePath, Version: "v0.9.0"}}, indirect...)
			var got []module.Version
			for i, r := range mf.Require {
				got = append(got, r.Mod)
				if r.Indirect != (i > 0) {
					t.Errorf("require %s: indirect %v", r.Mod.Path, r.Indirect)
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("requires (-want +got):\n%s", diff)
			}
			var gotReplace string
			for _, r := range mf.Replace {
				if r.Old.Path == swag2mcp.ModulePath {
					gotReplace = r.New.Path
				}
			}
			if gotReplace != tt.wantReplace {
				t.Errorf("replace %q, want %q", gotReplace, tt.wantReplace)
			}
		})
	}
}

func TestGoModErrors(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*Runtime)
		want   string
	}{
		{"bad version", func(r *Runtime) { r.Version = "1.0" }, "not a canonical semantic version"},
		{"non-canonical version", func(r *Runtime) { r.Version = "v1.0" }, "not a canonical semantic version"},
		{"bad deps", func(r *Runtime) { r.DepsMod = []byte("module (") }, "runtime deps"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := testOptions("").Runtime
			tt.mutate(&rt)
			_, err := goMod(fixture(), rt)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestGoModGoDirective(t *testing.T) {
	tests := []struct{ deps, want string }{
		{"", minGo},
		{"go 1.25\n", minGo},
		{"go 1.26\n", minGo},
		{"go 1.27.1\n", "1.27.1"},
	}
	for _, tt := range tests {
		t.Run(tt.deps, func(t *testing.T) {
			rt := testOptions("").Runtime
			rt.DepsMod = []byte("module runtime-deps\n" + tt.deps)
			data, err := goMod(fixture(), rt)
			if err != nil {
				t.Fatal(err)
			}
			mf, err := modfile.Parse("go.mod", data, nil)
			if err != nil {
				t.Fatal(err)
			}
			if mf.Go.Version != tt.want {
				t.Errorf("go %s, want %s", mf.Go.Version, tt.want)
			}
		})
	}
}

func TestGoSum(t *testing.T) {
	_, deps := swag2mcp.RuntimeDeps()
	t.Run("replaced", func(t *testing.T) {
		got, err := goSum(testOptions("../swag2mcp").Runtime)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(deps) {
			t.Errorf("a replaced runtime's go.sum must be the deps' lines only")
		}
	})
	t.Run("release", func(t *testing.T) {
		rt := testOptions("").Runtime
		got, err := goSum(rt)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
		hash, err := goModHash(rt.GoMod)
		if err != nil {
			t.Fatal(err)
		}
		zipLine := swag2mcp.ModulePath + " v0.9.0 " + rt.Sum
		modLine := swag2mcp.ModulePath + " v0.9.0/go.mod " + hash
		i := indexOf(lines, zipLine)
		if i < 0 || i+1 >= len(lines) || lines[i+1] != modLine {
			t.Fatalf("go.sum lacks %q followed by %q:\n%s", zipLine, modLine, got)
		}
		if len(lines) != strings.Count(string(deps), "\n")+2 {
			t.Errorf("go.sum has %d lines, want the deps' and two", len(lines))
		}
		// The go command's order: sorted by module path, then version.
		for j := 1; j < len(lines); j++ {
			a, _, _ := strings.Cut(lines[j-1], " ")
			b, _, _ := strings.Cut(lines[j], " ")
			if a > b {
				t.Errorf("line %d (%s) sorts before line %d (%s)", j+1, b, j, a)
			}
		}
	})
	t.Run("release without zip checksum", func(t *testing.T) {
		rt := testOptions("").Runtime
		rt.Sum = ""
		got, err := goSum(rt)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(string(got), swag2mcp.ModulePath+" ") != 1 {
			t.Errorf("want only the go.mod line of swag2mcp:\n%s", got)
		}
	})
}

func indexOf(lines []string, s string) int {
	for i, l := range lines {
		if l == s {
			return i
		}
	}
	return -1
}

// TestGoModHashMatchesGoCommand checks goModHash against checksums the go
// command wrote: every "/go.mod" line of the runtime's go.sum whose go.mod
// is in the local module cache.
func TestGoModHashMatchesGoCommand(t *testing.T) {
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Skipf("go env: %v", err)
	}
	cache := filepath.Join(strings.TrimSpace(string(out)), "cache", "download")
	_, deps := swag2mcp.RuntimeDeps()
	checked := 0
	for _, line := range strings.Split(string(deps), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || !strings.HasSuffix(f[1], "/go.mod") {
			continue
		}
		esc, err := module.EscapePath(f[0])
		if err != nil {
			t.Fatal(err)
		}
		ver, err := module.EscapeVersion(strings.TrimSuffix(f[1], "/go.mod"))
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join(cache, esc, "@v", ver+".mod"))
		if err != nil {
			continue // not downloaded here
		}
		got, err := goModHash(data)
		if err != nil {
			t.Fatal(err)
		}
		if got != f[2] {
			t.Errorf("%s %s: hash %s, go.sum says %s", f[0], f[1], got, f[2])
		}
		checked++
	}
	if checked == 0 {
		t.Skip("no go.mod of the runtime's dependencies in the module cache")
	}
}
