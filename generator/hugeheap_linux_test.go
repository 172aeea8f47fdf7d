package generator

import (
	"bufio"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestReserveHugeHeap runs reserveHugeHeap in a process of its own (this
// one has collected already) whose heap holds freed memory, the case where
// the runtime clears what it hands out, and checks that the reserved heap
// stays untouched (at most one chunk more is resident) and is advised.
func TestReserveHugeHeap(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("this kernel has no transparent huge pages:", err)
	}
	if os.Getenv("SWAG2MCP_HUGEHEAP_CHILD") != "" {
		reserveChild(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestReserveHugeHeap$", "-test.v")
	cmd.Env = append(os.Environ(), "SWAG2MCP_HUGEHEAP_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	t.Logf("child:\n%s", out)
}

func reserveChild(t *testing.T) {
	const n = 512 << 20
	// Freed memory at the top of the heap: a chunk starting there is cleared.
	dirty := make([]byte, 16<<20)
	for i := range dirty {
		dirty[i] = 1
	}
	runtime.KeepAlive(dirty)
	dirty = nil
	runtime.GC()

	before := residentBytes(t)
	advised := 0
	reserveHugeHeap(n, func(b []byte) error {
		advised += len(b)
		return unix.Madvise(b, unix.MADV_HUGEPAGE)
	})
	grew := residentBytes(t) - before
	t.Logf("reserved %d MiB, resident grew %d MiB", n>>20, grew>>20)
	if grew > hugeChunk+8<<20 {
		t.Errorf("reserving %d MiB made %d MiB resident; want at most one chunk (%d MiB)", n>>20, grew>>20, hugeChunk>>20)
	}
	if advised != n {
		t.Errorf("advised %d bytes; want %d", advised, n)
	}
	if hg := hugeAdvised(t); hg < n-hugeChunk {
		t.Errorf("%d MiB of the address space is advised for huge pages; want the reserved %d MiB", hg>>20, n>>20)
	}
}

// residentBytes is the process's resident memory (/proc/self/statm).
func residentBytes(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip("no /proc/self/statm:", err)
	}
	f := strings.Fields(string(b))
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return pages * int64(os.Getpagesize())
}

// hugeAdvised is the size of the mappings whose flags hold "hg" (advised
// MADV_HUGEPAGE) in /proc/self/smaps.
func hugeAdvised(t *testing.T) int64 {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip("no /proc/self/smaps:", err)
	}
	defer f.Close()
	var total, size int64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if kb, ok := strings.CutPrefix(line, "Size:"); ok {
			size, _ = strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(kb, "kB")), 10, 64)
			size <<= 10
		}
		if flags, ok := strings.CutPrefix(line, "VmFlags:"); ok && strings.Contains(" "+flags+" ", " hg ") {
			total += size
		}
	}
	return total
}
