package cache_test

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// mutateGloasState applies one random change of the kinds a Gloas beacon
// node makes and marks it: the registry's changes (block- and epoch-like,
// deposits, truncation), a slot (roots, the bid, the payload availability
// bit), the queues and the builders, nil pointers.
func mutateGloasState(t testing.TB, r *rand.Rand, s *gloas.BeaconState, m marker, pool []phase0.Validator) {
	mark := markFatal(t, m)
	op := r.IntN(5 + commonChanges)
	if op < commonChanges {
		commonState{&s.Validators, &s.Balances, &s.PreviousEpochParticipation, &s.CurrentEpochParticipation,
			&s.InactivityScores, &s.JustificationBits, &s.FinalizedCheckpoint, &s.NextSyncCommittee}.mutate(r, op, mark, pool)
		return
	}
	switch op - commonChanges {
	case 0: // a slot
		s.Slot++
		i := int(s.Slot) % len(s.BlockRoots)
		s.BlockRoots[i][r.IntN(32)] ^= 1
		s.StateRoots[i][0] ^= 2
		s.ExecutionPayloadAvailability[i/8] ^= 1 << (i % 8)
		var bid gloas.ExecutionPayloadBid
		if s.LatestExecutionPayloadBid != nil {
			bid = *s.LatestExecutionPayloadBid
		}
		bid.Slot = s.Slot
		bid.BlockHash[0]++
		bid.BlobKZGCommitments = append(bid.BlobKZGCommitments[:len(bid.BlobKZGCommitments):len(bid.BlobKZGCommitments)], deneb.KZGCommitment{byte(i)})
		s.LatestExecutionPayloadBid = &bid
		s.LatestBlockHash[0]++
		mark("Slot")
		mark("BlockRoots", i)
		mark("StateRoots", i)
		mark("ExecutionPayloadAvailability", i) // a bit index: chunk i/256
		mark("latest_execution_payload_bid")
		mark("LatestBlockHash")
	case 1: // queues shrink and grow
		s.PendingDeposits = s.PendingDeposits[:r.IntN(len(s.PendingDeposits)+1)]
		s.PendingPartialWithdrawals = append(s.PendingPartialWithdrawals, &electra.PendingPartialWithdrawal{ValidatorIndex: 5, Amount: 7})
		s.BuilderPendingWithdrawals = append(s.BuilderPendingWithdrawals, &gloas.BuilderPendingWithdrawal{Amount: phase0.Gwei(r.Uint64())})
		s.PayloadExpectedWithdrawals = s.PayloadExpectedWithdrawals[:r.IntN(len(s.PayloadExpectedWithdrawals)+1)]
	case 2: // builders: a payment, a new builder, the PTC window
		i := r.IntN(len(s.BuilderPendingPayments))
		p := *s.BuilderPendingPayments[i]
		p.Weight++
		s.BuilderPendingPayments[i] = &p
		b := *s.Builders[r.IntN(len(s.Builders))]
		b.Balance += 7
		s.Builders = append(s.Builders, &b)
		w := r.IntN(len(s.PTCWindow))
		s.PTCWindow[w] = append([]phase0.ValidatorIndex(nil), s.PTCWindow[w]...)
		s.PTCWindow[w][r.IntN(len(s.PTCWindow[w]))]++
		mark("BuilderPendingPayments", i)
		mark("PTCWindow", w)
	case 3: // nil pointers stand for zero values
		s.Fork = nil
		s.LatestExecutionPayloadBid = nil
		mark("Fork")
		mark("LatestExecutionPayloadBid")
	default:
		s.HistoricalSummaries = append(s.HistoricalSummaries, &capella.HistoricalSummary{BlockSummaryRoot: phase0.Root{1}})
	}
}

// TestGloasStateRandom interleaves block- and epoch-like changes,
// deposits and truncations on a Gloas state (a progressive container at
// the top, progressive lists and containers inside) and compares every
// root with the reference.
func TestGloasStateRandom(t *testing.T) {
	testStateRandom(t, 15, func() *gloas.BeaconState { return gloas.SyntheticBeaconState(1000, 1) }, mutateGloasState)
}

// gloasStatePaths returns paths into every kind of node of a Gloas state:
// fields at every progressive subtree, fields of progressive and plain
// containers inside, elements of progressive and bounded lists, lengths.
func gloasStatePaths(r *rand.Rand, s *gloas.BeaconState, k int) []string {
	gen := append(commonPaths(r, len(s.Validators)),
		func() string { return "GenesisTime" },
		func() string { return "justification_bits" },
		func() string { return "LatestBlockHash" },
		func() string { return fmt.Sprintf("PendingDeposits[%d].Amount", r.IntN(len(s.PendingDeposits))) },
		func() string { return fmt.Sprintf("Builders[%d].Balance", r.IntN(len(s.Builders))) },
		func() string { return "NextWithdrawalBuilderIndex" },
		func() string { return fmt.Sprintf("ExecutionPayloadAvailability[%d]", r.IntN(8192)) },
		func() string {
			return fmt.Sprintf("BuilderPendingPayments[%d].Withdrawal.Amount", r.IntN(len(s.BuilderPendingPayments)))
		},
		func() string { return "LatestExecutionPayloadBid.BlockHash" },
		func() string { return "LatestExecutionPayloadBid.ExecutionRequestsRoot" },
		func() string { return "LatestExecutionPayloadBid.BlobKZGCommitments[0]" },
		func() string { return "LatestExecutionPayloadBid.BlobKZGCommitments.__len__" },
		func() string { return fmt.Sprintf("PTCWindow[%d][%d]", r.IntN(len(s.PTCWindow)), r.IntN(512)) },
	)
	return pickPaths(r, gen, k)
}

// TestGloasStateProofs proves random paths through the Gloas state's
// progressive containers, after changes, and verifies every proof (single,
// multi and compact) against the reference root.
func TestGloasStateProofs(t *testing.T) {
	s := gloas.SyntheticBeaconState(500, 3)
	testStateProofs(t, 17, s, func(r *rand.Rand) {
		s.Balances[r.IntN(len(s.Balances))]++
		s.Validators[r.IntN(len(s.Validators))].Slashed = true
		bid := *s.LatestExecutionPayloadBid
		bid.Value++
		s.LatestExecutionPayloadBid = &bid
	}, gloasStatePaths)
}

// TestGloasStateGIndices checks the generalized indices of the Gloas
// state against values worked out by hand from EIP-7495/7916: the state's
// 46 positions fill progressive subtrees of 1, 4, 16 and 64 chunks (positions
// 0, 1–4, 5–20, 21–84), whose roots sit at 4, 10, 22 and 46 below the
// mix-in (data root 2, spine 5, 11, 23); a chunk at offset o of subtree k
// is that root·4^k + o. Each proof's leaf is checked against the value.
func TestGloasStateGIndices(t *testing.T) {
	s := gloas.SyntheticBeaconState(200, 4)
	tr, err := cache.New[gloas.BeaconState]()
	if err != nil {
		t.Fatal(err)
	}
	want, err := tr.Root(s)
	if err != nil {
		t.Fatal(err)
	}
	u64 := func(v uint64) [32]byte {
		var c [32]byte
		binary.LittleEndian.PutUint64(c[:], v)
		return c
	}
	cases := []struct {
		path string
		g    proof.GIndex
		leaf [32]byte
	}{
		{"GenesisTime", 4, u64(s.GenesisTime)},                                                // position 0
		{"Slot", 10*4 + 1, u64(uint64(s.Slot))},                                               // position 2
		{"ETH1DepositIndex", 22*16 + 5, u64(s.ETH1DepositIndex)},                              // position 10
		{"FinalizedCheckpoint.Root", 2*(22*16+15) + 1, s.FinalizedCheckpoint.Root},            // position 20, field 1 of 2
		{"LatestBlockHash", 46*64 + 3, s.LatestBlockHash},                                     // position 24
		{"NextWithdrawalBuilderIndex", 46*64 + 18, u64(uint64(s.NextWithdrawalBuilderIndex))}, // position 39
		// position 43, then the bid's position 2 (its own subtree 1, offset 1)
		{"LatestExecutionPayloadBid.BlockHash", (46*64+22)<<5 | (10*4 + 1 - 32), s.LatestExecutionPayloadBid.BlockHash},
	}
	for _, c := range cases {
		g, err := tr.GIndex(c.path)
		if err != nil || g != c.g {
			t.Fatalf("gindex of %s: %d (%v), want %d", c.path, g, err, c.g)
		}
		p, err := tr.Prove(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if p.Leaf != c.leaf || !p.Verify(want) {
			t.Fatalf("%s: leaf %x (want %x), verifies %v", c.path, p.Leaf, c.leaf, p.Verify(want))
		}
	}
}
