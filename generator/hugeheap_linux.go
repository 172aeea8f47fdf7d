package generator

import (
	"os"

	"golang.org/x/sys/unix"
)

// useHugePages reserves the heap that loading specs of size bytes will
// use with huge pages, where hugeHeapBytes says it pays (see hugeheap.go).
func useHugePages(size int64) {
	n := hugeHeapBytes(size, processFacts(readHostFile, os.Getenv("GODEBUG"), addressSpaceCapped()))
	if n == 0 {
		return
	}
	reserveHugeHeap(n, func(b []byte) error { return unix.Madvise(b, unix.MADV_HUGEPAGE) })
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
