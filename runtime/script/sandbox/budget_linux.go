package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"syscall"
)

// isolated: scripts run in child processes with hard limits.
const isolated = true

// heapArena is how much address space the Go heap reserves at a time on
// 64-bit Linux (the runtime's heapArenaBytes).
const heapArena = 64 << 20

// limitMemory caps this process's address space (RLIMIT_AS, soft and
// hard) at its present size plus headroom and one heap arena, and gives
// the garbage collector headroom as its budget (a soft limit, like
// GOMEMLIMIT), so the heap is collected hard before an allocation fails. An allocation past the cap
// makes the Go runtime exit with "fatal error: out of memory".
//
// The cap counts address space, which is more than resident memory: at
// start a Go process has reserved about a gigabyte that it never touches
// (page-allocator metadata), so the cap is relative to the size at start,
// and what can become resident is about the start's resident size, one
// heap arena (64 MiB) reserved at start, and headroom.
//
// The arena of slack is there because the heap grows an arena at a time
// and, since Go 1.26, starts at a random offset inside its first arena:
// a child may need its second arena (and the arena's metadata) for its
// first buffers, and with the cap at exactly the headroom one start in a
// hundred failed with "out of memory allocating heap arena metadata".
func limitMemory(headroom int64) (budget, error) {
	start, err := addressSpace()
	if err != nil {
		return budget{}, err
	}
	lim := uint64(start + headroom + heapArena)
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: lim, Max: lim}); err != nil {
		return budget{}, fmt.Errorf("cannot limit the address space: %w", err)
	}
	debug.SetMemoryLimit(headroom)
	return budget{start: goMapped(), headroom: headroom}, nil
}

// addressSpace is this process's virtual size in bytes.
func addressSpace() (int64, error) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, err
	}
	f, _, _ := bytes.Cut(b, []byte(" "))
	pages, err := strconv.ParseInt(string(f), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("/proc/self/statm: %w", err)
	}
	return pages * int64(os.Getpagesize()), nil
}

// sysProcAttr puts a child in a process group of its own, so a terminal's
// Ctrl-C reaches the server, which ends its children itself.
func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// peakRSS is the most memory a process that ended held resident, in bytes.
func peakRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss << 10 // kilobytes on Linux
	}
	return 0
}

// selfExecutable is this process's executable, even when its file was
// replaced or deleted since it started.
func selfExecutable() (string, error) { return "/proc/self/exe", nil }
