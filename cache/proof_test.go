package cache_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

// randomStatePaths returns paths into every kind of node of a fulu state:
// fields, elements of composite and basic lists and vectors, fields of
// elements, lengths, bits.
func randomStatePaths(r *rand.Rand, s *fulu.BeaconState, k int) []string {
	gen := append(commonPaths(r, len(s.Validators)),
		func() string { return "GenesisValidatorsRoot" },
		func() string { return fmt.Sprintf("RANDAOMixes[%d]", r.IntN(len(s.RANDAOMixes))) },
		func() string { return fmt.Sprintf("Slashings[%d]", r.IntN(len(s.Slashings))) },
		func() string { return fmt.Sprintf("validators[%d].withdrawal_credentials", r.IntN(len(s.Validators))) },
		func() string { return fmt.Sprintf("Validators[%d].Pubkey", r.IntN(len(s.Validators))) },
		func() string { return fmt.Sprintf("InactivityScores[%d]", r.IntN(len(s.InactivityScores))) },
		func() string { return "NextSyncCommittee.AggregatePubkey" },
		func() string { return "LatestExecutionPayloadHeader.ExtraData" },
		func() string { return "LatestExecutionPayloadHeader.BaseFeePerGas" },
		func() string { return "LatestExecutionPayloadHeader.LogsBloom" },
		func() string {
			return fmt.Sprintf("HistoricalSummaries[%d].StateSummaryRoot", r.IntN(len(s.HistoricalSummaries)))
		},
		func() string { return fmt.Sprintf("PendingDeposits[%d].Amount", r.IntN(len(s.PendingDeposits))) },
		func() string { return fmt.Sprintf("PendingDeposits[%d].Signature", r.IntN(len(s.PendingDeposits))) },
		func() string { return fmt.Sprintf("HistoricalRoots[%d]", r.IntN(len(s.HistoricalRoots))) },
		func() string { return fmt.Sprintf("ProposerLookahead[%d]", r.IntN(len(s.ProposerLookahead))) },
		func() string { return "PendingConsolidations.__len__" },
	)
	return pickPaths(r, gen, k)
}

// commonPaths returns path generators for fields a fulu and a gloas state
// of n validators share.
func commonPaths(r *rand.Rand, n int) []func() string {
	return []func() string{
		func() string { return "Slot" },
		func() string { return "Fork.CurrentVersion" },
		func() string { return "LatestBlockHeader.StateRoot" },
		func() string { return fmt.Sprintf("BlockRoots[%d]", r.IntN(8192)) },
		func() string { return fmt.Sprintf("Validators[%d]", r.IntN(n)) },
		func() string { return fmt.Sprintf("Validators[%d].EffectiveBalance", r.IntN(n)) },
		func() string { return fmt.Sprintf("Validators[%d].ExitEpoch", r.IntN(n)) },
		func() string { return "Validators.__len__" },
		func() string { return fmt.Sprintf("Balances[%d]", r.IntN(n)) },
		func() string { return fmt.Sprintf("CurrentEpochParticipation[%d]", r.IntN(n)) },
		func() string { return "JustificationBits" },
		func() string { return "FinalizedCheckpoint.Root" },
		func() string { return fmt.Sprintf("CurrentSyncCommittee.Pubkeys[%d]", r.IntN(512)) },
	}
}

// pickPaths draws k paths from the generators gen.
func pickPaths(r *rand.Rand, gen []func() string, k int) []string {
	out := make([]string, k)
	for i := range out {
		out[i] = gen[r.IntN(len(gen))]()
	}
	return out
}

// TestStateProofs proves random paths from a cached state, after changes,
// and verifies every proof against the reference root.
func TestStateProofs(t *testing.T) {
	s := fulu.SyntheticBeaconState(1000, 3)
	testStateProofs(t, 11, s, func(r *rand.Rand) {
		s.Balances[r.IntN(len(s.Balances))]++
		s.Validators[r.IntN(len(s.Validators))].Slashed = true
	}, randomStatePaths)
}

// testStateProofs roots s in a cached tree three times, with change
// between, and each time proves 40 random paths (paths draws them) and
// verifies them against the reference root.
func testStateProofs[S any](t *testing.T, seed uint64, s *S, change func(*rand.Rand), paths func(*rand.Rand, *S, int) []string) {
	r := rand.New(rand.NewPCG(seed, seed+1))
	tr, err := cache.New[S]()
	if err != nil {
		t.Fatal(err)
	}
	for round := range 3 {
		if round > 0 {
			change(r)
		}
		if _, err := tr.Root(s); err != nil {
			t.Fatal(err)
		}
		verifyProofs(t, tr, refRoot(t, s), paths(r, s, 40))
	}
}

// verifyProofs proves each of paths (at least 20) from tr alone, the first
// 8 as one multiproof and the next 12 as one compact multiproof, and
// verifies every proof against want, the reference root.
func verifyProofs[T any](t *testing.T, tr *cache.Tree[T], want [32]byte, paths []string) {
	t.Helper()
	for _, p := range paths {
		pr, err := tr.Prove(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if !pr.Verify(want) {
			t.Fatalf("%s (gindex %d): proof does not verify against the reference root", p, pr.Index)
		}
	}
	m, err := tr.ProveMulti(paths[:8]...)
	if err != nil || !m.Verify(want) {
		t.Fatalf("multiproof of %v: %v", paths[:8], err)
	}
	c, err := tr.ProveCompact(paths[8:20]...)
	if err != nil || !c.Verify(want) {
		t.Fatalf("compact multiproof of %v: %v", paths[8:20], err)
	}
}

// TestProofLeaves checks what the leaves hold, against the value itself.
func TestProofLeaves(t *testing.T) {
	s := fulu.SyntheticBeaconState(300, 4)
	tr, _ := cache.New[fulu.BeaconState]()
	if _, err := tr.Root(s); err != nil {
		t.Fatal(err)
	}
	p, err := tr.Prove("Validators[123].EffectiveBalance")
	if err != nil {
		t.Fatal(err)
	}
	if got := binary.LittleEndian.Uint64(p.Leaf[:]); got != uint64(s.Validators[123].EffectiveBalance) {
		t.Fatalf("leaf %d, want %d", got, s.Validators[123].EffectiveBalance)
	}
	// Balances[9] shares a chunk with Balances[8..11].
	p, err = tr.Prove("Balances[9]")
	if err != nil {
		t.Fatal(err)
	}
	if got := binary.LittleEndian.Uint64(p.Leaf[8:]); got != uint64(s.Balances[9]) {
		t.Fatalf("balance leaf %d, want %d", got, s.Balances[9])
	}
	p, err = tr.Prove("Validators.__len__")
	if err != nil {
		t.Fatal(err)
	}
	if got := binary.LittleEndian.Uint64(p.Leaf[:]); got != 300 {
		t.Fatalf("length leaf %d, want 300", got)
	}
	// Inside a chunk there is nothing to prove.
	if _, err := tr.Prove("Slot[1]"); !errors.Is(err, proof.ErrPath) {
		t.Fatalf("path into a uint64: %v, want ErrPath", err)
	}
	if _, err := tr.Node(1 << 62); !errors.Is(err, proof.ErrIndex) {
		t.Fatalf("node far below a chunk: %v, want ErrIndex", err)
	}
}

// TestProvePlainValue proves from a value without a cache.
func TestProvePlainValue(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	s := fulu.SyntheticBeaconState(500, 5)
	paths := randomStatePaths(r, s, 30)
	tree, root, err := cache.TreeOf(s)
	if err != nil {
		t.Fatal(err)
	}
	want := refRoot(t, s)
	if root != want {
		t.Fatalf("root %x, reference %x", root, want)
	}
	for _, path := range paths {
		p, err := tree.Prove(path)
		if err != nil || !p.Verify(want) {
			t.Fatalf("%s: does not verify (%v)", path, err)
		}
	}
	m, err := tree.ProveMulti(paths...)
	if err != nil || !m.Verify(want) {
		t.Fatalf("multiproof does not verify (%v)", err)
	}
	if _, _, err := cache.TreeOf(s, cache.WithMode(cache.Detect)); !errors.Is(err, cache.ErrOption) {
		t.Errorf("TreeOf in Detect mode: %v, want ErrOption", err)
	}
}
