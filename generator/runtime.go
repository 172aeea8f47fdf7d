package generator

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp"
	"github.com/swag2mcp/swag2mcp/generator/emit"
	"github.com/swag2mcp/swag2mcp/generator/naming"
)

// ErrNoRuntimeVersion is returned for a standalone module when neither the
// binary's version nor Options.RuntimeDir says which runtime to require.
var ErrNoRuntimeVersion = errors.New("this swag2mcp is a development build without a version, so it cannot " +
	"say which runtime the module should require: pass --runtime DIR (a checkout of " + swag2mcp.ModulePath +
	") or install a release with go install " + swag2mcp.ModulePath + "/cmd/swag2mcp@latest")

// CheckOptions refuses option combinations no spec can fix; Generate and
// Validate call it first, and a CLI can call it to report usage errors.
func CheckOptions(opts Options) error {
	if opts.Package != "" {
		if !naming.IsPackageName(opts.Package) {
			return fmt.Errorf("--package %q is not a Go package name (lowercase letters and digits, starting with a letter)", opts.Package)
		}
		if opts.Module != "" {
			return errors.New("--module names a standalone module; with --package the output belongs to your module")
		}
		if opts.RuntimeDir != "" {
			return errors.New("--runtime sets the replace of a standalone module's go.mod; with --package your go.mod decides which runtime is used")
		}
	}
	for spec := range opts.Domains {
		if !slices.Contains(opts.Specs, spec) {
			return fmt.Errorf("--domain %s=…: %s is not one of the specs given", spec, spec)
		}
	}
	return opts.Filter.Check()
}

// build returns the release the output requires.
func (o Options) build() swag2mcp.Build {
	if o.Build != nil {
		return *o.Build
	}
	return swag2mcp.CurrentBuild()
}

// serverVersion is the version a generated server reports: the
// generator's release without its "v", or the source version of a
// development build.
func serverVersion(opts Options) string {
	if b := opts.build(); b.Released() {
		return strings.TrimPrefix(b.Version, "v")
	}
	return swag2mcp.Version
}

// runtimeOf decides what a standalone module's go.mod and go.sum say about
// the runtime: the release this generator is, required from the module
// proxy; or, with RuntimeDir, that version (the source version for a
// development build) replaced by the checkout.
func runtimeOf(opts Options) (emit.Runtime, error) {
	depsMod, depsSum := swag2mcp.RuntimeDeps()
	rt := emit.Runtime{GoMod: swag2mcp.GoMod(), DepsMod: depsMod, DepsSum: depsSum}
	if opts.Package != "" {
		return rt, nil
	}
	b := opts.build()
	rt.Version, rt.Sum = b.Version, b.Sum
	if opts.RuntimeDir == "" {
		if !b.Released() {
			return rt, ErrNoRuntimeVersion
		}
		return rt, nil
	}
	if !b.Released() {
		rt.Version = "v" + swag2mcp.Version
	}
	replace, err := replacePath(opts.RuntimeDir, opts.OutDir)
	if err != nil {
		return rt, err
	}
	rt.Replace = replace
	return rt, nil
}

// replacePath is the go.mod replace target for checkout dir: relative to
// the output directory when it can be, so the output is the same on every
// machine with the same layout.
func replacePath(dir, outDir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(filepath.Join(abs, "go.mod")); err != nil {
		return "", fmt.Errorf("--runtime %s: no go.mod there; it must be a checkout of %s", dir, swag2mcp.ModulePath)
	}
	out, err := filepath.Abs(outDir)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(out, abs)
	if err != nil {
		return filepath.ToSlash(abs), nil
	}
	rel = filepath.ToSlash(rel)
	if !strings.HasPrefix(rel, ".") {
		rel = "./" + rel // a replace path must start with ./ or ../ to name a directory
	}
	return rel, nil
}
