package server

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// startGCPercent is the GC percentage of a server's first heap cycle:
// Go scales its first heap goal (4 MB) by GOGC/100, so 400 makes it
// 16 MB.
const startGCPercent = 400

// raiseStartingHeap lets a server start without a collection. Package
// initialization (mcp-go's JSON Schema library compiles every draft's
// metaschema, about 1.7 MB of garbage) leaves the heap near Go's first
// 4 MB goal, so a collection used to run while the server answered its
// first tools/list: about 3 ms of a 40 ms start. The first cycle's goal is
// raised to 16 MB, and the GC percentage in force before is restored by
// the first collection, so only that one cycle is larger. A GOGC set in
// the environment is left alone. The Go compiler does the same at its
// start (cmd/compile/internal/base/startheap.go, golang/go#56546); its
// version retunes across many cycles, which a server does not need.
//
// It raises only from Go's default of 100: a percentage set otherwise (by
// the program embedding a package-mode server, or by an earlier call of
// Main in the same process, whose cleanup would then restore the raised
// value) is left alone.
func raiseStartingHeap(getenv func(string) string) {
	if getenv("GOGC") != "" || gcPercent() != 100 {
		return
	}
	before := debug.SetGCPercent(startGCPercent)
	// The sentinel holds a pointer, so it is not a tiny allocation that
	// shares a block with live objects: the first collection finds it
	// unreachable and its cleanup runs.
	sentinel := &struct{ _ *byte }{}
	runtime.AddCleanup(sentinel, restoreGCPercent, before)
}

// gcPercent is the GC percentage in force, or 0 if the runtime does not
// say.
func gcPercent() uint64 {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// restoreGCPercent sets the GC percentage back after the first collection.
func restoreGCPercent(percent int) { debug.SetGCPercent(percent) }
