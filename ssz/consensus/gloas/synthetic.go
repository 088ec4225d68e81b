package gloas

import (
	"math/rand/v2"

	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/internal/synth"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Mainnet preset sizes of the Gloas-only state fields.
const (
	mainnetSlotsPerEpoch          = 32
	mainnetSlotsPerHistoricalRoot = 8192
	mainnetPTCSize                = 512
	mainnetPTCWindow              = 3 * mainnetSlotsPerEpoch // (2+MIN_SEED_LOOKAHEAD)*SLOTS_PER_EPOCH
	syntheticBuilders             = 256
)

// SyntheticBeaconState returns a deterministic gloas BeaconState with the
// mainnet preset's vector sizes: every field the two forks share is
// fulu.SyntheticBeaconState(n, seed)'s (the same validators, balances,
// participation, history and queues, shared rather than copied), and the
// Gloas fields hold a registry of 256 builders, a full window of builder
// pending payments, a few pending builder withdrawals, a latest bid with
// blob commitments, the expected withdrawals, the payload availability
// bits and a payload-timeliness committee window drawn from the
// registry. Hash it with the mainnet spec values (the default). Putting
// it next to the fulu state of the same n and seed compares the two
// forks on the same registry.
func SyntheticBeaconState(n int, seed uint64) *BeaconState {
	f := fulu.SyntheticBeaconState(n, seed)
	r := synth.New(seed, synth.StreamGloasState)
	s := &BeaconState{
		GenesisTime:                   f.GenesisTime,
		GenesisValidatorsRoot:         f.GenesisValidatorsRoot,
		Slot:                          f.Slot,
		Fork:                          f.Fork,
		LatestBlockHeader:             f.LatestBlockHeader,
		BlockRoots:                    f.BlockRoots,
		StateRoots:                    f.StateRoots,
		HistoricalRoots:               f.HistoricalRoots,
		ETH1Data:                      f.ETH1Data,
		ETH1DataVotes:                 f.ETH1DataVotes,
		ETH1DepositIndex:              f.ETH1DepositIndex,
		Validators:                    f.Validators,
		Balances:                      f.Balances,
		RANDAOMixes:                   f.RANDAOMixes,
		Slashings:                     f.Slashings,
		PreviousEpochParticipation:    f.PreviousEpochParticipation,
		CurrentEpochParticipation:     f.CurrentEpochParticipation,
		JustificationBits:             f.JustificationBits,
		PreviousJustifiedCheckpoint:   f.PreviousJustifiedCheckpoint,
		CurrentJustifiedCheckpoint:    f.CurrentJustifiedCheckpoint,
		FinalizedCheckpoint:           f.FinalizedCheckpoint,
		InactivityScores:              f.InactivityScores,
		CurrentSyncCommittee:          f.CurrentSyncCommittee,
		NextSyncCommittee:             f.NextSyncCommittee,
		LatestBlockHash:               f.LatestExecutionPayloadHeader.BlockHash,
		NextWithdrawalIndex:           f.NextWithdrawalIndex,
		NextWithdrawalValidatorIndex:  f.NextWithdrawalValidatorIndex,
		HistoricalSummaries:           f.HistoricalSummaries,
		DepositRequestsStartIndex:     f.DepositRequestsStartIndex,
		DepositBalanceToConsume:       f.DepositBalanceToConsume,
		ExitBalanceToConsume:          f.ExitBalanceToConsume,
		EarliestExitEpoch:             f.EarliestExitEpoch,
		ConsolidationBalanceToConsume: f.ConsolidationBalanceToConsume,
		EarliestConsolidationEpoch:    f.EarliestConsolidationEpoch,
		PendingDeposits:               f.PendingDeposits,
		PendingPartialWithdrawals:     f.PendingPartialWithdrawals,
		PendingConsolidations:         f.PendingConsolidations,
		ProposerLookahead:             f.ProposerLookahead,
		Builders:                      randomBuilders(r, syntheticBuilders),
		NextWithdrawalBuilderIndex:    BuilderIndex(r.IntN(syntheticBuilders)),
		ExecutionPayloadAvailability:  make([]byte, mainnetSlotsPerHistoricalRoot/8),
		BuilderPendingPayments:        make([]*BuilderPendingPayment, 2*mainnetSlotsPerEpoch),
		BuilderPendingWithdrawals:     make([]*BuilderPendingWithdrawal, 8),
		LatestExecutionPayloadBid:     randomBid(r, f.Slot),
		PayloadExpectedWithdrawals:    make([]*capella.Withdrawal, 16),
		PTCWindow:                     make([][]phase0.ValidatorIndex, mainnetPTCWindow),
	}
	synth.Fill(r, s.ExecutionPayloadAvailability)
	for i := range s.BuilderPendingPayments {
		s.BuilderPendingPayments[i] = &BuilderPendingPayment{
			Weight:        phase0.Gwei(r.Uint64N(1 << 40)),
			Withdrawal:    randomBuilderWithdrawal(r),
			ProposerIndex: randomIndex(r, n),
		}
	}
	for i := range s.BuilderPendingWithdrawals {
		s.BuilderPendingWithdrawals[i] = randomBuilderWithdrawal(r)
	}
	for i := range s.PayloadExpectedWithdrawals {
		w := &capella.Withdrawal{
			Index:          f.NextWithdrawalIndex + capella.WithdrawalIndex(i),
			ValidatorIndex: randomIndex(r, n),
			Amount:         phase0.Gwei(r.Uint64N(100_000_000)),
		}
		synth.Fill(r, w.Address[:])
		s.PayloadExpectedWithdrawals[i] = w
	}
	for i := range s.PTCWindow {
		s.PTCWindow[i] = make([]phase0.ValidatorIndex, mainnetPTCSize)
		for j := range s.PTCWindow[i] {
			s.PTCWindow[i][j] = randomIndex(r, n)
		}
	}
	return s
}

func randomIndex(r *rand.Rand, n int) phase0.ValidatorIndex {
	if n <= 0 {
		return 0
	}
	return phase0.ValidatorIndex(r.IntN(n))
}

func randomBuilders(r *rand.Rand, n int) []*Builder {
	out := make([]*Builder, n)
	for i := range out {
		b := &Builder{
			Balance:           phase0.Gwei(r.Uint64N(1<<45) + 1_000_000_000),
			DepositEpoch:      phase0.SyntheticEpoch - phase0.Epoch(r.IntN(10_000)),
			WithdrawableEpoch: phase0.Epoch(1<<64 - 1),
		}
		synth.Fill(r, b.Pubkey[:])
		synth.Fill(r, b.ExecutionAddress[:])
		out[i] = b
	}
	return out
}

func randomBuilderWithdrawal(r *rand.Rand) *BuilderPendingWithdrawal {
	w := &BuilderPendingWithdrawal{
		Amount:       phase0.Gwei(r.Uint64N(1 << 36)),
		BuilderIndex: BuilderIndex(r.IntN(syntheticBuilders)),
	}
	synth.Fill(r, w.FeeRecipient[:])
	return w
}

func randomBid(r *rand.Rand, slot phase0.Slot) *ExecutionPayloadBid {
	b := &ExecutionPayloadBid{
		ParentBlockHash:       synth.Bytes32(r),
		ParentBlockRoot:       synth.Bytes32(r),
		BlockHash:             synth.Bytes32(r),
		PrevRandao:            synth.Bytes32(r),
		GasLimit:              45_000_000,
		BuilderIndex:          BuilderIndex(r.IntN(syntheticBuilders)),
		Slot:                  slot,
		Value:                 phase0.Gwei(r.Uint64N(1 << 30)),
		ExecutionPayment:      phase0.Gwei(r.Uint64N(1 << 20)),
		BlobKZGCommitments:    make([]deneb.KZGCommitment, 6),
		ExecutionRequestsRoot: synth.Bytes32(r),
	}
	synth.Fill(r, b.FeeRecipient[:])
	for i := range b.BlobKZGCommitments {
		synth.Fill(r, b.BlobKZGCommitments[i][:])
	}
	return b
}
