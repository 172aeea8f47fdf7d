package sandbox

// budget is a child's memory: its address space at start and the
// headroom allowed on top.
type budget struct{ start, headroom int64 }

// reusable reports whether the child may run another script: its address
// space grew by at most a quarter of the headroom (the Go runtime never
// unmaps its heap, so a large script leaves less room for the next).
func (b budget) reusable() bool {
	if b.headroom <= 0 {
		return false
	}
	now, err := addressSpace()
	return err == nil && now-b.start <= b.headroom/4
}
