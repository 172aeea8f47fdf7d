package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// golden is where the golden specs live, relative to this package.
const golden = "../../golden/testdata"

// repoRoot is this checkout, relative to the package: test binaries are
// development builds, so gen needs --runtime to write a module.
const repoRoot = "../.."

// runGenerate runs the command line like runArgs, with --runtime repoRoot.
func runGenerate(t *testing.T, args ...string) result {
	t.Helper()
	return runArgs(append(args, "--runtime", repoRoot)...)
}

func TestGenDevelopmentBuildNeedsRuntime(t *testing.T) {
	out := t.TempDir()
	got := runArgs("gen", filepath.Join(golden, "petstore/petstore.yaml"), "-o", out)
	want := "swag2mcp gen: this swag2mcp is a development build without a version, so it cannot say which runtime " +
		"the module should require: pass --runtime DIR (a checkout of github.com/swag2mcp/swag2mcp) or install a " +
		"release with go install github.com/swag2mcp/swag2mcp/cmd/swag2mcp@latest\n"
	if got.Code != 1 || got.Stdout != "" || got.Stderr != want {
		t.Errorf("run = %+v; want exit 1 and the one line\n%s", got, want)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("wrote %d files; want none", len(entries))
	}
}

// located matches a diagnostic with file, line and column.
var located = regexp.MustCompile(`^[^:\s]+:\d+:\d+: \S`)

func TestGenSuccess(t *testing.T) {
	tests := []struct {
		name  string
		specs []string
		flags []string
	}{
		{"petstore", []string{"petstore/petstore.yaml"}, nil},
		{"swagger2", []string{"petstore-swagger2/petstore.yaml"}, nil},
		{"twofile", []string{"twofile/openapi.yaml"}, []string{"--name", "garage-mcp"}},
		{"multispec", []string{"multispec/billing.yaml", "multispec/users.json"}, []string{"--module", "example.com/acme-mcp"}},
		{"domain", []string{"servers/openapi.yaml"}, []string{"--domain", "weather.example.com"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			args := []string{"gen", "-o", out}
			for _, s := range tt.specs {
				args = append(args, filepath.Join(golden, s))
			}
			args = append(args, tt.flags...)
			got := runGenerate(t, args...)
			if got.Code != 0 || got.Stdout != "" || got.Stderr != "" {
				t.Fatalf("run(%q) = %+v; want exit 0 and no output", args, got)
			}
			if _, err := os.Stat(filepath.Join(out, "go.mod")); err != nil {
				t.Errorf("no go.mod written: %v", err)
			}
		})
	}
}

func TestGenVerbose(t *testing.T) {
	out := t.TempDir()
	got := runGenerate(t, "gen", filepath.Join(golden, "petstore/petstore.yaml"), "-o", out, "-v")
	if got.Code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", got.Code, got.Stderr)
	}
	if !regexp.MustCompile(`^swag2mcp gen: wrote \d+ files to .+ \(0 warnings\)\n$`).MatchString(got.Stderr) {
		t.Errorf("stderr = %q; want one summary line", got.Stderr)
	}
}

func TestGenBrokenSpec(t *testing.T) {
	spec := filepath.Join(golden, "broken/openapi.yaml")
	got := runGenerate(t, "gen", spec, "-o", t.TempDir())
	if got.Code != 1 || got.Stdout != "" {
		t.Fatalf("exit %d, stdout %q; want 1 and no stdout", got.Code, got.Stdout)
	}
	lines := strings.Split(strings.TrimSuffix(got.Stderr, "\n"), "\n")
	if len(lines) < 3 {
		t.Errorf("stderr has %d lines, want one per problem (at least 3):\n%s", len(lines), got.Stderr)
	}
	for _, l := range lines {
		if !located.MatchString(l) || !strings.HasPrefix(l, spec+":") {
			t.Errorf("diagnostic %q is not located in %s", l, spec)
		}
	}
}

func TestGenMissingSpec(t *testing.T) {
	spec := filepath.Join(t.TempDir(), "missing.yaml")
	got := runGenerate(t, "gen", spec, "-o", t.TempDir())
	if got.Code != 1 || !strings.Contains(got.Stderr, "missing.yaml") {
		t.Errorf("run = %+v; want exit 1 naming the file", got)
	}
}

func TestGenFilters(t *testing.T) {
	spec := filepath.Join(golden, "petstore/petstore.yaml")
	tests := []struct {
		name       string
		flags      []string
		wantCode   int
		wantStderr string // regexp
		wantOps    []string
		notOps     []string
	}{
		{
			name:       "include and exclude",
			flags:      []string{"--include-tag", "pet", "--include-op=getInventory", "--exclude-method", "delete", "--exclude-path=/pet/findBy*", "-v"},
			wantStderr: `^swag2mcp gen: wrote \d+ files to .+ \(0 warnings, \d+ operations left out by filters\)\n$`,
			wantOps:    []string{"addPet", "getPetById", "getInventory"},
			notOps:     []string{"deletePet", "findPetsByStatus", "placeOrder", "createUser"},
		},
		{name: "empty pattern is a usage error", flags: []string{"--include-op", ","}, wantCode: 2, wantStderr: "include-op: empty pattern"},
		{name: "blank pattern is a usage error", flags: []string{"--exclude-tag", " "}, wantCode: 2, wantStderr: "exclude-tag: empty pattern"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			got := runGenerate(t, append([]string{"gen", spec, "-o", out}, tt.flags...)...)
			if got.Code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr:\n%s", got.Code, tt.wantCode, got.Stderr)
			}
			if !regexp.MustCompile(tt.wantStderr).MatchString(got.Stderr) {
				t.Errorf("stderr = %q, want it to match %q", got.Stderr, tt.wantStderr)
			}
			if tt.wantCode != 0 {
				return
			}
			b, err := os.ReadFile(filepath.Join(out, "catalog_gen.bin"))
			if err != nil {
				t.Fatal(err)
			}
			cat, _, err := catalog.Decode(string(b))
			if err != nil {
				t.Fatal(err)
			}
			ops := map[string]bool{}
			for i := range cat.Len() {
				ops[cat.Endpoint(i).OperationID] = true
			}
			for _, op := range tt.wantOps {
				if !ops[op] {
					t.Errorf("catalog lacks %s", op)
				}
			}
			for _, op := range tt.notOps {
				if ops[op] {
					t.Errorf("catalog has filtered operation %s", op)
				}
			}
		})
	}
}
