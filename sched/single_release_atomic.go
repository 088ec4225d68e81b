//go:build !amd64 || purego || race

package sched

import "sync/atomic"

// release hands a singleRoot's own flat buffer back (singleRoot.put):
// an atomic store, which the race detector sees, where the plain-store
// release in assembly is not built.
func release(busy *atomic.Uint32) { busy.Store(0) }
