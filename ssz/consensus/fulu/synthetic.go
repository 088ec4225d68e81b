package fulu

import (
	"math/rand/v2"

	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/internal/synth"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Mainnet preset sizes and history of the synthetic states.
const (
	mainnetSlotsPerEpoch             = 32
	mainnetSlotsPerHistoricalRoot    = 8192
	mainnetEpochsPerHistoricalVector = 65536
	mainnetEpochsPerSlashingsVector  = 8192
	mainnetSyncCommitteeSize         = 512
	mainnetProposerLookahead         = 2 * mainnetSlotsPerEpoch // (MIN_SEED_LOOKAHEAD+1)*SLOTS_PER_EPOCH
	mainnetGenesisTime               = 1606824023
	// capellaEpoch is mainnet's CAPELLA_FORK_EPOCH: historical_roots
	// stopped growing there and historical_summaries started.
	capellaEpoch = 194048
)

// SyntheticBeaconState returns a deterministic fulu BeaconState with the
// mainnet preset's vector sizes at phase0.SyntheticSlot, holding
// phase0.RandomValidators(n, seed) and matching balances, participation
// flags and inactivity scores, random roots, sync committees drawn from
// the registry, historical roots and summaries as long as mainnet's
// history implies, a few pending deposits, withdrawals and consolidations,
// and a proposer lookahead. Encode and hash it with the mainnet spec
// values (the default).
func SyntheticBeaconState(n int, seed uint64) *BeaconState {
	r := synth.New(seed, synth.StreamFuluState)
	vals := phase0.RandomValidators(n, seed)
	ptrs := make([]*phase0.Validator, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	slot := phase0.SyntheticSlot
	cur := phase0.SyntheticEpoch
	s := &BeaconState{
		GenesisTime:           mainnetGenesisTime,
		GenesisValidatorsRoot: synth.Bytes32(r),
		Slot:                  slot,
		Fork:                  &phase0.Fork{PreviousVersion: phase0.Version{5}, CurrentVersion: phase0.Version{6}, Epoch: cur - 1000},
		LatestBlockHeader: &phase0.BeaconBlockHeader{
			Slot:          slot - 1,
			ProposerIndex: randomIndex(r, n),
			ParentRoot:    synth.Bytes32(r),
			StateRoot:     synth.Bytes32(r),
			BodyRoot:      synth.Bytes32(r),
		},
		BlockRoots:                    synth.Roots[phase0.Root](r, mainnetSlotsPerHistoricalRoot),
		StateRoots:                    synth.Roots[phase0.Root](r, mainnetSlotsPerHistoricalRoot),
		HistoricalRoots:               synth.Roots[phase0.Root](r, capellaEpoch*mainnetSlotsPerEpoch/mainnetSlotsPerHistoricalRoot),
		ETH1Data:                      &phase0.Eth1Data{DepositRoot: synth.Bytes32(r), DepositCount: uint64(n), BlockHash: synth.Bytes32(r)},
		ETH1DepositIndex:              uint64(n),
		Validators:                    ptrs,
		Balances:                      phase0.SyntheticBalances(vals, seed),
		RANDAOMixes:                   synth.Roots[phase0.Root](r, mainnetEpochsPerHistoricalVector),
		Slashings:                     make([]phase0.Gwei, mainnetEpochsPerSlashingsVector),
		PreviousEpochParticipation:    randomParticipation(r, n),
		CurrentEpochParticipation:     randomParticipation(r, n),
		JustificationBits:             [1]byte{0x07},
		PreviousJustifiedCheckpoint:   &phase0.Checkpoint{Epoch: cur - 2, Root: synth.Bytes32(r)},
		CurrentJustifiedCheckpoint:    &phase0.Checkpoint{Epoch: cur - 1, Root: synth.Bytes32(r)},
		FinalizedCheckpoint:           &phase0.Checkpoint{Epoch: cur - 2, Root: synth.Bytes32(r)},
		InactivityScores:              randomInactivityScores(r, n),
		CurrentSyncCommittee:          randomSyncCommittee(r, vals),
		NextSyncCommittee:             randomSyncCommittee(r, vals),
		LatestExecutionPayloadHeader:  randomPayloadHeader(r),
		NextWithdrawalIndex:           capella.WithdrawalIndex(100_000_000 + r.IntN(1_000_000)),
		NextWithdrawalValidatorIndex:  randomIndex(r, n),
		HistoricalSummaries:           randomHistoricalSummaries(r, int((uint64(slot)-capellaEpoch*mainnetSlotsPerEpoch)/mainnetSlotsPerHistoricalRoot)),
		DepositRequestsStartIndex:     uint64(n) / 2,
		DepositBalanceToConsume:       phase0.Gwei(r.Uint64N(256)) * 1_000_000_000,
		ExitBalanceToConsume:          phase0.Gwei(r.Uint64N(256)) * 1_000_000_000,
		EarliestExitEpoch:             cur + 5,
		ConsolidationBalanceToConsume: phase0.Gwei(r.Uint64N(256)) * 1_000_000_000,
		EarliestConsolidationEpoch:    cur + 5,
		PendingDeposits:               randomPendingDeposits(r, 64),
		PendingPartialWithdrawals:     randomPendingPartialWithdrawals(r, n, 16),
		PendingConsolidations:         randomPendingConsolidations(r, n, 8),
		ProposerLookahead:             make([]phase0.ValidatorIndex, mainnetProposerLookahead),
	}
	for i := range s.Slashings {
		if r.IntN(500) == 0 {
			s.Slashings[i] = phase0.Gwei(1+r.IntN(32)) * 1_000_000_000
		}
	}
	for i := range s.ProposerLookahead {
		s.ProposerLookahead[i] = randomIndex(r, n)
	}
	return s
}

func randomIndex(r *rand.Rand, n int) phase0.ValidatorIndex {
	if n <= 0 {
		return 0
	}
	return phase0.ValidatorIndex(r.IntN(n))
}

// randomParticipation gives most validators all three timely flags
// (source, target, head), as on mainnet.
func randomParticipation(r *rand.Rand, n int) []altair.ParticipationFlags {
	out := make([]altair.ParticipationFlags, max(n, 0))
	for i := range out {
		if r.IntN(100) < 95 {
			out[i] = 0b111
		} else {
			out[i] = altair.ParticipationFlags(r.IntN(8))
		}
	}
	return out
}

// randomInactivityScores leaves almost everyone at zero, as on a
// finalizing chain.
func randomInactivityScores(r *rand.Rand, n int) []uint64 {
	out := make([]uint64, max(n, 0))
	for i := range out {
		if r.IntN(100) == 0 {
			out[i] = uint64(r.IntN(64))
		}
	}
	return out
}

func randomSyncCommittee(r *rand.Rand, vals []phase0.Validator) *altair.SyncCommittee {
	c := &altair.SyncCommittee{Pubkeys: make([]phase0.BLSPubKey, mainnetSyncCommitteeSize)}
	for i := range c.Pubkeys {
		if len(vals) > 0 {
			c.Pubkeys[i] = vals[r.IntN(len(vals))].Pubkey
		}
	}
	synth.Fill(r, c.AggregatePubkey[:])
	c.AggregatePubkey[0] = c.AggregatePubkey[0]&0x1f | 0x80
	return c
}

func randomPayloadHeader(r *rand.Rand) *ExecutionPayloadHeader {
	h := &ExecutionPayloadHeader{
		ParentHash:       synth.Bytes32(r),
		StateRoot:        synth.Bytes32(r),
		ReceiptsRoot:     synth.Bytes32(r),
		PrevRandao:       synth.Bytes32(r),
		BlockNumber:      23_000_000 + r.Uint64N(1_000_000),
		GasLimit:         45_000_000,
		GasUsed:          r.Uint64N(45_000_000),
		Timestamp:        1_790_000_000 + r.Uint64N(1_000_000),
		ExtraData:        []byte("lanehash synthetic"),
		BaseFeePerGas:    uint256.NewInt(r.Uint64N(50_000_000_000)),
		BlockHash:        synth.Bytes32(r),
		TransactionsRoot: synth.Bytes32(r),
		WithdrawalsRoot:  synth.Bytes32(r),
		BlobGasUsed:      131072 * r.Uint64N(10),
		ExcessBlobGas:    r.Uint64N(1 << 24),
	}
	synth.Fill(r, h.FeeRecipient[:])
	synth.Fill(r, h.LogsBloom[:])
	return h
}

func randomHistoricalSummaries(r *rand.Rand, n int) []*HistoricalSummary {
	out := make([]*HistoricalSummary, n)
	for i := range out {
		out[i] = &HistoricalSummary{BlockSummaryRoot: synth.Bytes32(r), StateSummaryRoot: synth.Bytes32(r)}
	}
	return out
}

func randomPendingDeposits(r *rand.Rand, n int) []*PendingDeposit {
	out := make([]*PendingDeposit, n)
	for i := range out {
		d := &PendingDeposit{
			Amount: 32 * 1_000_000_000,
			Slot:   phase0.SyntheticSlot - phase0.Slot(r.IntN(1000)),
		}
		synth.Fill(r, d.Pubkey[:])
		d.WithdrawalCredentials[0] = 0x01
		synth.Fill(r, d.WithdrawalCredentials[12:])
		synth.Fill(r, d.Signature[:])
		out[i] = d
	}
	return out
}

func randomPendingPartialWithdrawals(r *rand.Rand, vals, n int) []*PendingPartialWithdrawal {
	out := make([]*PendingPartialWithdrawal, n)
	for i := range out {
		out[i] = &PendingPartialWithdrawal{
			ValidatorIndex:    randomIndex(r, vals),
			Amount:            phase0.Gwei(r.Uint64N(1_000_000_000)),
			WithdrawableEpoch: phase0.SyntheticEpoch + phase0.Epoch(r.IntN(256)),
		}
	}
	return out
}

func randomPendingConsolidations(r *rand.Rand, vals, n int) []*PendingConsolidation {
	out := make([]*PendingConsolidation, n)
	for i := range out {
		out[i] = &PendingConsolidation{SourceIndex: randomIndex(r, vals), TargetIndex: randomIndex(r, vals)}
	}
	return out
}
