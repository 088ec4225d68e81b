package sched

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
)

// TestSingleGather checks gather, the single-instance path's leaf
// copy, for every leaf length 1..32 from several sources, sorted by
// sortGathers and unsorted with no classes (every leaf through the
// length test): each chunk holds its Len bytes from bases[Src]+Off,
// zero up to the end of its first 16 bytes (Len ≤ 16) or of the chunk
// (Len > 16), and no byte past that or outside the gathered chunks is
// written.
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
	for round := range 40 {
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
		var c gatherClasses
		if round%4 < 2 {
			c = sortGathers(gs)
		}
		gather(unsafe.Pointer(&flat[0]), &bases[0], gs, c)
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
	gather(nil, nil, nil, gatherClasses{}) // no gathers: nothing read or written
}

// TestSortGathers checks sortGathers: the result is the gathers it was
// given, the first n32 of 32 bytes, then n16 of 16, n8 of 8, then none
// of those lengths, each class in its former order.
func TestSortGathers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	lens := []uint32{32, 16, 8, 1, 4, 20, 32, 8, 8, 16, 3, 32}
	for range 50 {
		gs := make([]graph.Gather, rng.IntN(len(lens)+1))
		for i := range gs {
			gs[i] = graph.Gather{Len: lens[rng.IntN(len(lens))], Node: uint32(32 * i)}
		}
		was := slices.Clone(gs)
		c := sortGathers(gs)
		var want []graph.Gather
		for _, class := range [][]uint32{{32}, {16}, {8}, {1, 3, 4, 20}} {
			for _, g := range was {
				if slices.Contains(class, g.Len) {
					want = append(want, g)
				}
			}
		}
		if !slices.Equal(gs, want) {
			t.Fatalf("sorted %v, want %v", gs, want)
		}
		n := func(l uint32) (k uint32) {
			for _, g := range was {
				if g.Len == l {
					k++
				}
			}
			return k
		}
		if wc := (gatherClasses{n(32), n(16), n(8)}); c != wc {
			t.Fatalf("classes %+v, want %+v (gathers %v)", c, wc, was)
		}
	}
}
