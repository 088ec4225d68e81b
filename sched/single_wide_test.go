package sched

import (
	"crypto/sha256"
	"fmt"
	"math/bits"
	"reflect"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
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
// kernel alone (from 64 leaves always, never where no level has wideMin
// pairs), and that the root is the reference's root of
// Vector[Bytes32, n].
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
			zero := NewTree(narrow, &Stats{}).Zero
			for _, c := range sp.consts {
				z := c.c.Chunk(zero)
				copy(flat[c.at:], z[:])
			}
			base := unsafe.Pointer(&leaves[0])
			gather(unsafe.Pointer(&flat[0]), &base, sp.gathers, sp.classes)
			got := sp.hash(flat)
			// The tree is Vector[Bytes32, n]'s: the reference roots it.
			vec := reflect.New(reflect.ArrayOf(n, reflect.TypeFor[[32]byte]())).Elem()
			reflect.Copy(vec, reflect.ValueOf(leaves))
			typ, err := ssz.TypeOf(vec.Type())
			if err != nil {
				t.Fatal(err)
			}
			want, err := ssz.HashTreeRootValue(typ, vec, lanes.SHA256)
			if err != nil || got != want {
				t.Fatalf("root %x, reference %x, %v", got, want, err)
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
