//go:build !purego

package sched

import (
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

//go:generate go run -C ../lanes/_asm ./singlegather -out ../../sched/single_gather_amd64.s

// gatherChunks writes the leaves of n gathers from gs (graph.Gather,
// Node a byte offset into flat) into flat, reading gather k's bytes at
// bases[gs[k].Src]+gs[k].Off, in whole 16-byte stores: a leaf of up to
// 16 bytes as 16 bytes zero-extended, a longer one as 32. The kernels
// load a chunk 16 bytes at a time, and a narrower store (an 8-byte
// slot) cannot be forwarded to such a load, which then waits for every
// older store to reach the cache, the last root's digests among them:
// one root could not begin before the last one ends. The chunk's bytes
// past the stores stay as they are, zero by the gathers' contract.
// The first n32 gathers are of 32 bytes, the next n16 of 16 and the
// next n8 of 8 (sortGathers): each class runs in a loop of its own,
// without a test of the length.
//
//go:noescape
func gatherChunks(flat, bases, gs *byte, n, n32, n16, n8 int)

// gather writes gs's leaves into the flat buffer at fp, gather k
// reading from bases[gs[k].Src]; gs is sorted as c says (sortGathers).
// See gatherChunks.
func gather(fp unsafe.Pointer, bases *unsafe.Pointer, gs []graph.Gather, c gatherClasses) {
	if len(gs) > 0 {
		gatherChunks((*byte)(fp), (*byte)(unsafe.Pointer(bases)), (*byte)(unsafe.Pointer(unsafe.SliceData(gs))), len(gs), int(c.n32), int(c.n16), int(c.n8))
	}
}

// releaseFlag stores 0 to *p with a plain store: on amd64 a release,
// ordered after every earlier load and store, which does not wait for
// the earlier stores to reach the cache as an atomic exchange does
// (see singleRoot.put).
//
//go:noescape
func releaseFlag(p *uint32)
