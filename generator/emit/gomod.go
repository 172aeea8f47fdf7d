package emit

import (
	"bytes"
	"fmt"
	"go/version"
	"io"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/mod/sumdb/dirhash"

	"github.com/swag2mcp/swag2mcp"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/templates"
)

// minGo is the least go directive of a generated module. It is "1.26.0",
// not "1.26": swag2mcp's go.mod says 1.26.0, which the go command orders
// after the language version 1.26, so "go 1.26" would need an update of
// go.mod before every build.
const minGo = "1.26.0"

// Runtime says which swag2mcp module a generated module builds against.
type Runtime struct {
	// Version is the swag2mcp version to require (canonical semver).
	Version string
	// Sum is the h1: checksum of that version's module zip for go.sum; ""
	// when unknown (go.sum then lacks the line, and gen says so).
	Sum string
	// GoMod is that version's go.mod, whose checksum go.sum records.
	GoMod []byte
	// Replace, when set, is a swag2mcp checkout the go.mod replaces the
	// module with: relative to the output directory or absolute. go.sum
	// then carries no line for swag2mcp (a replaced module has none).
	Replace string
	// DepsMod and DepsSum are swag2mcp.RuntimeDeps: the requirements and
	// go.sum lines `go mod tidy` keeps besides swag2mcp itself.
	DepsMod, DepsSum []byte
}

// goModData feeds templates.GoMod.
type goModData struct {
	Module         string
	Go             string
	Runtime        string
	RuntimeVersion string
	Requires       []module.Version
	Replace        string
}

// goMod renders go.mod as `go mod tidy` would leave it: the module, the
// runtime requirement, the runtime's own requirements (indirect) and the
// replace when asked for.
func goMod(api *ir.API, rt Runtime) ([]byte, error) {
	if !semver.IsValid(rt.Version) || semver.Canonical(rt.Version) != rt.Version {
		return nil, fmt.Errorf("runtime version %q is not a canonical semantic version", rt.Version)
	}
	deps, err := modfile.ParseLax("runtime-deps.mod", rt.DepsMod, nil)
	if err != nil {
		return nil, fmt.Errorf("runtime deps: %w", err)
	}
	d := goModData{
		Module:         modfile.AutoQuote(api.Module),
		Runtime:        swag2mcp.ModulePath,
		RuntimeVersion: rt.Version,
		Go:             minGo,
	}
	// A generated module can need no older Go than its runtime does.
	if deps.Go != nil && version.Compare("go"+deps.Go.Version, "go"+d.Go) > 0 {
		d.Go = deps.Go.Version
	}
	for _, r := range deps.Require {
		if r.Mod.Path != swag2mcp.ModulePath && r.Mod.Path != api.Module {
			d.Requires = append(d.Requires, r.Mod)
		}
	}
	if rt.Replace != "" {
		d.Replace = modfile.AutoQuote(localPath(rt.Replace))
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

// goSum renders go.sum: the runtime's dependency lines, and unless the
// runtime is replaced, swag2mcp's own two lines, in the go command's order.
func goSum(rt Runtime) ([]byte, error) {
	if rt.Replace != "" {
		return bytes.Clone(rt.DepsSum), nil
	}
	modHash, err := goModHash(rt.GoMod)
	if err != nil {
		return nil, err
	}
	own := []string{}
	if rt.Sum != "" {
		own = append(own, fmt.Sprintf("%s %s %s\n", swag2mcp.ModulePath, rt.Version, rt.Sum))
	}
	own = append(own, fmt.Sprintf("%s %s/go.mod %s\n", swag2mcp.ModulePath, rt.Version, modHash))
	// go.sum is sorted by module path, then version; swag2mcp's lines go
	// before the first line of a later path.
	var b bytes.Buffer
	placed := false
	for _, line := range strings.SplitAfter(string(rt.DepsSum), "\n") {
		if line == "" {
			continue
		}
		path, _, _ := strings.Cut(line, " ")
		if !placed && path > swag2mcp.ModulePath {
			b.WriteString(strings.Join(own, ""))
			placed = true
		}
		b.WriteString(line)
	}
	if !placed {
		b.WriteString(strings.Join(own, ""))
	}
	return b.Bytes(), nil
}

// goModHash is the checksum go.sum records for a go.mod file: the go
// command hashes it as a one-file tree named "go.mod" (dirhash.Hash1).
func goModHash(data []byte) (string, error) {
	if len(data) == 0 {
		return "", fmt.Errorf("no go.mod of the runtime to checksum")
	}
	return dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(data)), nil
	})
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
