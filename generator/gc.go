package generator

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// How generation steers the garbage collector. Loading and lowering hold
// libopenapi's model of the spec, which is most of the heap and about 15
// times the spec's bytes; emission holds little more than the IR.

// The collector's setting while loading and lowering: the model is about
// modelPerByte times the spec's bytes, and the heap's goal (the live heap
// times 1 + GOGC/100) is held near loadBudget, with GOGC between
// minPercent and maxPercent.
//
// Measured with `swag2mcp gen`, runs alternating: on GitHub's 13 MB spec
// GOGC 200 took 0.89x the wall and 0.87x the CPU of the default (three
// collections while loading instead of five) at the same 255 MiB peak;
// on Graph's 20 MB spec 0.93x the wall, the peak 612 -> 775 MiB. On Graph
// beta's 47 MB spec a budget of 1 GiB (GOGC 51) peaked at 1,060 MiB, 1.2
// GiB (GOGC 82) at 1,186 MiB for 0.91x the CPU, 1.4 GiB at 1,280 MiB for
// no less CPU than 1.2.
const (
	modelPerByte = 15
	loadBudget   = 1200 << 20
	minPercent   = 50
	maxPercent   = 200
)

// loadPercent is the GOGC of loading and lowering specs of size bytes.
func loadPercent(size int64) int {
	if size <= 0 {
		return maxPercent
	}
	return int(min(max(100*loadBudget/(modelPerByte*size)-100, minPercent), maxPercent))
}

// specBytes is the total size of the spec files (0 for those that cannot
// be read: loading reports them).
func specBytes(paths []string) int64 {
	var n int64
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil {
			n += fi.Size()
		}
	}
	return n
}

// collectEarly sets GOGC to loadPercent(size) while specs of size bytes
// are loaded and lowered, unless the user set GOGC (userSet), and returns
// what puts the setting back.
func collectEarly(size int64, userSet bool) (relax func()) {
	if userSet {
		return func() {}
	}
	percent := debug.SetGCPercent(loadPercent(size))
	return func() { debug.SetGCPercent(percent) }
}

// collectModels runs the collector when the heap's goal is large, and
// returns what undoes its setting of the collector. The libopenapi models
// are garbage once lowered, but the goal was set while the last one was
// alive (twice the live heap): without a collection, emission and the
// schema check would grow the heap to that goal before the models' memory
// is reused (Graph beta: 1.25 GB of model, a 3.2 GB peak). Below 64 MB a
// collection costs more than the memory it saves would.
//
// After it the heap holds little more than the IR, so the default goal
// (twice that) made emission and the check collect again and again (six
// times on GitHub's spec). Until restore, the goal is five times the live
// heap but never more than the memory the process held before the
// collection: emission reuses the models' memory instead of collecting,
// and the peak stays the one loading set. The settings are the process's;
// restore puts back what it found.
func collectModels() (restore func()) {
	sample := []metrics.Sample{
		{Name: "/gc/heap/goal:bytes"},
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
	}
	metrics.Read(sample)
	for _, s := range sample {
		if s.Value.Kind() != metrics.KindUint64 {
			return func() {}
		}
	}
	if sample[0].Value.Uint64() < 64<<20 {
		return func() {}
	}
	held := sample[1].Value.Uint64() - sample[2].Value.Uint64()
	runtime.GC()
	// A lower limit or a higher GOGC the user set stays.
	limit := debug.SetMemoryLimit(-1)
	debug.SetMemoryLimit(min(limit, int64(held)))
	percent := debug.SetGCPercent(400)
	if percent < 0 || percent > 400 {
		debug.SetGCPercent(percent)
	}
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
}
