package generator

import (
	"os"

	"golang.org/x/sys/unix"
)

// useHugePages reserves the heap that loading specs of size bytes will
// use with huge pages, where hugeHeapBytes says it pays (see hugeheap.go).
func useHugePages(size int64) {
	n := hugeHeapBytes(size, processFacts(readHostFile, os.Getenv("GODEBUG")))
	if n == 0 {
		return
	}
	reserveHugeHeap(n, func(b []byte) error { return unix.Madvise(b, unix.MADV_HUGEPAGE) })
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
