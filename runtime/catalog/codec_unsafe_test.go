package catalog

import "unsafe"

// stringStart is the address of s's first byte (tests only).
func stringStart(s string) uintptr { return uintptr(unsafe.Pointer(unsafe.StringData(s))) }
