// Package swag2mcp carries what the generator takes from its own module:
// its version, and the requirements and checksums a generated module needs
// to build against the runtime packages of that version.
package swag2mcp

import (
	"embed"
	"runtime/debug"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// ModulePath is the import path of this module; generated servers require it.
const ModulePath = "github.com/swag2mcp/swag2mcp"

// Version is the release this source tree becomes. A development build
// (from a checkout, with no release version) writes it into goldens and
// into go.mod files that replace the runtime with a checkout; it is bumped
// together with the release tag.
const Version = "0.9.0"

// Set by release builds that are not made by `go install …@version`:
//
//	go build -ldflags "-X github.com/swag2mcp/swag2mcp.releaseVersion=v0.9.0 \
//	  -X github.com/swag2mcp/swag2mcp.releaseSum=h1:…" ./cmd/swag2mcp
//
// (scripts/release-build.sh computes the sum). The linker can only set
// package-level string variables; nothing in the program assigns them.
var (
	releaseVersion string
	releaseSum     string
)

// Build says which published swag2mcp a binary was built from.
type Build struct {
	// Version is the module version of a release ("v0.9.0"); "" for a
	// development build.
	Version string
	// Sum is the h1: checksum of that version's module zip, as go.sum
	// records it; "" when the build does not know it.
	Sum string
}

// Released reports whether b names a published version.
func (b Build) Released() bool { return b.Version != "" }

// CurrentBuild describes the running binary: the version `go install
// github.com/swag2mcp/swag2mcp/cmd/swag2mcp@vX` recorded in its build
// information (with the module's checksum), else the one a release build
// set through -ldflags, else a development build.
func CurrentBuild() Build {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		info = nil
	}
	return buildOf(info, releaseVersion, releaseSum)
}

// buildOf is CurrentBuild's rule over its inputs. Build information only
// counts when it carries a checksum: that is a module the go command
// downloaded, so a proxy serves it. A version stamped from a checkout's VCS
// tag, a pseudo-version or a "+dirty" build may exist nowhere else.
func buildOf(info *debug.BuildInfo, ldVersion, ldSum string) Build {
	if info != nil && info.Main.Path == ModulePath && info.Main.Sum != "" && publishable(info.Main.Version) {
		return Build{Version: info.Main.Version, Sum: info.Main.Sum}
	}
	if publishable(ldVersion) {
		return Build{Version: ldVersion, Sum: ldSum}
	}
	return Build{}
}

// publishable reports whether v is a version a module proxy can serve for
// a tag: canonical semver, no build metadata, no pseudo-version.
func publishable(v string) bool {
	return semver.IsValid(v) && semver.Canonical(v) == v && semver.Build(v) == "" && !module.IsPseudoVersion(v)
}

//go:embed go.mod runtime-deps.mod runtime-deps.sum
var moduleFiles embed.FS

// GoMod returns this module's go.mod: a generated go.sum records its
// checksum next to the required version.
func GoMod() []byte { return mustRead("go.mod") }

// RuntimeDeps returns what `go mod tidy` keeps in a generated module besides
// this module itself: a go.mod whose require block lists the modules that
// provide the runtime's packages, and the go.sum lines of the module graph.
// `make runtime-deps` computes both from the runtime's imports.
func RuntimeDeps() (goMod, goSum []byte) {
	return mustRead("runtime-deps.mod"), mustRead("runtime-deps.sum")
}

func mustRead(name string) []byte {
	b, err := moduleFiles.ReadFile(name)
	if err != nil {
		panic("swag2mcp: embedded " + name + " missing: " + err.Error()) // impossible: go:embed guarantees it
	}
	return b
}
