//go:build amd64 || arm64 || ppc64le

package sched

import "unsafe"

// load64 is the little-endian word at p+off: one unaligned load on hosts
// where unaligned loads are as fast as aligned ones (checkptr allows
// them: a uint64 holds no pointers).
func load64(p unsafe.Pointer, off uintptr) uint64 { return *(*uint64)(unsafe.Add(p, off)) }
