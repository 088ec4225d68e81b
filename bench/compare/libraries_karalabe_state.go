package compare

import (
	"fmt"

	"github.com/karalabe/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Mainnet phase0 state sizes: karalabe/ssz declares vectors as Go arrays.
const (
	slotsPerHistoricalRoot    = 8192
	epochsPerHistoricalVector = 65536
	epochsPerSlashingsVector  = 8192
	historicalRootsLimit      = 16777216
	eth1DataVotesLimit        = 2048
	pendingAttestationsLimit  = 4096
)

// KaralabeBeaconState is the mainnet phase0 BeaconState for karalabe/ssz.
type KaralabeBeaconState struct {
	GenesisTime                 uint64
	GenesisValidatorsRoot       [32]byte
	Slot                        uint64
	Fork                        *KaralabeFork
	LatestBlockHeader           *KaralabeBeaconBlockHeader
	BlockRoots                  [slotsPerHistoricalRoot][32]byte
	StateRoots                  [slotsPerHistoricalRoot][32]byte
	HistoricalRoots             [][32]byte
	Eth1Data                    *KaralabeEth1Data
	Eth1DataVotes               []*KaralabeEth1Data
	Eth1DepositIndex            uint64
	Validators                  []*KaralabeValidator
	Balances                    []uint64
	RandaoMixes                 [epochsPerHistoricalVector][32]byte
	Slashings                   [epochsPerSlashingsVector]uint64
	PreviousEpochAttestations   []*KaralabePendingAttestation
	CurrentEpochAttestations    []*KaralabePendingAttestation
	JustificationBits           [1]byte
	PreviousJustifiedCheckpoint *KaralabeCheckpoint
	CurrentJustifiedCheckpoint  *KaralabeCheckpoint
	FinalizedCheckpoint         *KaralabeCheckpoint
}

// SizeSSZ returns the state's serialized size (fixed part only when fixed).
func (s *KaralabeBeaconState) SizeSSZ(siz *ssz.Sizer, fixed bool) uint32 {
	size := uint32(8 + 32 + 8 + 16 + 112 + 2*slotsPerHistoricalRoot*32 + 4 + 72 + 4 + 8 + 4 + 4 +
		epochsPerHistoricalVector*32 + epochsPerSlashingsVector*8 + 4 + 4 + 1 + 3*40)
	if fixed {
		return size
	}
	size += ssz.SizeSliceOfStaticBytes(siz, s.HistoricalRoots)
	size += ssz.SizeSliceOfStaticObjects(siz, s.Eth1DataVotes)
	size += ssz.SizeSliceOfStaticObjects(siz, s.Validators)
	size += ssz.SizeSliceOfUint64s(siz, s.Balances)
	size += ssz.SizeSliceOfDynamicObjects(siz, s.PreviousEpochAttestations)
	size += ssz.SizeSliceOfDynamicObjects(siz, s.CurrentEpochAttestations)
	return size
}

// DefineSSZ lists the state's fields in SSZ order: the fixed part with the
// offsets of the variable fields, then the variable fields' contents.
func (s *KaralabeBeaconState) DefineSSZ(c *ssz.Codec) {
	ssz.DefineUint64(c, &s.GenesisTime)
	ssz.DefineStaticBytes(c, &s.GenesisValidatorsRoot)
	ssz.DefineUint64(c, &s.Slot)
	ssz.DefineStaticObject(c, &s.Fork)
	ssz.DefineStaticObject(c, &s.LatestBlockHeader)
	ssz.DefineUnsafeArrayOfStaticBytes(c, s.BlockRoots[:])
	ssz.DefineUnsafeArrayOfStaticBytes(c, s.StateRoots[:])
	ssz.DefineSliceOfStaticBytesOffset(c, &s.HistoricalRoots, historicalRootsLimit)
	ssz.DefineStaticObject(c, &s.Eth1Data)
	ssz.DefineSliceOfStaticObjectsOffset(c, &s.Eth1DataVotes, eth1DataVotesLimit)
	ssz.DefineUint64(c, &s.Eth1DepositIndex)
	ssz.DefineSliceOfStaticObjectsOffset(c, &s.Validators, registryLimit)
	ssz.DefineSliceOfUint64sOffset(c, &s.Balances, registryLimit)
	ssz.DefineUnsafeArrayOfStaticBytes(c, s.RandaoMixes[:])
	ssz.DefineArrayOfUint64s(c, &s.Slashings)
	ssz.DefineSliceOfDynamicObjectsOffset(c, &s.PreviousEpochAttestations, pendingAttestationsLimit)
	ssz.DefineSliceOfDynamicObjectsOffset(c, &s.CurrentEpochAttestations, pendingAttestationsLimit)
	ssz.DefineArrayOfBits(c, &s.JustificationBits, 4)
	ssz.DefineStaticObject(c, &s.PreviousJustifiedCheckpoint)
	ssz.DefineStaticObject(c, &s.CurrentJustifiedCheckpoint)
	ssz.DefineStaticObject(c, &s.FinalizedCheckpoint)

	ssz.DefineSliceOfStaticBytesContent(c, &s.HistoricalRoots, historicalRootsLimit)
	ssz.DefineSliceOfStaticObjectsContent(c, &s.Eth1DataVotes, eth1DataVotesLimit)
	ssz.DefineSliceOfStaticObjectsContent(c, &s.Validators, registryLimit)
	ssz.DefineSliceOfUint64sContent(c, &s.Balances, registryLimit)
	ssz.DefineSliceOfDynamicObjectsContent(c, &s.PreviousEpochAttestations, pendingAttestationsLimit)
	ssz.DefineSliceOfDynamicObjectsContent(c, &s.CurrentEpochAttestations, pendingAttestationsLimit)
}

// NewKaralabeBeaconState converts a mainnet phase0 BeaconState. Its vectors
// must have their mainnet lengths (or be empty, the zero vector); anything
// else is an error naming the field, since the Go arrays cannot hold it.
func NewKaralabeBeaconState(s *phase0.BeaconState) (*KaralabeBeaconState, error) {
	out := &KaralabeBeaconState{
		GenesisTime:                 s.GenesisTime,
		GenesisValidatorsRoot:       s.GenesisValidatorsRoot,
		Slot:                        uint64(s.Slot),
		Fork:                        NewKaralabeFork(s.Fork),
		LatestBlockHeader:           NewKaralabeBeaconBlockHeader(s.LatestBlockHeader),
		HistoricalRoots:             make([][32]byte, len(s.HistoricalRoots)),
		Eth1Data:                    NewKaralabeEth1Data(s.ETH1Data),
		Eth1DataVotes:               make([]*KaralabeEth1Data, len(s.ETH1DataVotes)),
		Eth1DepositIndex:            s.ETH1DepositIndex,
		Validators:                  make([]*KaralabeValidator, len(s.Validators)),
		Balances:                    make([]uint64, len(s.Balances)),
		PreviousEpochAttestations:   make([]*KaralabePendingAttestation, len(s.PreviousEpochAttestations)),
		CurrentEpochAttestations:    make([]*KaralabePendingAttestation, len(s.CurrentEpochAttestations)),
		JustificationBits:           s.JustificationBits,
		PreviousJustifiedCheckpoint: NewKaralabeCheckpoint(s.PreviousJustifiedCheckpoint),
		CurrentJustifiedCheckpoint:  NewKaralabeCheckpoint(s.CurrentJustifiedCheckpoint),
		FinalizedCheckpoint:         NewKaralabeCheckpoint(s.FinalizedCheckpoint),
	}
	if err := copyRoots(out.BlockRoots[:], s.BlockRoots, "BlockRoots"); err != nil {
		return nil, err
	}
	if err := copyRoots(out.StateRoots[:], s.StateRoots, "StateRoots"); err != nil {
		return nil, err
	}
	if err := copyRoots(out.RandaoMixes[:], s.RANDAOMixes, "RANDAOMixes"); err != nil {
		return nil, err
	}
	if n := len(s.Slashings); n != 0 && n != epochsPerSlashingsVector {
		return nil, fmt.Errorf("karalabe state: Slashings has %d elements, want %d", n, epochsPerSlashingsVector)
	}
	for i, g := range s.Slashings {
		out.Slashings[i] = uint64(g)
	}
	for i, r := range s.HistoricalRoots {
		out.HistoricalRoots[i] = r
	}
	for i, d := range s.ETH1DataVotes {
		out.Eth1DataVotes[i] = NewKaralabeEth1Data(d)
	}
	for i, v := range s.Validators {
		if v == nil {
			return nil, fmt.Errorf("karalabe state: Validators[%d] is nil", i)
		}
		out.Validators[i] = NewKaralabeValidator(v)
	}
	for i, g := range s.Balances {
		out.Balances[i] = uint64(g)
	}
	for i, a := range s.PreviousEpochAttestations {
		out.PreviousEpochAttestations[i] = NewKaralabePendingAttestation(a)
	}
	for i, a := range s.CurrentEpochAttestations {
		out.CurrentEpochAttestations[i] = NewKaralabePendingAttestation(a)
	}
	return out, nil
}

func copyRoots(dst [][32]byte, src []phase0.Root, field string) error {
	if len(src) != 0 && len(src) != len(dst) {
		return fmt.Errorf("karalabe state: %s has %d roots, want %d", field, len(src), len(dst))
	}
	for i, r := range src {
		dst[i] = r
	}
	return nil
}
