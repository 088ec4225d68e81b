//go:build purego || !amd64

package sched

import (
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// gather writes gs's leaves into the flat buffer at fp, gather k
// reading from bases[gs[k].Src]: Len bytes at the start of the chunk at
// byte offset Node, whose other bytes stay zero. The classes of gs
// (sortGathers) do not matter here.
func gather(fp unsafe.Pointer, bases *unsafe.Pointer, gs []graph.Gather, _ gatherClasses) {
	for k := range gs {
		g := &gs[k]
		src := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(bases), uintptr(g.Src)*unsafe.Sizeof(unsafe.Pointer(nil))))
		copyChunk(unsafe.Add(fp, g.Node), unsafe.Add(src, g.Off), g.Len)
	}
}
