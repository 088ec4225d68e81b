package lanestest

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/lanes"
)

func testPackLayout(t *testing.T, k Kernel) {
	w, size := k.Width(), k.NodeSize()
	for _, m := range []int{1, 3} {
		chunks := randomBytes(uint64(m), m*size)
		want := PackReference(k.Hash(), k.Layout(), w, chunks)
		got := make([]byte, m*size)
		k.Pack(got, chunks)
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: Pack of %d nodes does not match the documented lane layout:\n got %x\nwant %x", k.Name(), m, got, want)
		}
		back := make([]byte, m*size)
		k.Unpack(back, want)
		if !bytes.Equal(back, chunks) {
			t.Fatalf("%s: Unpack of %d nodes in the documented lane layout:\n got %x\nwant %x", k.Name(), m, back, chunks)
		}
	}
}

func testPackUnpack(t *testing.T, k Kernel) {
	size := k.NodeSize()
	for _, m := range []int{0, 1, 2, 3, 17} {
		for _, off := range []int{0, 1, 7} {
			srcBuf := randomBytes(uint64(m*10+off), off+m*size)
			chunks := srcBuf[off:]
			packedBuf := bytes.Repeat([]byte{canary}, off+m*size+off+5)
			packed := packedBuf[off:]
			k.Pack(packed, chunks)
			if !allCanary(packedBuf[:off]) || !allCanary(packed[m*size:]) {
				t.Fatalf("%s: Pack of %d nodes (offset %d) wrote outside dst[:%d]", k.Name(), m, off, m*size)
			}
			backBuf := bytes.Repeat([]byte{canary}, off+m*size+off+5)
			back := backBuf[off:]
			k.Unpack(back, packed[:m*size])
			if !bytes.Equal(back[:m*size], chunks) {
				t.Fatalf("%s: Unpack(Pack(x)) != x for %d nodes (offset %d)", k.Name(), m, off)
			}
			if !allCanary(backBuf[:off]) || !allCanary(back[m*size:]) {
				t.Fatalf("%s: Unpack of %d nodes (offset %d) wrote outside dst[:%d]", k.Name(), m, off, m*size)
			}
		}
	}
}

func testPackInPlace(t *testing.T, k Kernel) {
	w, size := k.Width(), k.NodeSize()
	for _, m := range []int{1, 2, 5} {
		chunks := randomBytes(uint64(m), m*size)
		buf := append([]byte(nil), chunks...)
		k.Pack(buf, buf)
		if !bytes.Equal(buf, PackReference(k.Hash(), k.Layout(), w, chunks)) {
			t.Fatalf("%s: Pack in place of %d nodes does not match the lane layout", k.Name(), m)
		}
		k.Unpack(buf, buf)
		if !bytes.Equal(buf, chunks) {
			t.Fatalf("%s: Unpack in place of %d nodes does not restore the chunks", k.Name(), m)
		}
	}
}

// testLockstepAgainstPairs packs W left and W right chunks, hashes them
// with one op and checks the unpacked digests against the kernel's own
// Pairs and the reference.
func testLockstepAgainstPairs(t *testing.T, k Kernel, run func([]byte, []lanes.Op)) {
	w, size := k.Width(), k.NodeSize()
	left := randomBytes(1, size)
	right := randomBytes(2, size)
	arena := make([]byte, 3*size)
	k.Pack(arena[:size], left)
	k.Pack(arena[size:2*size], right)
	run(arena, []lanes.Op{{Left: 0, Right: 1, Out: 2}})
	got := make([]byte, size)
	k.Unpack(got, arena[2*size:])

	pairs := make([]byte, 0, 64*w)
	for p := 0; p < w; p++ {
		pairs = append(pairs, left[32*p:32*p+32]...)
		pairs = append(pairs, right[32*p:32*p+32]...)
	}
	viaPairs := make([]byte, 32*w)
	k.Pairs(viaPairs, pairs)
	if i := firstDiff(got, viaPairs); i >= 0 {
		t.Fatalf("%s: Lockstep lane %d = %x, Pairs gives %x", k.Name(), i, got[32*i:32*i+32], viaPairs[32*i:32*i+32])
	}
	if i := firstDiff(got, Reference(k.Hash(), pairs)); i >= 0 {
		t.Fatalf("%s: Lockstep lane %d differs from the reference", k.Name(), i)
	}
}

func testLockstepValidator(t *testing.T, k Kernel, run func([]byte, []lanes.Op)) {
	w, size := k.Width(), k.NodeSize()
	const leaves, nodes = 9, 17
	chunks := randomBytes(9, leaves*size)
	arena := make([]byte, nodes*size)
	k.Pack(arena[:leaves*size], chunks)
	run(arena, ValidatorOps())
	roots := make([]byte, size)
	k.Unpack(roots, arena[16*size:])
	for p := 0; p < w; p++ {
		leaf := func(i int) []byte { return chunks[i*size+32*p : i*size+32*p+32] }
		hash := func(l, r []byte) []byte { return Reference(k.Hash(), append(append([]byte(nil), l...), r...)) }
		pubkey := hash(leaf(0), leaf(1))
		l1 := [][]byte{hash(pubkey, leaf(2)), hash(leaf(3), leaf(4)), hash(leaf(5), leaf(6)), hash(leaf(7), leaf(8))}
		root := hash(hash(l1[0], l1[1]), hash(l1[2], l1[3]))
		if !bytes.Equal(roots[32*p:32*p+32], root) {
			t.Fatalf("%s: Validator-shaped root of lane %d = %x, want %x", k.Name(), p, roots[32*p:32*p+32], root)
		}
	}
}

// testLockstepRandomTrees runs random op lists over an unaligned arena:
// inputs are leaves or earlier outputs (multi-level trees), some outputs
// overwrite nodes computed before or the op's own input, and nodes no op
// writes must keep their bytes. Every lane is simulated with the reference.
func testLockstepRandomTrees(t *testing.T, k Kernel, run func([]byte, []lanes.Op)) {
	w, size := k.Width(), k.NodeSize()
	for trial := 0; trial < 20; trial++ {
		rng := rand.New(rand.NewPCG(uint64(trial), 3))
		leaves := 1 + rng.IntN(8)
		nOps := rng.IntN(24)
		nodes := leaves + nOps + 2 // two nodes nobody writes
		buf := randomBytes(uint64(100+trial), 1+nodes*size)
		arena := buf[1:]
		sim := UnpackReference(k.Hash(), k.Layout(), w, arena)

		defined := make([]uint32, 0, nodes)
		for i := 0; i < leaves; i++ {
			defined = append(defined, uint32(i))
		}
		next := uint32(leaves)
		ops := make([]lanes.Op, 0, nOps)
		for len(ops) < nOps {
			op := lanes.Op{Left: defined[rng.IntN(len(defined))], Right: defined[rng.IntN(len(defined))]}
			// A quarter of the ops overwrite their own left or right
			// input, a quarter a node computed before: the contract
			// allows both.
			switch c, r := defined[rng.IntN(len(defined))], rng.IntN(8); {
			case r == 0:
				op.Out = op.Left
			case r == 1:
				op.Out = op.Right
			case r < 4 && c >= uint32(leaves):
				op.Out = c
			default:
				op.Out = next
				defined = append(defined, next)
				next++
			}
			ops = append(ops, op)
			simulate(k, sim, op)
		}
		run(arena, ops)
		got := UnpackReference(k.Hash(), k.Layout(), w, arena)
		if i := firstDiff(got, sim); i >= 0 {
			t.Fatalf("%s: trial %d (%d leaves, ops %v): node %d lane %d = %x, want %x",
				k.Name(), trial, leaves, ops, i/w, i%w, got[32*i:32*i+32], sim[32*i:32*i+32])
		}
	}
}

func testLockstepNoOps(t *testing.T, k Kernel, run func([]byte, []lanes.Op)) {
	arena := randomBytes(5, 2*k.NodeSize())
	before := append([]byte(nil), arena...)
	run(arena, nil)
	if !bytes.Equal(arena, before) {
		t.Fatalf("%s: Lockstep with no ops changed the arena", k.Name())
	}
}

// simulate runs op on sim, an arena in ordinary layout
// (UnpackReference), with the reference hash, lane by lane.
func simulate(k Kernel, sim []byte, op lanes.Op) {
	w, size := k.Width(), k.NodeSize()
	pairs := make([]byte, 0, 64*w)
	for p := 0; p < w; p++ {
		pairs = append(pairs, sim[int(op.Left)*size+32*p:][:32]...)
		pairs = append(pairs, sim[int(op.Right)*size+32*p:][:32]...)
	}
	copy(sim[int(op.Out)*size:], Reference(k.Hash(), pairs))
}

// checkOps runs ops on a copy of arena and compares every node, in every
// lane, with the reference run op after op.
func checkOps(t *testing.T, k Kernel, run func([]byte, []lanes.Op), arena []byte, ops []lanes.Op) {
	t.Helper()
	w := k.Width()
	sim := UnpackReference(k.Hash(), k.Layout(), w, arena)
	for _, op := range ops {
		simulate(k, sim, op)
	}
	got := bytes.Clone(arena)
	run(got, ops)
	if i := firstDiff(UnpackReference(k.Hash(), k.Layout(), w, got), sim); i >= 0 {
		t.Fatalf("%s: ops %v: node %d lane %d differs from running the ops one after the other", k.Name(), ops, i/w, i%w)
	}
}

// testLockstepTwoOps runs every list of two ops over four nodes: the
// second op reading the first's out (left, right or both), either out
// overwriting either op's inputs, both outs the same node. A kernel that
// runs two consecutive ops side by side must give what running them one
// after the other gives.
func testLockstepTwoOps(t *testing.T, k Kernel, run func([]byte, []lanes.Op)) {
	const nodes = 4
	arena := randomBytes(41, nodes*k.NodeSize())
	op := func(i int) lanes.Op {
		return lanes.Op{Left: uint32(i % nodes), Right: uint32(i / nodes % nodes), Out: uint32(i / (nodes * nodes))}
	}
	for a := 0; a < nodes*nodes*nodes; a++ {
		for b := 0; b < nodes*nodes*nodes; b++ {
			checkOps(t, k, run, arena, []lanes.Op{op(a), op(b)})
		}
	}
}

// testLockstepOpCounts runs 1 to 9 ops, independent ones (every pair of
// consecutive ops may run side by side) and chains where each op reads
// the previous one's out, so that the odd op left after pairs, and a
// pair broken by a dependency, are both exercised.
func testLockstepOpCounts(t *testing.T, k Kernel, run func([]byte, []lanes.Op)) {
	const leaves = 4
	for n := 1; n <= 9; n++ {
		arena := randomBytes(uint64(60+n), (leaves+n)*k.NodeSize())
		independent := make([]lanes.Op, n)
		chain := make([]lanes.Op, n)
		for i := range n {
			independent[i] = lanes.Op{Left: uint32(i % leaves), Right: uint32((i + 1) % leaves), Out: uint32(leaves + i)}
			chain[i] = lanes.Op{Left: uint32(leaves + i - 1), Right: uint32(i % leaves), Out: uint32(leaves + i)}
		}
		chain[0].Left = 0
		checkOps(t, k, run, arena, independent)
		checkOps(t, k, run, arena, chain)
		// Every other op depends on the one before: pairs form at odd
		// offsets only.
		mixed := append([]lanes.Op(nil), independent...)
		for i := 1; i < n; i += 2 {
			mixed[i].Right = mixed[i-1].Out
		}
		checkOps(t, k, run, arena, mixed)
	}
}

func allCanary(b []byte) bool {
	for _, c := range b {
		if c != canary {
			return false
		}
	}
	return true
}
