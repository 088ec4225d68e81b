//go:build !amd64 || purego

package sched

// prefetchLines does nothing where no prefetch instruction is wired in.
func prefetchLines(p, n uintptr) {}

// prefetchField does nothing where no prefetch instruction is wired in.
func prefetchField(p, stride uintptr, n int, off uintptr) {}

// canPrefetch reports whether prefetchLines and prefetchField issue
// hints on this build.
const canPrefetch = false
