package generator

import (
	"context"
	"os"
	"path/filepath"
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

// TestCollectEarly: specs are loaded and lowered at loadPercent of their
// size, a GOGC the user set (or off) stays, and relax puts the setting
// back.
func TestCollectEarly(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, c := range []struct {
		size       int64
		userSet    bool
		user, want int
	}{
		{13 << 20, false, 100, maxPercent}, // GitHub's spec
		{47_125_053, false, 100, 78},       // Graph beta's
		{1 << 30, false, 100, minPercent},  // larger than any seen
		{0, false, 100, maxPercent},        // nothing readable
		{47 << 20, true, 300, 300},         // GOGC=300
		{13 << 20, true, -1, -1},           // GOGC=off
	} {
		debug.SetGCPercent(c.user)
		relax := collectEarly(c.size, c.userSet)
		if got := debug.SetGCPercent(-1); got != c.want {
			t.Errorf("size %d, GOGC %d: %d while loading, want %d", c.size, c.user, got, c.want)
		}
		debug.SetGCPercent(c.want)
		relax()
		if got := debug.SetGCPercent(100); got != c.user {
			t.Errorf("size %d, GOGC %d: %d after relax, want it back", c.size, c.user, got)
		}
	}
}

// TestLowerRelaxesOnFailure: when a large spec fails to load, lowering
// still puts the GOGC it found back.
func TestLowerRelaxesOnFailure(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	path := filepath.Join(t.TempDir(), "big.yaml")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(32 << 20); err != nil { // zero bytes: no spec
		t.Fatal(err)
	}
	f.Close()
	if _, _, err := lower(context.Background(), Options{Specs: []string{path}}, nil); err == nil {
		t.Fatal("lower accepted 32 MiB of zero bytes")
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC %d after a failed load, want 100 back", got)
	}
}
