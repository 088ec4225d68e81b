//go:build amd64 && !purego && unix

package compare

import (
	"bytes"
	"crypto/sha256"
	"testing"

	"github.com/lanehash/lanehash/lanes/avx512"
)

// The central bet of lanehash, measured: hashing many small trees in
// lockstep (one instance per SIMD lane) against per-level batching (all
// instances' pairs of one tree level in one wide call), for a batch of
// phase0-Validator-shaped trees: 9 leaf chunks each (pubkey 2 chunks,
// then 7 field chunks), 9 pair hashes per tree.

const (
	perLevelValidators = 4096
	perLevelLeaves     = 9
	perLevelNode       = 32 * avx512.SHA256Lanes
)

// perLevelInput returns the leaves of n validators, [validator][leaf][32].
func perLevelInput(n int) []byte { return avx512RandomChunks(n * perLevelLeaves * 32) }

// perLevelLockstep hashes the validators 16 at a time with the lockstep
// kernel: gather each group's leaves into [leaf][lane] order, Pack them,
// run the 8-op program, Unpack the root node into roots[v*32:].
type perLevelLockstep struct {
	gather []byte // [leaf][lane][32]
	arena  []byte // 16 lane-layout nodes
}

func newPerLevelLockstep() *perLevelLockstep {
	return &perLevelLockstep{
		gather: make([]byte, perLevelLeaves*perLevelNode),
		arena:  make([]byte, 16*perLevelNode),
	}
}

func (l *perLevelLockstep) roots(roots, leaves []byte) {
	const lanes = avx512.SHA256Lanes
	n := len(leaves) / (perLevelLeaves * 32)
	for g := 0; g < n; g += lanes {
		// The batch is a multiple of 16; a real scheduler zero-fills the
		// lanes of a last partial group.
		// A 32-byte copy through a local array compiles to vector moves;
		// copy of a slice, or an assignment between two array pointers,
		// calls memmove (a fifth of the batch's time, measured).
		for p := range lanes {
			v := leaves[(g+p)*perLevelLeaves*32:]
			for leaf := range perLevelLeaves {
				chunk := *(*[32]byte)(v[leaf*32:])
				*(*[32]byte)(l.gather[leaf*perLevelNode+32*p:]) = chunk
			}
		}
		avx512.SHA256Pack(l.arena[:perLevelLeaves*perLevelNode], l.gather)
		avx512.SHA256Lockstep(l.arena, avx512ValidatorOps)
		avx512.SHA256Unpack(roots[g*32:(g+lanes)*32], l.arena[15*perLevelNode:16*perLevelNode])
	}
}

// perLevelBatched hashes the validators level by level across all of
// them with one pair kernel: the pubkey pairs of every validator, then
// the 4 level-1 pairs of every validator, then 2, then 1.
type perLevelBatched struct {
	pubkeys []byte // [validator][64]
	fields  []byte // [validator][8][32]
	pairs   func(dst, src []byte)
}

func newPerLevelBatched(n int, pairs func(dst, src []byte)) *perLevelBatched {
	return &perLevelBatched{
		pubkeys: make([]byte, n*64),
		fields:  make([]byte, n*8*32),
		pairs:   pairs,
	}
}

func (b *perLevelBatched) roots(roots, leaves []byte) {
	n := len(leaves) / (perLevelLeaves * 32)
	for v := range n {
		copy(b.pubkeys[v*64:v*64+64], leaves[v*perLevelLeaves*32:])
	}
	b.pairs(b.pubkeys[:n*32], b.pubkeys) // pubkey roots, in place
	for v := range n {
		f := b.fields[v*256 : v*256+256]
		copy(f[:32], b.pubkeys[v*32:v*32+32])
		copy(f[32:], leaves[v*perLevelLeaves*32+64:(v+1)*perLevelLeaves*32])
	}
	level := b.fields
	for len(level) > n*64 {
		b.pairs(level[:len(level)/2], level)
		level = level[:len(level)/2]
	}
	b.pairs(roots[:n*32], level)
}

// perLevelReference computes the roots with crypto/sha256, tree by tree.
func perLevelReference(leaves []byte) []byte {
	n := len(leaves) / (perLevelLeaves * 32)
	roots := make([]byte, 0, n*32)
	for v := range n {
		l := leaves[v*perLevelLeaves*32 : (v+1)*perLevelLeaves*32]
		pub := sha256.Sum256(l[:64])
		level := append(pub[:], l[64:]...)
		for len(level) > 32 {
			var next []byte
			for i := 0; i < len(level); i += 64 {
				d := sha256.Sum256(level[i : i+64])
				next = append(next, d[:]...)
			}
			level = next
		}
		roots = append(roots, level...)
	}
	return roots
}

type perLevelImpl struct {
	name  string
	path  string // gohashtree kernel forced, if any
	roots func(n int) func(roots, leaves []byte)
}

var perLevelImpls = []perLevelImpl{
	{"lanehash-lockstep", "", func(int) func(roots, leaves []byte) { return newPerLevelLockstep().roots }},
	{"gohashtree-avx512-perlevel", "avx512", func(n int) func(roots, leaves []byte) {
		return newPerLevelBatched(n, avx512GohashtreePairs).roots
	}},
	{"lanehash-avx512-perlevel", "", func(n int) func(roots, leaves []byte) {
		return newPerLevelBatched(n, avx512.SHA256Pairs).roots
	}},
	{"gohashtree-shani-perlevel", "shani", func(n int) func(roots, leaves []byte) {
		return newPerLevelBatched(n, avx512GohashtreePairs).roots
	}},
}

func TestPerLevelRootsAgree(t *testing.T) {
	avx512Require(t)
	const n = 64
	leaves := perLevelInput(n)
	want := perLevelReference(leaves)
	for _, impl := range perLevelImpls {
		func() {
			if impl.path != "" {
				defer gohashtreePath(t, impl.path)()
			}
			got := make([]byte, n*32)
			impl.roots(n)(got, leaves)
			if !bytes.Equal(got, want) {
				t.Errorf("%s: roots differ from crypto/sha256 tree by tree", impl.name)
			}
		}()
	}
}

// BenchmarkPerLevelValidators reports ns per validator root for 4096
// Validator-shaped trees (9 pair hashes each) per strategy; read it with
// benchstat -col /impl.
func BenchmarkPerLevelValidators(b *testing.B) {
	avx512Require(b)
	leaves := perLevelInput(perLevelValidators)
	roots := make([]byte, perLevelValidators*32)
	for _, impl := range perLevelImpls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			if impl.path != "" {
				defer gohashtreePath(b, impl.path)()
			}
			run := impl.roots(perLevelValidators)
			b.SetBytes(int64(len(leaves)))
			cpu0 := avx512CPUTime()
			for b.Loop() {
				run(roots, leaves)
			}
			avx512Report(b, perLevelValidators, "validator", cpu0)
		})
	}
}
