package emit

import (
	"fmt"
	"go/version"
	"path/filepath"
	"sort"
	"strings"

	"github.com/swag2mcp/swag2mcp"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/templates"
	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// minGo is the least go directive of a generated module. It is "1.26.0",
// not "1.26": swag2mcp's go.mod says 1.26.0, which the go command orders
// after the language version 1.26, so "go 1.26" would need an update of
// go.mod before every build.
const minGo = "1.26.0"

// zeroPseudoVersion is what a requirement satisfied by a replace directive
// conventionally names.
const zeroPseudoVersion = "v0.0.0-00010101000000-000000000000"

// goModData feeds templates.GoMod.
type goModData struct {
	Module         string
	Go             string
	Runtime        string
	RuntimeVersion string
	Requires       []module.Version
	Replace        string
}

// goMod renders go.mod: the module, a requirement on the runtime, every
// requirement of swag2mcp's own go.mod (marked indirect) and the replace.
func goMod(api *ir.API, opts Options) ([]byte, error) {
	d := goModData{
		Module:         modfile.AutoQuote(api.Module),
		Runtime:        swag2mcp.ModulePath,
		RuntimeVersion: opts.RuntimeVersion,
		Go:             minGo,
	}
	if d.RuntimeVersion == "" {
		d.RuntimeVersion = zeroPseudoVersion
	}
	if !semver.IsValid(d.RuntimeVersion) {
		return nil, fmt.Errorf("runtime version %q is not a semantic version", d.RuntimeVersion)
	}
	if len(opts.GoMod) > 0 {
		own, err := modfile.ParseLax("go.mod", opts.GoMod, nil)
		if err != nil {
			return nil, fmt.Errorf("swag2mcp go.mod: %w", err)
		}
		// A generated module can need no older Go than its runtime does.
		if own.Go != nil && version.Compare("go"+own.Go.Version, "go"+d.Go) > 0 {
			d.Go = own.Go.Version
		}
		seen := map[string]bool{}
		for _, r := range own.Require {
			if r.Mod.Path == swag2mcp.ModulePath || r.Mod.Path == api.Module || seen[r.Mod.Path] {
				continue
			}
			seen[r.Mod.Path] = true
			d.Requires = append(d.Requires, r.Mod)
		}
		sort.Slice(d.Requires, func(i, j int) bool { return d.Requires[i].Path < d.Requires[j].Path })
	}
	if opts.RuntimeReplace != "" {
		d.Replace = modfile.AutoQuote(localPath(opts.RuntimeReplace))
	}
	data, err := templates.Render(templates.GoMod, d)
	if err != nil {
		return nil, err
	}
	// The template only sees vetted values; parsing the result proves it.
	if _, err := modfile.Parse("go.mod", data, nil); err != nil {
		return nil, fmt.Errorf("generated go.mod does not parse: %w", err)
	}
	return data, nil
}

// localPath makes p a directory path in go.mod's sense: absolute, or
// starting with ./ or ../ (a bare relative path would read as a module path).
func localPath(p string) string {
	p = filepath.ToSlash(p)
	if filepath.IsAbs(p) || modfile.IsDirectoryPath(p) || strings.HasPrefix(p, "/") {
		return p
	}
	return "./" + p
}
