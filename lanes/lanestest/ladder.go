package lanestest

import (
	"bytes"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/lanes"
)

// LadderKernel is a Kernel with a Ladder entry, as *lanes.Kernel has:
// nodes climbing a zero-hash ladder in place, H(node || zero[d]) for
// d = from … to−1.
type LadderKernel interface {
	Kernel
	Ladder(nodes []byte, zero [][32]byte, from, to int)
}

// ladderFunc climbs nodes from level from to level to of zero.
type ladderFunc func(nodes []byte, zero [][32]byte, from, to int)

// ladderEntry returns the way of running k's ladder, or nil: through
// lanes.Kernel.Ladder, or a package's raw LadderFunc given the levels'
// zero hashes back to back.
func ladderEntry(k Kernel) ladderFunc {
	switch k := k.(type) {
	case LadderKernel:
		return k.Ladder
	case *Funcs:
		if k.LadderFunc != nil {
			return func(nodes []byte, zero [][32]byte, from, to int) {
				var z []byte
				if to > from {
					z = unsafe.Slice(&zero[from][0], 32*(to-from))
				}
				k.LadderFunc(nodes, z)
			}
		}
	}
	return nil
}

// ladderLevels is the height of the suite's zero table: a block's
// transactions climb to 25, a 2^40-limit list to 40.
const ladderLevels = 40

// ladderTable returns a table of ladderLevels+1 distinct pseudo-random
// 32-byte values standing in for zero hashes (Ladder hashes whatever the
// table holds), so a level that used another level's value would show.
func ladderTable() [][32]byte {
	z := make([][32]byte, ladderLevels+1)
	b := randomBytes(91, 32*len(z))
	for i := range z {
		copy(z[i][:], b[32*i:])
	}
	return z
}

// climbReference climbs every node of nodes through one level, d, op by
// op with the independent implementation of h.
func climbReference(h lanes.Hash, nodes []byte, zero [32]byte) {
	msg := make([]byte, 64)
	for i := 0; i+32 <= len(nodes); i += 32 {
		copy(msg, nodes[i:i+32])
		copy(msg[32:], zero[:])
		copy(nodes[i:i+32], Reference(h, msg))
	}
}

// testLadder checks a kernel's ladder against the reference: every
// (from, to) with 0 ≤ from ≤ to ≤ 40 for node counts around one and two
// groups of the widest kernel, every node count 0..100 for a few level
// spans, bytes outside the nodes left alone, nodes that end or start at
// an unmapped page, and misuse refused before any write.
func testLadder(t *testing.T, k Kernel, run ladderFunc) {
	zero := ladderTable()
	h := k.Hash()
	check := func(t *testing.T, n, from, to int, start []byte) {
		t.Helper()
		const margin = 64
		buf := randomBytes(uint64(1000+n), 32*n+2*margin)
		copy(buf[margin:], start[:32*n])
		before := bytes.Clone(buf)
		nodes := buf[margin : margin+32*n]
		ref := bytes.Clone(nodes)
		for d := from; d < to; d++ {
			climbReference(h, ref, zero[d])
		}
		run(nodes, zero, from, to)
		if i := firstDiff(nodes, ref); i >= 0 {
			t.Fatalf("%s: %d nodes from %d to %d: node %d differs from the reference", k.Name(), n, from, to, i)
		}
		if !bytes.Equal(buf[:margin], before[:margin]) || !bytes.Equal(buf[margin+32*n:], before[margin+32*n:]) {
			t.Fatalf("%s: %d nodes from %d to %d: bytes outside the nodes changed", k.Name(), n, from, to)
		}
	}
	t.Run("Levels", func(t *testing.T) {
		counts := []int{1, 16, 17, 33}
		if testing.Short() {
			counts = []int{1, 33}
		}
		for _, n := range counts {
			start := randomBytes(uint64(n), 32*n)
			for from := 0; from <= ladderLevels; from++ {
				for to := from; to <= ladderLevels; to++ {
					check(t, n, from, to, start)
				}
			}
		}
	})
	t.Run("Counts", func(t *testing.T) {
		for n := 0; n <= 100; n++ {
			start := randomBytes(uint64(7*n+1), 32*n)
			for _, span := range [][2]int{{0, 1}, {3, 4}, {5, 25}, {0, ladderLevels}} {
				check(t, n, span[0], span[1], start)
			}
		}
	})
	t.Run("GuardPage", func(t *testing.T) {
		for _, n := range []int{1, 2, 7, 15, 16, 17, 31, 32, 33, 47} {
			for _, atEnd := range []bool{true, false} {
				nodes := guarded(t, 32*n, atEnd)
				fillRandom(uint64(n), nodes)
				ref := bytes.Clone(nodes)
				for d := 2; d < 6; d++ {
					climbReference(h, ref, zero[d])
				}
				run(nodes, zero, 2, 6)
				if i := firstDiff(nodes, ref); i >= 0 {
					t.Fatalf("%s: %d nodes beside a guard page (at end %v): node %d differs", k.Name(), n, atEnd, i)
				}
			}
		}
	})
	t.Run("Misuse", func(t *testing.T) {
		buf := randomBytes(78, 32*40)
		cases := []struct {
			name string
			f    func()
		}{
			{"ragged nodes", func() { run(buf[:32*3+5], zero, 0, 4) }},
			// The zero hashes of levels 0..4 are buf's first five chunks,
			// the nodes chunks 2..9: a ladder reading hashes it writes.
			{"nodes overlapping zero", func() { run(buf[32*2:32*10], chunksOf(buf), 0, 5) }},
			{"nodes overlapping zero's last level", func() { run(buf[32*4:32*5], chunksOf(buf), 4, 5) }},
		}
		if _, raw := k.(*Funcs); raw {
			f := k.(*Funcs).LadderFunc
			cases = append(cases, struct {
				name string
				f    func()
			}{"ragged zero", func() { f(buf[:64], make([]byte, 33)) }})
		} else {
			for _, c := range [][2]int{{5, 4}, {0, ladderLevels + 2}, {-1, 3}, {ladderLevels + 2, ladderLevels + 3}} {
				cases = append(cases, struct {
					name string
					f    func()
				}{"levels out of range", func() { run(buf[:32*17], zero, c[0], c[1]) }})
			}
		}
		// Nodes right after the zero hashes climbed, or over levels the
		// ladder does not read, are no misuse.
		for _, c := range [][3]int{{5, 0, 5}, {0, 4, 9}} {
			if msg := panicOf(func() { run(buf[32*c[0]:32*(c[0]+4)], chunksOf(buf), c[1], c[2]) }); msg != "did not panic" {
				t.Errorf("%s: Ladder of nodes %d..%d over levels %d..%d: %s", k.Name(), c[0], c[0]+4, c[1], c[2], msg)
			}
		}
		for _, c := range cases {
			before := bytes.Clone(buf)
			if msg := panicOf(c.f); msg != "" {
				t.Errorf("%s: Ladder %s %s", k.Name(), c.name, msg)
			}
			if !bytes.Equal(buf, before) {
				t.Errorf("%s: Ladder %s changed memory before it panicked", k.Name(), c.name)
			}
		}
	})
}

// chunksOf views buf's whole 32-byte chunks as a table of zero hashes.
func chunksOf(buf []byte) [][32]byte {
	return unsafe.Slice((*[32]byte)(unsafe.Pointer(unsafe.SliceData(buf))), len(buf)/32)
}
