package generator

import (
	"runtime"
	"strings"
)

// Why generation asks for huge pages. A page of memory the process touches
// for the first time costs a fault, and on a virtual machine a costly one:
// on the 2-core VMs we measure on, touching 256 MiB of fresh memory takes
// about 0.7 s in 4 KiB pages and about half that in 2 MiB pages, while
// clearing the same memory once it is there takes 8 ms. Loading GitHub's
// spec peaks at about 260 MiB, so its 62,000 page faults were a third of
// its CPU time. Linux backs memory with huge pages only where the process
// asked (madvise) on most systems, and the Go runtime never asks for its
// heap. So a fresh generator process maps the heap that loading will use,
// asks for huge pages there, and hands the memory back to the heap
// untouched: loading and lowering then fault it in 2 MiB at a time.
//
// Measured with `swag2mcp gen`, runs alternating with and without:
// GitHub 0.87 -> 0.55-0.69 s wall, 62,500 -> 15,000 faults; Graph beta
// 7.3-8.1 -> 5.6-6.1 s, 318,000 -> 12,000 faults; the same peak RSS.

// hugeChunk is the size of the slices reserveHugeHeap maps the heap with.
// The first may start in memory the heap used before, which the runtime
// clears on allocation, touching it; the others start where that one
// ends, in memory never used. So at most one chunk is touched.
const hugeChunk = 32 << 20

// minHugeHeap is the least heap worth reserving: below it the faults cost
// a few milliseconds.
const minHugeHeap = 64 << 20

// heapFacts is what decides whether and how much heap to reserve.
type heapFacts struct {
	thp        string // /sys/kernel/mm/transparent_hugepage/enabled
	overcommit string // /proc/sys/vm/overcommit_memory
	godebug    string // $GODEBUG
	gcCycles   uint64 // collections the process has run
	memLimit   int64  // the runtime's soft memory limit
	asLimited  bool   // the address space is capped (ulimit -v)
}

// hugeHeapBytes is how much heap to reserve with huge pages for specs of
// size bytes, or 0 for none:
//   - only where huge pages are given on request ("madvise"): "always"
//     gives them unasked, "never" not at all;
//   - not under strict overcommit accounting (mode 2), where mapping
//     memory that is never touched still counts against a limit;
//   - not with GODEBUG=disablethp=1, the Go runtime's own opt-out;
//   - not when the address space is capped (ulimit -v): mapping past the
//     cap would end the process, where the heap it needs might fit;
//   - only in a process that has not collected yet: after a collection the
//     heap holds freed memory, which the runtime would clear, touching it;
//   - at most loading's heap goal (loadBudget for large specs), within the
//     memory limit.
func hugeHeapBytes(size int64, f heapFacts) int64 {
	if !strings.Contains(f.thp, "[madvise]") || strings.TrimSpace(f.overcommit) == "2" ||
		strings.Contains(","+f.godebug+",", ",disablethp=1,") || f.gcCycles > 0 || f.asLimited {
		return 0
	}
	n := min(modelPerByte*size*int64(100+loadPercent(size))/100, loadBudget, f.memLimit/2)
	if n < minHugeHeap {
		return 0
	}
	return n
}

// reserveHugeHeap maps n bytes of heap in chunks, asks advise to back each
// with huge pages, and frees them untouched for the heap to reuse.
func reserveHugeHeap(n int64, advise func([]byte) error) {
	chunks := make([][]byte, 0, n/hugeChunk)
	for range n / hugeChunk {
		// Fresh from the operating system, a chunk is not cleared: its
		// pages stay untouched until the heap reuses them.
		c := make([]byte, hugeChunk)
		if advise(c) != nil {
			break
		}
		chunks = append(chunks, c)
	}
	runtime.KeepAlive(chunks)
	chunks = nil
	runtime.GC()
}
