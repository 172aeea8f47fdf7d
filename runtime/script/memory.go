package script

import (
	"context"
	"runtime/metrics"
	"time"
)

// liveHeap is the runtime metric the watchdog reads: heap bytes found live
// by the last garbage collection.
const liveHeap = "/gc/heap/live:bytes"

// memoryTick is how often the watchdog looks.
const memoryTick = 20 * time.Millisecond

// watchMemory cancels the run with errMemory when the process's live heap
// grows by more than limit over its size at the start, and returns when
// ctx ends.
//
// goja cannot limit what a script allocates, so this is the bound it gets,
// and it is approximate: the heap is the whole process's (concurrent
// scripts and calls count too), live bytes are known only after a garbage
// collection (a fast-growing script triggers them, so the overshoot stays
// within about twice the limit), and a single huge allocation (for
// example "x".repeat(1e9)) happens before anyone can look. The transfer
// budget and the output bounds limit the data that enters and leaves; this
// catches runaway growth inside.
func watchMemory(ctx context.Context, limit uint64, cancel context.CancelCauseFunc) {
	sample := []metrics.Sample{{Name: liveHeap}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return // the metric is unknown to this Go version
	}
	base := sample[0].Value.Uint64()
	t := time.NewTicker(memoryTick)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			metrics.Read(sample)
			if live := sample[0].Value.Uint64(); live > base && live-base > limit {
				cancel(errMemory)
				return
			}
		}
	}
}
