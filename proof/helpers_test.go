package proof

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// helperIndicesByMaps is the spec's get_helper_indices as it reads: every
// sibling on every leaf's path, less every node on one. It was
// HelperIndices until a proof with no hashes could make a verifier build
// its two maps of 63 nodes per deep leaf; it is the oracle the walk is
// held to.
func helperIndicesByMaps(indices []GIndex) []GIndex {
	need := map[GIndex]bool{}
	computed := map[GIndex]bool{}
	for _, g := range indices {
		for c := g; c > 1; c >>= 1 {
			need[c.Sibling()] = true
			computed[c] = true
		}
	}
	out := make([]GIndex, 0, len(need))
	for g := range need {
		if !computed[g] {
			out = append(out, g)
		}
	}
	slices.SortFunc(out, cmpDesc)
	return out
}

// TestHelperIndicesWalk holds the walk to the maps on random index sets:
// shallow and deep, clustered (siblings, ancestors of each other,
// duplicates) and spread, with 0 and 1 among them; and its limit to the
// count.
func TestHelperIndicesWalk(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 1))
	for round := range 20000 {
		n := 1 + r.IntN(12)
		depth := 1 + r.IntN(63)
		var gs []GIndex
		for range n {
			var g GIndex
			switch r.IntN(6) {
			case 0:
				g = GIndex(r.IntN(4)) // 0, 1, 2, 3
			case 1:
				if len(gs) > 0 { // a relative of one already there
					g = gs[r.IntN(len(gs))]
					switch r.IntN(3) {
					case 0:
						g ^= 1
					case 1:
						g >>= uint(r.IntN(max(g.Depth(), 1)))
					}
					break
				}
				fallthrough
			default:
				d := 1 + r.IntN(depth)
				g = GIndex(1)<<d | GIndex(r.Uint64()&(1<<d-1))
			}
			gs = append(gs, g)
		}
		want := helperIndicesByMaps(gs)
		got := HelperIndices(gs)
		if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("round %d: HelperIndices(%v) = %v, want %v", round, gs, got, want)
		}
		for _, limit := range []int{len(want), len(want) - 1, 0} {
			if limit < 0 {
				continue
			}
			h, ok := helperIndices(gs, limit)
			if ok != (limit >= len(want)) || ok && !slices.Equal(h, want) && len(want) > 0 {
				t.Fatalf("round %d: helperIndices(%v, %d) = %v, %v; want %d helpers", round, gs, limit, h, ok, len(want))
			}
		}
	}
}

// TestMultiproofRefusedAtItsSize: a multiproof of n deep leaves and no
// hashes needs about 63n helpers; refusing it built the maps of all of
// them first (breaker22: 159 MB and 0.76 s for an 800 KB proof). It is
// refused with what its own size pays for.
func TestMultiproofRefusedAtItsSize(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	const n = 20000
	m := &Multiproof{Indices: make([]GIndex, n), Leaves: make([][32]byte, n)}
	for i := range m.Indices {
		m.Indices[i] = GIndex(1<<63 | r.Uint64())
	}
	size := uint64(n * (8 + 32))
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := m.Root()
	runtime.ReadMemStats(&after)
	if err == nil {
		t.Fatal("a multiproof with no hashes verified")
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8*size {
		t.Errorf("refusing a %d-byte multiproof allocated %d bytes (%.0f× its size)", size, alloc, float64(alloc)/float64(size))
	} else {
		t.Logf("refused after %d bytes (%.1f× its size)", alloc, float64(alloc)/float64(size))
	}
}

// TestUnknownHashRefused: a proof labelled with a hash function lanehash
// does not have was verified as SHA-256; each form refuses it.
func TestUnknownHashRefused(t *testing.T) {
	leaf := [32]byte{1}
	p := &Proof{Index: 1, Leaf: leaf, Hash: 7}
	m := &Multiproof{Indices: []GIndex{1}, Leaves: [][32]byte{leaf}, Hash: 7}
	c := &CompactMultiproof{Descriptor: Descriptor([]GIndex{1}), Nodes: [][32]byte{leaf}, Hash: 7}
	for name, root := range map[string]func() ([32]byte, error){"Proof": p.Root, "Multiproof": m.Root, "CompactMultiproof": c.Root} {
		if _, err := root(); !errors.Is(err, ErrProof) {
			t.Errorf("%s with Hash 7: %v, want ErrProof", name, err)
		}
	}
	// The same proofs labelled SHA-256 verify: the label was the fault.
	p.Hash, m.Hash, c.Hash = 0, 0, 0
	if !p.Verify(leaf) || !m.Verify(leaf) || !c.Verify(leaf) {
		t.Error("the one-node proofs do not verify as SHA-256")
	}
}
