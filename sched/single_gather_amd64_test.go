//go:build !purego

package sched

import (
	"bytes"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// TestSingleGatherLayout checks the layout of graph.Gather that
// gatherChunks reads (lanes/_asm/singlegather): Src at 0, Len at 4,
// Off at 8, Node at 16, 24 bytes each.
func TestSingleGatherLayout(t *testing.T) {
	var g graph.Gather
	got := [5]uintptr{unsafe.Offsetof(g.Src), unsafe.Offsetof(g.Len), unsafe.Offsetof(g.Off), unsafe.Offsetof(g.Node), unsafe.Sizeof(g)}
	if want := [5]uintptr{0, 4, 8, 16, 24}; got != want {
		t.Fatalf("graph.Gather offsets (Src, Len, Off, Node, size) %v, gatherChunks reads %v", got, want)
	}
}

// TestSingleGatherStores checks the store widths of gatherChunks: a
// leaf of up to 16 bytes leaves bytes 16..31 of its chunk as they
// were, and a longer one writes the whole chunk; what lies before and
// after the chunk is not written.
func TestSingleGatherStores(t *testing.T) {
	src := bytes.Repeat([]byte{0x5a}, 32)
	base := unsafe.Pointer(&src[0])
	for n := 1; n <= 32; n++ {
		flat := bytes.Repeat([]byte{0xff}, 96)
		gs := []graph.Gather{{Len: uint32(n), Node: 32}}
		gather(unsafe.Pointer(&flat[0]), &base, gs, sortGathers(gs))
		want := bytes.Repeat([]byte{0xff}, 96)
		width := 16
		if n > 16 {
			width = 32
		}
		clear(want[32 : 32+width])
		copy(want[32:], src[:n])
		if !bytes.Equal(flat, want) {
			t.Fatalf("Len %d: buffer %x, want %x", n, flat, want)
		}
	}
}
