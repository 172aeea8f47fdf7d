// Command release prints the -ldflags that make a swag2mcp binary built
// from this checkout a release: its version and the h1: checksum of the
// module zip a proxy serves for that version (generated go.sum files
// record it). scripts/release-build.sh uses it on a clean checkout of the
// release tag.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"golang.org/x/mod/semver"

	"github.com/swag2mcp/swag2mcp"
	"github.com/swag2mcp/swag2mcp/internal/modzip"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	fs.SetOutput(stderr)
	version := fs.String("version", "", "release `version`, e.g. v0.9.0")
	root := fs.String("root", ".", "the swag2mcp checkout")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || !semver.IsValid(*version) || semver.Canonical(*version) != *version {
		fmt.Fprintln(stderr, "usage: release -version vX.Y.Z [-root DIR]")
		return 2
	}
	zip, err := modzip.Zip(*root, swag2mcp.ModulePath, *version)
	if err != nil {
		fmt.Fprintln(stderr, "release:", err)
		return 1
	}
	sum, err := modzip.Sum(zip)
	if err != nil {
		fmt.Fprintln(stderr, "release:", err)
		return 1
	}
	fmt.Fprintf(stdout, "-X %s.releaseVersion=%s -X %s.releaseSum=%s\n", swag2mcp.ModulePath, *version, swag2mcp.ModulePath, sum)
	return 0
}
