//go:build amd64 && !purego && !race

package sched

import (
	"sync/atomic"
	"unsafe"
)

// release hands a singleRoot's own flat buffer back (singleRoot.put)
// with a plain store: the next root's claim then does not wait for this
// root's digest to reach the cache, which an atomic store (an exchange
// on amd64) would make every later load do. The race detector does not
// see a store in assembly, so race builds use the atomic store.
func release(busy *atomic.Uint32) { releaseFlag((*uint32)(unsafe.Pointer(busy))) }
