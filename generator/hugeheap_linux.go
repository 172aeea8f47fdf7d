package generator

import (
	"os"
	"runtime/debug"
	"runtime/metrics"

	"golang.org/x/sys/unix"
)

// useHugePages reserves the heap that loading specs of size bytes will
// use with huge pages, where hugeHeapBytes says it pays (see hugeheap.go).
func useHugePages(size int64) {
	n := hugeHeapBytes(size, processFacts())
	if n == 0 {
		return
	}
	reserveHugeHeap(n, func(b []byte) error { return unix.Madvise(b, unix.MADV_HUGEPAGE) })
}

// processFacts reads this process's and host's heapFacts.
func processFacts() heapFacts {
	cycles := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(cycles)
	f := heapFacts{
		thp:        readHostFile("/sys/kernel/mm/transparent_hugepage/enabled"),
		overcommit: readHostFile("/proc/sys/vm/overcommit_memory"),
		godebug:    os.Getenv("GODEBUG"),
		memLimit:   debug.SetMemoryLimit(-1),
		gcCycles:   1, // unknown: as if collected
		asLimited:  addressSpaceCapped(),
	}
	if cycles[0].Value.Kind() == metrics.KindUint64 {
		f.gcCycles = cycles[0].Value.Uint64()
	}
	return f
}

// addressSpaceCapped reports a limit on the process's address space
// (RLIMIT_AS), or that it cannot be read.
func addressSpaceCapped() bool {
	var lim unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_AS, &lim); err != nil {
		return true
	}
	return lim.Cur != unix.RLIM_INFINITY
}

// readHostFile is the contents of a kernel setting's file, "" when it
// cannot be read.
func readHostFile(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return string(b)
}
