package emit

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/swag2mcp/swag2mcp"
	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

func TestGoMod(t *testing.T) {
	own, err := modfile.Parse("go.mod", swag2mcp.GoMod(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var indirect []module.Version
	for _, r := range own.Require {
		indirect = append(indirect, r.Mod)
	}
	slices.SortFunc(indirect, func(a, b module.Version) int { return strings.Compare(a.Path, b.Path) }) // emitted sorted
	tests := []struct {
		name        string
		opts        Options
		wantVersion string
		wantReplace string // "" for none
	}{
		{"defaults", Options{GoMod: swag2mcp.GoMod()}, zeroPseudoVersion, ""},
		{"replace relative", Options{GoMod: swag2mcp.GoMod(), RuntimeReplace: "../swag2mcp"}, zeroPseudoVersion, "../swag2mcp"},
		{"replace bare relative", Options{GoMod: swag2mcp.GoMod(), RuntimeReplace: "vendor/swag2mcp"}, zeroPseudoVersion, "./vendor/swag2mcp"},
		{"replace absolute with space", Options{GoMod: swag2mcp.GoMod(), RuntimeReplace: "/home/a user/swag2mcp"}, zeroPseudoVersion, "/home/a user/swag2mcp"},
		{"version", Options{GoMod: swag2mcp.GoMod(), RuntimeVersion: "v1.2.3"}, "v1.2.3", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := goMod(fixture(), tt.opts)
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
			if mf.Go == nil || mf.Go.Version != own.Go.Version {
				t.Errorf("go directive %+v, want swag2mcp's %s", mf.Go, own.Go.Version)
			}
			want := append([]module.Version{{Path: swag2mcp.ModulePath, Version: tt.wantVersion}}, indirect...)
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
		name string
		opts Options
		want string
	}{
		{"bad version", Options{RuntimeVersion: "1.0"}, "not a semantic version"},
		{"bad own go.mod", Options{GoMod: []byte("module (")}, "swag2mcp go.mod"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := goMod(fixture(), tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestGoModGoDirective(t *testing.T) {
	tests := []struct{ own, want string }{
		{"", minGo},
		{"go 1.25\n", minGo},
		{"go 1.26\n", minGo},
		{"go 1.27.1\n", "1.27.1"},
	}
	for _, tt := range tests {
		t.Run(tt.own, func(t *testing.T) {
			data, err := goMod(fixture(), Options{GoMod: []byte("module github.com/swag2mcp/swag2mcp\n" + tt.own)})
			if err != nil {
				t.Fatal(err)
			}
			if got := modfile.ModulePath(data); got != "example.com/petstore-mcp" {
				t.Errorf("module %q", got)
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
