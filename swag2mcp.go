// Package swag2mcp carries what the generator takes from its own module:
// the go.mod and go.sum that generated servers reuse, and where the checkout
// the generator was built from lies, for the generated go.mod's replace.
package swag2mcp

import (
	"embed"
	"os"
	"path/filepath"
	goruntime "runtime"
)

// ModulePath is the import path of this module; generated servers require it.
const ModulePath = "github.com/swag2mcp/swag2mcp"

//go:embed go.mod go.sum
var moduleFiles embed.FS

// GoMod returns this module's go.mod as the generator was built with it.
func GoMod() []byte { return mustRead("go.mod") }

// GoSum returns this module's go.sum as the generator was built with it.
func GoSum() []byte { return mustRead("go.sum") }

func mustRead(name string) []byte {
	b, err := moduleFiles.ReadFile(name)
	if err != nil {
		panic("swag2mcp: embedded " + name + " missing: " + err.Error()) // impossible: go:embed guarantees it
	}
	return b
}

// SourceDir returns the checkout this binary was compiled from, when it is
// still there: the directory of this file as the compiler saw it. It is
// empty for binaries built with -trimpath or moved to another machine;
// callers then need an explicit --runtime directory.
func SourceDir() string {
	_, file, _, ok := goruntime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return ""
	}
	dir := filepath.Dir(file)
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		return ""
	}
	return dir
}

// Version is the generator's version. Generated servers carry it, so it is a
// constant (not build metadata): the same generator gives the same bytes.
const Version = "0.1.0"
