package cache_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// shortElem is a variable-size element whose packed fields are short
// nodes in a cached tree: a byte list, a list of integers, a bitlist, a
// short vector held as a slice (the zero vector when empty).
type shortElem struct {
	Tx   []byte   `ssz-max:"16384"`
	Nums []uint64 `ssz-max:"1200"`
	Bits []byte   `ssz:"bitlist" ssz-max:"40000"`
	Sig  []byte   `ssz-size:"96"`
}

// shortHolder holds short nodes as list elements (Txs) and as fields of
// list elements (Elems).
type shortHolder struct {
	Txs   [][]byte    `ssz-max:"64,8192"`
	Elems []shortElem `ssz-max:"16"`
}

// shortEdit changes v at random: bytes written in place, lists grown
// past shortChunks chunks and cut back, elements appended and dropped,
// the vector set to the zero vector and back. It returns the marks a
// Marked tree needs (top-level field, element index).
func shortEdit(r *rand.Rand, v *shortHolder) (field string, idx int) {
	grow := func(b []byte, max int) []byte {
		switch r.IntN(4) {
		case 0:
			return make([]byte, r.IntN(max+1)) // a new slice, any length
		case 1:
			if len(b) > 0 {
				b[r.IntN(len(b))] ^= byte(1 + r.IntN(255)) // in place
			}
			return b
		case 2:
			return b[:len(b)/2]
		}
		k := r.IntN(8000)
		return append(b, make([]byte, k)...)[:min(len(b)+k, max)]
	}
	switch r.IntN(6) {
	case 0:
		if len(v.Txs) < 64 {
			v.Txs = append(v.Txs, make([]byte, r.IntN(100)))
		}
		return "", -1
	case 1:
		if len(v.Txs) > 0 {
			i := r.IntN(len(v.Txs))
			v.Txs[i] = grow(v.Txs[i], 8192)
			return "Txs", i
		}
	case 2:
		if len(v.Elems) < 16 {
			v.Elems = append(v.Elems, shortElem{})
		}
		return "", -1
	case 3:
		if len(v.Elems) > 0 {
			i := r.IntN(len(v.Elems))
			e := &v.Elems[i]
			e.Tx = grow(e.Tx, 16384)
			if n := len(e.Nums); n > 0 && r.IntN(2) == 0 {
				e.Nums[r.IntN(n)]++
			} else {
				e.Nums = make([]uint64, r.IntN(1201))
			}
			return "Elems", i
		}
	case 4:
		if len(v.Elems) > 0 {
			i := r.IntN(len(v.Elems))
			e := &v.Elems[i]
			bits := r.IntN(40000)
			e.Bits = make([]byte, bits/8+1)
			e.Bits[bits/8] |= 1 << (bits % 8)
			if bits > 0 {
				e.Bits[0] |= byte(r.IntN(256)) & (1<<min(bits, 8) - 1)
			}
			if r.IntN(2) == 0 {
				e.Sig = nil
			} else {
				e.Sig = make([]byte, 96)
				e.Sig[r.IntN(96)] = 1
			}
			return "Elems", i
		}
	case 5:
		if len(v.Txs) > 1 {
			v.Txs = v.Txs[:len(v.Txs)-1]
		}
	}
	return "", -1
}

// TestShortNodesAfterChanges roots a value holding short nodes after
// random changes, in both modes, against the reference, and proves
// nodes inside them against a sparse tree of the same value (whose
// nodes are packed ones, computed apart).
func TestShortNodesAfterChanges(t *testing.T) {
	for _, mode := range []cache.Mode{cache.Detect, cache.Marked} {
		t.Run(fmt.Sprint("mode=", mode), func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(mode), 7))
			v := &shortHolder{}
			tr, err := cache.New[shortHolder](cache.WithMode(mode))
			if err != nil {
				t.Fatal(err)
			}
			for round := range 300 {
				for range 1 + r.IntN(3) {
					if f, i := shortEdit(r, v); f != "" && i >= 0 {
						if err := tr.Mark(f, i); err != nil {
							t.Fatal(err)
						}
					}
				}
				want, err := ssz.HashTreeRoot(v, ssz.SHA256)
				if err != nil {
					t.Fatal(err)
				}
				got, err := tr.Root(v)
				if err != nil || got != want {
					t.Fatalf("round %d: Root = %x, %v; want %x", round, got, err, want)
				}
				if round%10 != 0 {
					continue
				}
				var paths []string
				if len(v.Txs) > 0 {
					paths = append(paths, fmt.Sprintf("Txs[%d]", r.IntN(len(v.Txs))))
				}
				if len(v.Elems) > 0 {
					i := r.IntN(len(v.Elems))
					paths = append(paths, fmt.Sprintf("Elems[%d].Tx", i), fmt.Sprintf("Elems[%d].Bits", i), fmt.Sprintf("Elems[%d].Sig", i), fmt.Sprintf("Elems[%d].Nums", i))
				}
				var gs []proof.GIndex
				for _, p := range paths {
					g, err := proof.GIndexFor[shortHolder](p)
					if err != nil {
						t.Fatal(err)
					}
					// The value's root, its data root, its first and
					// last chunks' parents' children.
					gs = append(gs, g, 2*g, 2*g+1, 4*g, 4*g+1)
				}
				sp, sroot, err := cache.SparseOfGIndices(v, gs)
				if err != nil || sroot != want {
					t.Fatalf("round %d: SparseOf = %x, %v", round, sroot, err)
				}
				for _, g := range gs {
					wantN, werr := sp.Node(g)
					gotN, gerr := tr.Node(g)
					if (werr == nil) != (gerr == nil) || gotN != wantN {
						t.Fatalf("round %d: node %d = %x, %v; sparse tree has %x, %v", round, g, gotN, gerr, wantN, werr)
					}
				}
				for _, p := range paths {
					pr, err := tr.Prove(p)
					if err != nil || !pr.Verify(want) {
						t.Fatalf("round %d: Prove(%s) = %v; verifies: %v", round, p, err, err == nil && pr.Verify(want))
					}
				}
			}
		})
	}
}

// TestShortNodeErrorPath checks that a short node's error names the
// element as plan's does: its index, filled in from the error's
// element, though short nodes share one path.
func TestShortNodeErrorPath(t *testing.T) {
	v := &shortHolder{Txs: [][]byte{{1}, {2}, bytes.Repeat([]byte{3}, 8193)}}
	pl, err := plan.PlanFor[shortHolder]()
	if err != nil {
		t.Fatal(err)
	}
	_, perr := pl.Root(v)
	var want *plan.Error
	if !errors.As(perr, &want) || !errors.Is(perr, ssz.ErrListTooLong) {
		t.Fatalf("plan.Root = %v, want a *plan.Error wrapping ErrListTooLong", perr)
	}
	for _, mode := range []cache.Mode{cache.Detect, cache.Marked} {
		tr, err := cache.New[shortHolder](cache.WithMode(mode))
		if err != nil {
			t.Fatal(err)
		}
		for _, tx := range [][]byte{bytes.Repeat([]byte{3}, 8193), bytes.Repeat([]byte{3}, 3)} {
			// First too long for a short node, then short and valid, then
			// too long again after the tree held it.
			v.Txs[2] = tx
			_, err = tr.Root(v)
			if len(tx) <= 8192 {
				if err != nil {
					t.Fatal(err)
				}
				continue
			}
			var got *plan.Error
			if !errors.As(err, &got) || !errors.Is(err, ssz.ErrListTooLong) || got.Path != want.Path {
				t.Fatalf("mode %d: Root = %v; want the path %q", mode, err, want.Path)
			}
		}
	}
}
