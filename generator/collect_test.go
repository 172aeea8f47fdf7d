package generator

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// TestCollectModelsRestores: after a large heap, collectModels raises GOGC
// under a memory limit no higher than what the process held, and restore
// puts the user's settings back.
func TestCollectModelsRestores(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(150))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(1 << 40))
	model := make([][]byte, 0, 128)
	for range 128 {
		model = append(model, make([]byte, 1<<20)) // 128 MB live: a goal past 64 MB
	}
	runtime.GC()
	runtime.KeepAlive(model)
	model = nil
	restore := collectModels()
	percent, limit := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1)
	debug.SetGCPercent(percent)
	if percent != 400 || limit >= 1<<40 || limit < 128<<20 {
		t.Errorf("during emission: GOGC %d, limit %d; want 400 and what the process held", percent, limit)
	}
	restore()
	if p, l := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1); p != 150 || l != 1<<40 {
		t.Errorf("after restore: GOGC %d, limit %d; want 150 and 1<<40", p, l)
	}
	debug.SetGCPercent(150)
}
