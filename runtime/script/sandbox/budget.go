package sandbox

import "runtime/metrics"

// budget is a child's memory: what the Go runtime had mapped at start and
// the headroom allowed on top.
type budget struct{ start, headroom int64 }

// reusable reports whether the child may run another script: the memory
// the Go runtime maps grew by at most a quarter of the headroom (the
// runtime never unmaps its heap, so a large script leaves less room for
// the next). It counts the runtime's own mappings, not the address space:
// with cgo every OS thread reserves an 8 MiB stack, and a loaded machine
// adds threads that say nothing about what the script left behind.
func (b budget) reusable() bool {
	return b.headroom > 0 && goMapped()-b.start <= b.headroom/4
}

// goMapped is the memory the Go runtime has mapped: heap, stacks and its
// metadata, in use or released to the system but still mapped.
func goMapped() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}
