// Package lanestest is the conformance suite every lanehash kernel
// passes. Run checks one kernel against crypto/sha256 and the legacy
// Keccak-256 of golang.org/x/crypto/sha3: pair counts around the lane
// width and large ones, distinct data in every lane, unaligned and
// aliased buffers, buffers that end (or start) at an unmapped guard page,
// bytes outside the output left alone, known vectors, and Lockstep, Pack
// and Unpack against Pairs. Every Lockstep case runs through Lockstep and,
// when the kernel has one (OpsKernel, Funcs.LockstepOpsFunc), through
// LockstepOps; the op lists include every aliasing of two consecutive ops
// (the second reading the first's out, outs overwriting either op's
// inputs), the case a kernel that interleaves consecutive ops must detect.
// A kernel with a Single entry (SingleKernel, Funcs.SingleFunc) runs
// the same cases through it, as a kernel of width 1 whose nodes are
// chunks. A kernel with a Ladder entry (LadderKernel, Funcs.LadderFunc)
// climbs zero-hash ladders against the reference run op by op.
//
// Kernel packages can run it on their raw functions before they are
// registered in lanes, through Funcs, from an external test package.
package lanestest

import (
	"testing"

	"github.com/lanehash/lanehash/lanes"
)

// Kernel is what the suite tests: the methods of *lanes.Kernel.
type Kernel interface {
	Name() string
	Hash() lanes.Hash
	Width() int
	Layout() lanes.Layout
	NodeSize() int
	Pairs(dst, src []byte)
	Lockstep(arena []byte, ops []lanes.Op)
	Pack(dst, src []byte)
	Unpack(dst, src []byte)
}

// Run runs the whole conformance suite against k, one subtest per
// property.
func Run(t *testing.T, k Kernel) {
	t.Helper()
	if k.NodeSize() != 32*k.Width() || k.Width() < 1 {
		t.Fatalf("%s: width %d, node size %d: want width ≥ 1 and node size 32·width", k.Name(), k.Width(), k.NodeSize())
	}
	t.Run("KnownVector", func(t *testing.T) { testKnownVector(t, k) })
	t.Run("Counts", func(t *testing.T) { testCounts(t, k) })
	t.Run("LargeCounts", func(t *testing.T) { testLargeCounts(t, k) })
	t.Run("Unaligned", func(t *testing.T) { testUnaligned(t, k) })
	t.Run("Aliased", func(t *testing.T) { testAliased(t, k) })
	t.Run("GuardPage", func(t *testing.T) { testGuardPage(t, k) })
	t.Run("PackLayout", func(t *testing.T) { testPackLayout(t, k) })
	t.Run("PackUnpack", func(t *testing.T) { testPackUnpack(t, k) })
	t.Run("PackInPlace", func(t *testing.T) { testPackInPlace(t, k) })
	for _, e := range lockstepEntries(k) {
		t.Run(e.name, func(t *testing.T) { lockstepCases(t, k, e.run) })
	}
	if len(singleEntries(k)) > 0 {
		t.Run("Single", func(t *testing.T) { testSingle(t, k) })
	}
	if run := ladderEntry(k); run != nil {
		t.Run("Ladder", func(t *testing.T) { testLadder(t, k, run) })
	}
	t.Run("Misuse", func(t *testing.T) { testMisuse(t, k) })
}

// lockstepCases runs every Lockstep case through run on k.
func lockstepCases(t *testing.T, k Kernel, run func([]byte, []lanes.Op)) {
	t.Run("AgainstPairs", func(t *testing.T) { testLockstepAgainstPairs(t, k, run) })
	t.Run("Validator", func(t *testing.T) { testLockstepValidator(t, k, run) })
	t.Run("RandomTrees", func(t *testing.T) { testLockstepRandomTrees(t, k, run) })
	t.Run("TwoOps", func(t *testing.T) { testLockstepTwoOps(t, k, run) })
	t.Run("OpCounts", func(t *testing.T) { testLockstepOpCounts(t, k, run) })
	t.Run("NoOps", func(t *testing.T) { testLockstepNoOps(t, k, run) })
}
