package sched

import (
	"crypto/sha256"
	"fmt"
	"math/bits"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
)

// countingKernel is a Kernel whose Pairs records each call's pair count.
type countingKernel struct {
	Kernel
	calls *[]int
}

func (k countingKernel) Pairs(dst, src []byte) {
	*k.calls = append(*k.calls, len(src)/64)
	k.Kernel.Pairs(dst, src)
}

// TestSingleWideLevels plans the single-instance path of merkle trees of
// n leaves with a wide kernel beside the single-instance one and checks
// that the levels of at least wideMin pairs, and only those, go to the
// wide kernel's Pairs where the model has that ahead of the narrow
// kernel alone (from 64 leaves always, never where no level has wideMin pairs), and that the
// root is the tree's root by crypto/sha256.
func TestSingleWideLevels(t *testing.T) {
	narrow, err := lanes.Select(lanes.SHA256, "sha256/genericx1")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{2, 9, 16, 17, 31, 32, 33, 64, 100, 250, 256} {
		t.Run(fmt.Sprintf("leaves=%d", n), func(t *testing.T) {
			b := graph.NewBuilder()
			refs := make([]graph.Ref, n)
			for i := range refs {
				refs[i] = b.Leaf(0, uintptr(32*i), 32)
			}
			depth := bits.Len(uint(n - 1))
			p, err := b.Finish(b.Merkle(refs, depth))
			if err != nil {
				t.Fatal(err)
			}
			var wideCalls, narrowCalls []int
			wide := countingKernel{narrow, &wideCalls}
			sp := planSingle(p, countingKernel{narrow, &narrowCalls}, wide)
			lv := levels(p)
			wantWide := wideLevelsTime(p, lv) < stepsTime(p.Nodes, levelSteps(lv), false)
			if n >= 64 && !wantWide || n < 2*wideMin-1 && wantWide {
				t.Fatalf("the model sends %d leaves' levels %v to the wide kernel: %v", n, levelSizes(lv), wantWide)
			}

			leaves := make([][32]byte, n)
			for i := range leaves {
				leaves[i] = sha256.Sum256([]byte{byte(i), byte(n)})
			}
			flat := make([]byte, sp.size)
			zero := func(d int) [32]byte { return zeroHash(d) }
			for _, c := range sp.consts {
				z := c.c.Chunk(zero)
				copy(flat[c.at:], z[:])
			}
			base := unsafe.Pointer(&leaves[0])
			gather(unsafe.Pointer(&flat[0]), &base, sp.gathers, sp.classes)
			got := sp.hash(flat)
			if want := merkleRoot(leaves, depth); got != want {
				t.Fatalf("root %x, want %x", got, want)
			}

			var wantWideCalls []int
			for _, l := range lv {
				if wantWide && len(l) >= wideMin {
					wantWideCalls = append(wantWideCalls, len(l))
				}
			}
			if fmt.Sprint(wideCalls) != fmt.Sprint(wantWideCalls) {
				t.Errorf("wide kernel's calls %v, want %v (levels %v, wide path %v)", wideCalls, wantWideCalls, levelSizes(lv), wantWide)
			}
			if wantWide && len(wideCalls)+len(narrowCalls) != len(lv) {
				t.Errorf("%d wide and %d narrow calls for %d levels", len(wideCalls), len(narrowCalls), len(lv))
			}
		})
	}
}

func levelSizes(lv [][]lanes.Op) []int {
	out := make([]int, len(lv))
	for i, l := range lv {
		out[i] = len(l)
	}
	return out
}

// zeroHash is zero_hashes[d] by crypto/sha256.
func zeroHash(d int) [32]byte {
	var z [32]byte
	for range d {
		z = sha256.Sum256(append(z[:], z[:]...))
	}
	return z
}

// merkleRoot is the root of leaves padded with zero chunks to 2^depth,
// by crypto/sha256.
func merkleRoot(leaves [][32]byte, depth int) [32]byte {
	level := append([][32]byte(nil), leaves...)
	for d := range depth {
		if len(level)%2 == 1 {
			level = append(level, zeroHash(d))
		}
		next := make([][32]byte, len(level)/2)
		for i := range next {
			next[i] = sha256.Sum256(append(level[2*i][:], level[2*i+1][:]...))
		}
		level = next
	}
	return level[0]
}
