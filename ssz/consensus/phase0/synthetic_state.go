package phase0

import (
	"math/rand/v2"

	"github.com/lanehash/lanehash/ssz/consensus/internal/synth"
)

// Mainnet preset sizes of the synthetic states (the static ssz-* tag
// values of BeaconState).
const (
	mainnetSlotsPerEpoch             = 32
	mainnetSlotsPerHistoricalRoot    = 8192
	mainnetEpochsPerHistoricalVector = 65536
	mainnetEpochsPerSlashingsVector  = 8192
	mainnetMaxCommitteesPerSlot      = 64
	mainnetTargetCommitteeSize       = 128
	mainnetMaxCommitteeSize          = 2048
	mainnetMaxPendingAttestations    = 128 * mainnetSlotsPerEpoch
	mainnetGenesisTime               = 1606824023
)

// SyntheticSlot is the slot synthetic states are at: a few slots into
// SyntheticEpoch.
const SyntheticSlot = Slot(uint64(SyntheticEpoch)*mainnetSlotsPerEpoch + 5)

// SyntheticBeaconState returns a deterministic phase0 BeaconState with
// the mainnet preset's vector sizes, holding RandomValidators(n, seed)
// and matching balances, random block, state and RANDAO roots, a
// historical_roots list as long as SyntheticSlot implies, and one epoch
// of pending attestations sized for n validators. Encode and hash it
// with the mainnet spec values (the default).
func SyntheticBeaconState(n int, seed uint64) *BeaconState {
	r := synth.New(seed, synth.StreamPhase0State)
	vals := RandomValidators(n, seed)
	ptrs := make([]*Validator, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	cur := SyntheticEpoch
	s := &BeaconState{
		GenesisTime:           mainnetGenesisTime,
		GenesisValidatorsRoot: synth.Bytes32(r),
		Slot:                  SyntheticSlot,
		Fork:                  &Fork{Epoch: 0},
		LatestBlockHeader: &BeaconBlockHeader{
			Slot:          SyntheticSlot - 1,
			ProposerIndex: randomIndex(r, n),
			ParentRoot:    synth.Bytes32(r),
			StateRoot:     synth.Bytes32(r),
			BodyRoot:      synth.Bytes32(r),
		},
		BlockRoots:       synth.Roots[Root](r, mainnetSlotsPerHistoricalRoot),
		StateRoots:       synth.Roots[Root](r, mainnetSlotsPerHistoricalRoot),
		HistoricalRoots:  synth.Roots[Root](r, int(SyntheticSlot/mainnetSlotsPerHistoricalRoot)),
		ETH1Data:         randomEth1Data(r, uint64(n)),
		ETH1DataVotes:    make([]*Eth1Data, 5*mainnetSlotsPerEpoch),
		ETH1DepositIndex: uint64(n),
		Validators:       ptrs,
		Balances:         SyntheticBalances(vals, seed),
		RANDAOMixes:      synth.Roots[Root](r, mainnetEpochsPerHistoricalVector),
		Slashings:        make([]Gwei, mainnetEpochsPerSlashingsVector),
		// Justified in the last three epochs.
		JustificationBits:           [1]byte{0x07},
		PreviousJustifiedCheckpoint: &Checkpoint{Epoch: cur - 2, Root: synth.Bytes32(r)},
		CurrentJustifiedCheckpoint:  &Checkpoint{Epoch: cur - 1, Root: synth.Bytes32(r)},
		FinalizedCheckpoint:         &Checkpoint{Epoch: cur - 2, Root: synth.Bytes32(r)},
	}
	for i := range s.ETH1DataVotes {
		s.ETH1DataVotes[i] = randomEth1Data(r, uint64(n))
	}
	for i := range s.Slashings {
		if r.IntN(500) == 0 {
			s.Slashings[i] = Gwei(1+r.IntN(32)) * gweiPerETH
		}
	}
	s.PreviousEpochAttestations = randomPendingAttestations(r, n, cur-1)
	s.CurrentEpochAttestations = randomPendingAttestations(r, n, cur)
	return s
}

func randomIndex(r *rand.Rand, n int) ValidatorIndex {
	if n <= 0 {
		return 0
	}
	return ValidatorIndex(r.IntN(n))
}

func randomEth1Data(r *rand.Rand, deposits uint64) *Eth1Data {
	return &Eth1Data{DepositRoot: synth.Bytes32(r), DepositCount: deposits, BlockHash: synth.Bytes32(r)}
}

// randomPendingAttestations returns one aggregate per committee of the
// epoch, with committees sized the way the spec's shuffling sizes them
// for n validators, each with about 97% of its members voting.
func randomPendingAttestations(r *rand.Rand, n int, epoch Epoch) []*PendingAttestation {
	if n <= 0 {
		return nil
	}
	perSlot := min(max(n/mainnetSlotsPerEpoch/mainnetTargetCommitteeSize, 1), mainnetMaxCommitteesPerSlot)
	size := min(max(n/(mainnetSlotsPerEpoch*perSlot), 1), mainnetMaxCommitteeSize)
	count := min(mainnetSlotsPerEpoch*perSlot, mainnetMaxPendingAttestations)
	target := &Checkpoint{Epoch: epoch, Root: synth.Bytes32(r)}
	source := &Checkpoint{Epoch: epoch - 1, Root: synth.Bytes32(r)}
	out := make([]*PendingAttestation, count)
	for i := range out {
		slot := Slot(uint64(epoch)*mainnetSlotsPerEpoch) + Slot(i/perSlot)
		out[i] = &PendingAttestation{
			AggregationBits: randomBitlist(r, size),
			Data: &AttestationData{
				Slot:            slot,
				Index:           CommitteeIndex(i % perSlot),
				BeaconBlockRoot: synth.Bytes32(r),
				Source:          source,
				Target:          target,
			},
			InclusionDelay: Slot(1 + r.IntN(2)),
			ProposerIndex:  randomIndex(r, n),
		}
	}
	return out
}

// randomBitlist returns the SSZ bytes of a bitlist of length bits, its
// delimiter bit included.
func randomBitlist(r *rand.Rand, bits int) []byte {
	b := make([]byte, bits/8+1)
	for i := range bits {
		if r.IntN(100) < 97 {
			b[i/8] |= 1 << (i % 8)
		}
	}
	b[bits/8] |= 1 << (bits % 8)
	return b
}
