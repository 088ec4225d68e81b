package sched

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// TestSingleGather checks gather, the single-instance path's leaf
// copy, for every leaf length 1..32 from several sources: each chunk
// holds its Len bytes from bases[Src]+Off, zero up to the end of its
// first 16 bytes (Len ≤ 16) or of the chunk (Len > 16), and no byte
// past that or outside the gathered chunks is written.
func TestSingleGather(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 32))
	srcs := make([][]byte, 3)
	for i := range srcs {
		srcs[i] = make([]byte, 96)
		for j := range srcs[i] {
			srcs[i][j] = byte(rng.Uint32()) | 1 // never zero: padding shows
		}
	}
	bases := [maxRootSources]unsafe.Pointer{}
	for i, s := range srcs {
		bases[i] = unsafe.Pointer(&s[0])
	}
	const sentinel = 0xa5
	for round := range 20 {
		var gs []graph.Gather
		for n := 1; n <= 32; n++ {
			gs = append(gs, graph.Gather{
				Src: uint32(rng.IntN(len(srcs))), Len: uint32(n),
				Off: uintptr(rng.IntN(96 - n + 1)), Node: uint32(32 * (2*(n-1) + round%2)),
			})
		}
		rng.Shuffle(len(gs), func(i, j int) { gs[i], gs[j] = gs[j], gs[i] })
		flat := make([]byte, 32*66)
		for i := range flat {
			flat[i] = sentinel
		}
		for _, g := range gs { // the gathers' contract: the rest is zero
			clear(flat[g.Node+g.Len : g.Node+32])
		}
		gather(unsafe.Pointer(&flat[0]), &bases[0], gs)
		written := make([]bool, len(flat)/32)
		for _, g := range gs {
			written[g.Node/32] = true
			want := make([]byte, 32)
			copy(want, srcs[g.Src][g.Off:g.Off+uintptr(g.Len)])
			got := flat[g.Node : g.Node+32]
			if !bytes.Equal(got, want) {
				t.Fatalf("round %d, gather %+v: chunk %x, want %x", round, g, got, want)
			}
		}
		for c, w := range written {
			if !w && !bytes.Equal(flat[32*c:32*c+32], bytes.Repeat([]byte{sentinel}, 32)) {
				t.Fatalf("round %d: chunk %d, gathered by none, written: %x", round, c, flat[32*c:32*c+32])
			}
		}
	}
	gather(nil, nil, nil) // no gathers: nothing read or written
}
