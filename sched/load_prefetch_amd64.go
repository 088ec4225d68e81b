//go:build !purego

package sched

//go:generate go run -C ../lanes/_asm ./prefetch -out ../../sched/load_prefetch_amd64.s

// prefetchLines asks the cache for every 64-byte line of [p, p+n): a
// hint that never faults and never waits for the data.
//
//go:noescape
func prefetchLines(p, n uintptr)

// prefetchField asks the cache for the line at the address stored at
// p+off, p+stride+off, … (n addresses): the memory behind the pointer
// or slice field at off of n instances stride bytes apart. The stored
// addresses are read (they must be readable memory); what they point
// at is only hinted, so a nil or dangling one is harmless.
//
//go:noescape
func prefetchField(p, stride uintptr, n int, off uintptr)

// canPrefetch reports whether prefetchLines and prefetchField issue
// hints on this build.
const canPrefetch = true
