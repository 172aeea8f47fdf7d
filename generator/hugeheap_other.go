//go:build !linux

package generator

// useHugePages does nothing: huge pages on request are Linux's.
func useHugePages(int64) {}
