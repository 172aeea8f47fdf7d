// Package updateflag defines the -update test flag once. Every package with
// golden files imports it, and so does every other test package, so that
// `go test ./... -update` never fails with an undefined flag.
package updateflag

import "flag"

// update is registered on the test binary's command line; the flag package
// needs a package-level variable for that.
var update = flag.Bool("update", false, "rewrite golden files instead of comparing against them")

// Enabled reports whether the tests should rewrite their golden files.
func Enabled() bool { return *update }
