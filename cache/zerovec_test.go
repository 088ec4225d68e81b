package cache_test

import (
	"slices"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// zeroVecHolder has a 1 MiB byte vector, a 4096-bit bitvector and
// vectors of fixed-size, pointer and variable-size elements, each of
// which may be held by an empty slice (the zero vector).
type zeroVecHolder struct {
	A uint64
	V []byte               `ssz-size:"1048576"`
	B []byte               `ssz-bitsize:"4096"`
	C []phase0.Checkpoint  `ssz-size:"1000"`
	P []*phase0.Checkpoint `ssz-size:"3"`
	W []zeroVecVar         `ssz-size:"5"`
}

// zeroVecVar is a variable-size element.
type zeroVecVar struct {
	L []uint8 `ssz-max:"4"`
}

// TestZeroVectorKeptByDescription (issue #30, class 4, review): a vector
// held by an empty slice is kept by description — the zero-subtree root
// at its depth, no chunk stored — so a tree of many such vectors costs
// nothing per vector; its chunks are stored only once the value holds
// its bytes, and dropped when it is the zero vector again. In every
// mode, through zero → bytes → written → zero, the root is the
// reference's, proofs into the vector verify, and the tree's memory
// follows the bytes held (1 MiB of chunks would be over 2 MiB stored).
func TestZeroVectorKeptByDescription(t *testing.T) {
	detect := slices.Clone(valueReadingModes[:1]) // the type of the modes, set to Detect
	detect[0].name, detect[0].opts = "detect", nil
	for _, md := range append(detect, valueReadingModes...) {
		t.Run(md.name, func(t *testing.T) {
			tr, err := cache.New[zeroVecHolder](md.opts...)
			if err != nil {
				t.Fatal(err)
			}
			v := &zeroVecHolder{A: 1}
			step := func(name string, wantSmall bool) {
				t.Helper()
				want, err := ssz.HashTreeRoot(v, ssz.SHA256)
				if err != nil {
					t.Fatal(err)
				}
				got, err := tr.Root(v)
				if err != nil || got != want {
					t.Fatalf("%s: Root %x (%v), reference %x", name, got, err, want)
				}
				for _, path := range []string{"V", "V[0]", "V[700000]", "B", "B[4095]", "C", "C[0].Epoch", "C[999].Root", "C[512]", "P[2].Epoch", "W", "W[4].L", "W[0]"} {
					p, err := tr.Prove(path)
					if err != nil || !p.Verify(want) {
						t.Errorf("%s: proof of %s: %v, or does not verify", name, path, err)
					}
				}
				if b := tr.Stats().Bytes; wantSmall && b > 16<<10 {
					t.Errorf("%s: the tree holds %d bytes for zero vectors, want them kept by description", name, b)
				} else if !wantSmall && b < 1<<20 {
					t.Errorf("%s: the tree holds %d bytes with 1 MiB of chunks stored", name, b)
				}
			}
			step("zero vectors", true)
			v.V = make([]byte, 1<<20)
			v.V[700000] = 7
			v.B = make([]byte, 512)
			v.B[511] = 0x80
			v.C = make([]phase0.Checkpoint, 1000)
			v.C[999].Epoch = 5
			v.P = []*phase0.Checkpoint{nil, {Epoch: 6}, nil}
			v.W = make([]zeroVecVar, 5)
			v.W[4].L = []uint8{1, 2}
			step("bytes", false)
			v.V[3] = 9 // in place: Marked mode needs the mark
			v.C[3].Epoch = 8
			v.W[0].L = append(v.W[0].L, 3)
			if md.name != "detect" { // upper levels only implies Marked
				tr.MustField("V").Mark(3)
				tr.MustField("C").Mark(3)
				tr.MustField("W").Mark(0)
			}
			step("written", false)
			v.V, v.B, v.C, v.P, v.W = nil, []byte{}, nil, nil, []zeroVecVar{}
			step("zero again", true)
			v.A = 2
			if md.name != "detect" { // upper levels only implies Marked
				tr.MustField("A").MarkAll()
			}
			step("zero, another field written", true)
		})
	}
}
