//go:build !purego

package shani_test

import (
	"bytes"
	"crypto/sha256"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
	"github.com/lanehash/lanehash/lanes/shani"
)

// runOneByOne is the contract Single is held to: the ops run one at a
// time, in order, hashed by crypto/sha256.
func runOneByOne(buf []byte, ops []uint32) {
	for i := 0; i+2 < len(ops); i += 3 {
		l, r, o := ops[i], ops[i+1], ops[i+2]
		h := sha256.New()
		h.Write(buf[32*l : 32*l+32])
		h.Write(buf[32*r : 32*r+32])
		copy(buf[32*o:32*o+32], h.Sum(nil))
	}
}

// checkSingle runs ops through both Single entries on copies of buf and
// compares every chunk with runOneByOne.
func checkSingle(t *testing.T, buf []byte, ops []uint32) {
	t.Helper()
	want := bytes.Clone(buf)
	runOneByOne(want, ops)
	got := bytes.Clone(buf)
	shani.SHA256Single(got, ops)
	if !bytes.Equal(got, want) {
		t.Fatalf("SHA256Single(ops %v) differs from running the ops one at a time", ops)
	}
	got = bytes.Clone(buf)
	shani.SHA256SingleOps(got, kernelcheck.NewOps("checkSingle", ops))
	if !bytes.Equal(got, want) {
		t.Fatalf("SHA256SingleOps(ops %v) differs from running the ops one at a time", ops)
	}
}

// TestSingleThreeOps runs every list of three ops over a few chunks: the
// kernel runs three consecutive ops side by side when neither later op
// reads an earlier one's out, so every way of reading an out (left,
// right, both, from either earlier op), every out overwriting any op's
// inputs, and every repeated out (stored in op order) is exercised, on
// the three-op step and on what it falls back to.
func TestSingleThreeOps(t *testing.T) {
	if !shani.Supported() {
		t.Skip("CPU lacks the SHA extensions, SSSE3 or SSE4.1")
	}
	nodes := 4
	if testing.Short() {
		nodes = 3
	}
	buf := make([]byte, 32*nodes)
	fill(buf, 7)
	per := nodes * nodes * nodes
	ops := make([]uint32, 9)
	for a := range per {
		for b := range per {
			for c := range per {
				for j, x := range []int{a, b, c} {
					ops[3*j], ops[3*j+1], ops[3*j+2] = uint32(x%nodes), uint32(x/nodes%nodes), uint32(x/(nodes*nodes))
				}
				checkSingle(t, buf, ops)
			}
		}
	}
}

// TestSingleRuns runs 1 to 13 ops with a dependency placed at each
// position of otherwise independent runs (so steps of three, two and one
// form at every offset), and random lists over few chunks, where outs
// overwrite later inputs and repeat.
func TestSingleRuns(t *testing.T) {
	if !shani.Supported() {
		t.Skip("CPU lacks the SHA extensions, SSSE3 or SSE4.1")
	}
	const leaves = 5
	for n := 1; n <= 13; n++ {
		buf := make([]byte, 32*(leaves+n))
		fill(buf, uint64(n))
		independent := make([]uint32, 0, 3*n)
		for i := range n {
			independent = append(independent, uint32(i%leaves), uint32((i+2)%leaves), uint32(leaves+i))
		}
		checkSingle(t, buf, independent)
		for at := 1; at < n; at++ {
			for back := 1; back <= min(at, 3); back++ {
				for side := range 2 {
					dep := append([]uint32(nil), independent...)
					dep[3*at+side] = dep[3*(at-back)+2]
					checkSingle(t, buf, dep)
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(11, 13))
	for trial := range 3000 {
		nodes := 2 + trial%6
		buf := make([]byte, 32*nodes)
		fill(buf, uint64(1000+trial))
		ops := make([]uint32, 3*(1+rng.IntN(9)))
		for i := range ops {
			ops[i] = uint32(rng.IntN(nodes))
		}
		checkSingle(t, buf, ops)
	}
}

// fill sets b to pseudo-random bytes from seed.
func fill(b []byte, seed uint64) {
	var s [32]byte
	s[0], s[1] = byte(seed), byte(seed>>8)
	_, _ = rand.NewChaCha8(s).Read(b)
}

// TestSingleCarry runs a two-op step followed by one or two ops whose
// four message halves each read the first op's out, the second's, or
// a leaf, with the two outs distinct and the same chunk, and a last op
// reading the step before's outs: the kernel takes a half that reads
// the pair's out from its registers (the second's where both wrote
// it), the others from memory.
func TestSingleCarry(t *testing.T) {
	if !shani.Supported() {
		t.Skip("CPU lacks the SHA extensions, SSSE3 or SSE4.1")
	}
	buf := make([]byte, 32*10)
	fill(buf, 77)
	for _, out1 := range []uint32{5, 4} {
		pair := []uint32{0, 1, 4, 2, 3, out1}
		for c := range 81 {
			// Chunk 4 is the first op's out, 5 the second's (a
			// leaf where both write 4), 0 a leaf.
			src := [3]uint32{4, 5, 0}
			var h [4]uint32
			for k, x := 0, c; k < 4; k, x = k+1, x/3 {
				h[k] = src[x%3]
			}
			// Two ops (writing 6 and 7), then one reading both; one
			// op; the pair alone with nothing after.
			checkSingle(t, buf, append(append([]uint32(nil), pair...), h[0], h[1], 6, h[2], h[3], 7, 6, 7, 8))
			checkSingle(t, buf, append(append([]uint32(nil), pair...), h[0], h[1], 6, h[2], h[3], 7))
			checkSingle(t, buf, append(append([]uint32(nil), pair...), h[0], h[1], 6))
		}
		checkSingle(t, buf, pair)
	}
}

// TestSingleWideCarry runs a three-op step followed by two ops whose
// four message halves each read one of the three outs or a leaf, with
// the outs distinct or repeated, then an op reading the two: the kernel
// takes a half that reads an out from its registers (the latest op's
// where several wrote it), the others from memory.
func TestSingleWideCarry(t *testing.T) {
	if !shani.Supported() {
		t.Skip("CPU lacks the SHA extensions, SSSE3 or SSE4.1")
	}
	buf := make([]byte, 32*12)
	fill(buf, 78)
	for _, outs := range [][3]uint32{{4, 5, 6}, {4, 4, 6}, {4, 6, 6}, {6, 5, 6}, {4, 4, 4}} {
		wide := []uint32{0, 1, outs[0], 2, 3, outs[1], 1, 2, outs[2]}
		src := [4]uint32{4, 5, 6, 0}
		for c := range 256 {
			var h [4]uint32
			for k, x := 0, c; k < 4; k, x = k+1, x/4 {
				h[k] = src[x%4]
			}
			ops := append(append([]uint32(nil), wide...), h[0], h[1], 7, h[2], h[3], 8)
			checkSingle(t, buf, ops)
			checkSingle(t, buf, append(ops, 7, 8, 9))
		}
	}
}
