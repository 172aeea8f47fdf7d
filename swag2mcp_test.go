package swag2mcp

import (
	"runtime/debug"
	"testing"

	"golang.org/x/mod/modfile"
)

func TestBuildOf(t *testing.T) {
	installed := func(version, sum string) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Path: ModulePath, Version: version, Sum: sum}}
	}
	tests := []struct {
		name             string
		info             *debug.BuildInfo
		ldVersion, ldSum string
		want             Build
	}{
		{"no build info", nil, "", "", Build{}},
		{"checkout", installed("(devel)", ""), "", "", Build{}},
		{"go install @version", installed("v0.9.0", "h1:abc="), "", "", Build{Version: "v0.9.0", Sum: "h1:abc="}},
		{"prerelease", installed("v0.9.0-rc.1", "h1:abc="), "", "", Build{Version: "v0.9.0-rc.1", Sum: "h1:abc="}},
		// A checkout's VCS stamp: a tag of this machine, not a download.
		{"vcs tag without checksum", installed("v0.9.0", ""), "", "", Build{}},
		{"pseudo-version", installed("v0.9.1-0.20261201000000-abcdef123456", "h1:abc="), "", "", Build{}},
		{"dirty", installed("v0.9.0+dirty", "h1:abc="), "", "", Build{}},
		{"another main module", &debug.BuildInfo{Main: debug.Module{Path: "example.com/x", Version: "v1.0.0", Sum: "h1:x="}}, "", "", Build{}},
		{"ldflags", installed("(devel)", ""), "v0.9.0", "h1:ld=", Build{Version: "v0.9.0", Sum: "h1:ld="}},
		{"ldflags without sum", nil, "v0.9.0", "", Build{Version: "v0.9.0"}},
		{"ldflags not canonical", nil, "0.9.0", "", Build{}},
		{"build info wins", installed("v0.9.1", "h1:bi="), "v0.9.0", "h1:ld=", Build{Version: "v0.9.1", Sum: "h1:bi="}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := buildOf(tt.info, tt.ldVersion, tt.ldSum); got != tt.want {
				t.Errorf("buildOf() = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestRuntimeDeps(t *testing.T) {
	mod, sum := RuntimeDeps()
	f, err := modfile.Parse("runtime-deps.mod", mod, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Require) == 0 || len(sum) == 0 {
		t.Fatalf("runtime-deps.mod has %d requirements and runtime-deps.sum %d bytes; run make runtime-deps", len(f.Require), len(sum))
	}
	for _, r := range f.Require {
		if r.Mod.Path == ModulePath {
			t.Errorf("runtime-deps.mod requires %s itself", ModulePath)
		}
	}
}
