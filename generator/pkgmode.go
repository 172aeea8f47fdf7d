package generator

import (
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"

	"github.com/swag2mcp/swag2mcp"
)

// packageNotes checks the module a package-mode output belongs to: it must
// exist and require a runtime at least as new as this generator. Each
// problem becomes a note with the command that fixes it; gen still writes
// the package, since `go generate` often runs before `go get`.
func packageNotes(outDir string, b swag2mcp.Build) []string {
	want := "latest"
	if b.Released() {
		want = b.Version
	}
	get := fmt.Sprintf("go get %s@%s", swag2mcp.ModulePath, want)
	path, data, err := enclosingGoMod(outDir)
	if err != nil {
		return []string{fmt.Sprintf("no go.mod in %s or above it: --package writes a package of your module; "+
			"create the module with go mod init, then %s (or leave out --package for a standalone module)", outDir, get)}
	}
	f, err := modfile.Parse(path, data, nil) // not ParseLax: it drops replace directives
	if err != nil {
		return []string{fmt.Sprintf("%v", err)}
	}
	module := path
	if f.Module != nil {
		module = f.Module.Mod.Path
	}
	for _, r := range f.Replace {
		if r.Old.Path == swag2mcp.ModulePath {
			return nil // a checkout or fork the user chose
		}
	}
	for _, r := range f.Require {
		if r.Mod.Path != swag2mcp.ModulePath {
			continue
		}
		if b.Released() && semver.Compare(r.Mod.Version, b.Version) < 0 {
			return []string{fmt.Sprintf("%s requires %s %s, older than this generator (%s), and the generated code "+
				"will not compile against it; upgrade with: %s", module, swag2mcp.ModulePath, r.Mod.Version, b.Version, get)}
		}
		return nil
	}
	return []string{fmt.Sprintf("%s does not require %s yet; add it once with: %s", module, swag2mcp.ModulePath, get)}
}

// enclosingGoMod finds the go.mod of the module dir belongs to.
func enclosingGoMod(dir string) (string, []byte, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", nil, err
	}
	for {
		path := filepath.Join(abs, "go.mod")
		data, err := os.ReadFile(path)
		if err == nil {
			return path, data, nil
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return "", nil, os.ErrNotExist
		}
		abs = parent
	}
}
