//go:build linux

package lanestest

import (
	"syscall"
	"testing"
)

// guarded returns an n-byte buffer next to an unmapped (PROT_NONE) page,
// so that any read or write past its end (atEnd) or before its start
// (!atEnd) faults. The mapping is released when the test ends.
func guarded(t *testing.T, n int, atEnd bool) []byte {
	t.Helper()
	page := syscall.Getpagesize()
	data := (n + page - 1) / page * page
	mem, err := syscall.Mmap(-1, 0, data+2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("mmap %d bytes: %v", data+2*page, err)
	}
	t.Cleanup(func() { _ = syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect leading guard page: %v", err)
	}
	if err := syscall.Mprotect(mem[page+data:], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect trailing guard page: %v", err)
	}
	if atEnd {
		return mem[page+data-n : page+data : page+data]
	}
	return mem[page : page+n : page+n]
}
