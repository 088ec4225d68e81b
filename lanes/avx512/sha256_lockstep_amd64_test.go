//go:build !purego

package avx512

import (
	"bytes"
	"crypto/sha256"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// laneChunks returns the ordinary 32-byte chunk of every node and lane of
// an arena, [node][lane], through SHA256Unpack.
func laneChunks(arena []byte) []byte {
	out := make([]byte, len(arena))
	SHA256Unpack(out, arena)
	return out
}

// randomOps builds a multi-level program over nodes: each op hashes two
// nodes already written (leaves or earlier outputs) into a node that is
// either fresh or overwrites one of the inputs an earlier op read.
func randomOps(r *rand.Rand, leaves, nops int) (ops []uint32, nodes int) {
	written := make([]uint32, 0, leaves+nops)
	for i := range leaves {
		written = append(written, uint32(i))
	}
	nodes = leaves
	for range nops {
		left := written[r.IntN(len(written))]
		right := written[r.IntN(len(written))]
		out := uint32(nodes)
		switch r.IntN(3) {
		case 0:
			out = left
		case 1:
			out = written[r.IntN(len(written))]
		default:
			nodes++
			written = append(written, out)
		}
		ops = append(ops, left, right, out)
	}
	return ops, nodes
}

func TestSHA256LockstepRandomPrograms(t *testing.T) {
	requireAVX512(t)
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 40 {
		leaves := 1 + r.IntN(12)
		ops, nodes := randomOps(r, leaves, r.IntN(40))
		arena := kerneltest.Random(r, nodes*sha256NodeBytes+1)[1:] // unaligned

		// Oracle: every op per lane with crypto/sha256 on ordinary chunks.
		want := laneChunks(arena)
		for i := 0; i < len(ops); i += 3 {
			for p := range SHA256Lanes {
				var msg [64]byte
				copy(msg[:32], want[int(ops[i])*sha256NodeBytes+32*p:])
				copy(msg[32:], want[int(ops[i+1])*sha256NodeBytes+32*p:])
				d := sha256.Sum256(msg[:])
				copy(want[int(ops[i+2])*sha256NodeBytes+32*p:], d[:])
			}
		}

		SHA256Lockstep(arena, ops)
		if got := laneChunks(arena); !bytes.Equal(got, want) {
			b := kerneltest.FirstDiff(got, want)
			t.Fatalf("trial %d (%d ops): node %d lane %d differs", trial, len(ops)/3, b/sha256NodeBytes, b%sha256NodeBytes/32)
		}
	}
}

// TestSHA256LockstepMatchesPairsByLevel runs a Validator-shaped program
// (9 leaves, 8 ops) and compares its root with the same tree hashed level
// by level in ordinary layout with SHA256Pairs.
func TestSHA256LockstepMatchesPairsByLevel(t *testing.T) {
	requireAVX512(t)
	r := rand.New(rand.NewPCG(7, 8))
	leaves := kerneltest.Random(r, 9*sha256NodeBytes) // [leaf][lane][32]

	arena := make([]byte, 16*sha256NodeBytes)
	SHA256Pack(arena[:9*sha256NodeBytes], leaves)
	SHA256Lockstep(arena, validatorOps())
	got := make([]byte, sha256NodeBytes)
	SHA256Unpack(got, arena[15*sha256NodeBytes:16*sha256NodeBytes])

	for p := range SHA256Lanes {
		var level []byte
		leaf := func(i int) []byte { return leaves[i*sha256NodeBytes+32*p : i*sha256NodeBytes+32*p+32] }
		pub := make([]byte, 32)
		SHA256Pairs(pub, append(bytes.Clone(leaf(0)), leaf(1)...))
		level = append(level, pub...)
		for i := 2; i < 9; i++ {
			level = append(level, leaf(i)...)
		}
		for len(level) > 32 {
			SHA256Pairs(level, level)
			level = level[:len(level)/2]
		}
		if !bytes.Equal(level, got[32*p:32*p+32]) {
			t.Fatalf("lane %d: root %x, level by level %x", p, got[32*p:32*p+32], level)
		}
	}
}

// validatorOps is the op list of a phase0 Validator: leaves 0 and 1 are
// the pubkey chunks, leaves 2..8 the other fields; node 15 is the root.
func validatorOps() []uint32 {
	return []uint32{
		0, 1, 9, // pubkey root
		9, 2, 10, 3, 4, 11, 5, 6, 12, 7, 8, 13, // 8 field roots → 4
		10, 11, 14, 12, 13, 9, // → 2
		14, 9, 15, // → root
	}
}

func TestSHA256LockstepPanicsOnMisuse(t *testing.T) {
	requireAVX512(t)
	arena := make([]byte, 2*sha256NodeBytes)
	for name, ops := range map[string][]uint32{
		"not triples":      {0, 1},
		"index past arena": {0, 1, 2},
	} {
		t.Run(name, func(t *testing.T) { kerneltest.MustPanic(t, name, func() { SHA256Lockstep(arena, ops) }) })
	}
}
