package compare

import (
	fastssz "github.com/ferranbt/fastssz"
	fssz "github.com/ferranbt/fastssz/spectests"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
	"github.com/prysmaticlabs/gohashtree"
)

// go-eth2-client v0.30 ships dynamic-ssz-generated code, so fastssz is
// measured on the phase0 types its own module ships with sszgen-generated
// methods (package spectests). The adapters copy every byte slice.

// FastsszRegistryRoot returns hash_tree_root(List[Validator, 2^40]) of vals
// the way fastssz-generated code hashes a registry field: every element's
// generated HashTreeRootWith into one hasher, then one merkleization with
// the length mixed in. hh is reset first.
func FastsszRegistryRoot(hh *fastssz.Hasher, vals []*fssz.Validator) ([32]byte, error) {
	hh.Reset()
	idx := hh.Index()
	for _, v := range vals {
		if err := v.HashTreeRootWith(hh); err != nil {
			return [32]byte{}, err
		}
	}
	hh.MerkleizeWithMixin(idx, uint64(len(vals)), registryLimit)
	return hh.HashRoot()
}

// FastsszRoot returns the root of one fastssz-generated object hashed with
// hh, which is reset first: the way to run generated code on a chosen hasher.
func FastsszRoot(hh *fastssz.Hasher, v fastssz.HashRoot) ([32]byte, error) {
	hh.Reset()
	if err := v.HashTreeRootWith(hh); err != nil {
		return [32]byte{}, err
	}
	return hh.HashRoot()
}

// NewFastsszHasher returns fastssz's default hasher (sha256-simd), the one
// generated HashTreeRoot methods take from its pool.
func NewFastsszHasher() *fastssz.Hasher { return fastssz.NewHasher() }

// NewGohashtreeHasher returns a fastssz hasher whose pair function is
// gohashtree's (SHA-NI or AVX-512 by its own dispatch) instead of fastssz's
// default sha256-simd.
func NewGohashtreeHasher() *fastssz.Hasher {
	return fastssz.NewHasherWithHashFn(gohashtree.HashByteSlice)
}

// FastsszValidator converts a phase0 Validator.
func FastsszValidator(v *phase0.Validator) *fssz.Validator {
	return &fssz.Validator{
		Pubkey:                     append([]byte(nil), v.Pubkey[:]...),
		WithdrawalCredentials:      append([]byte(nil), v.WithdrawalCredentials...),
		EffectiveBalance:           uint64(v.EffectiveBalance),
		Slashed:                    v.Slashed,
		ActivationEligibilityEpoch: uint64(v.ActivationEligibilityEpoch),
		ActivationEpoch:            uint64(v.ActivationEpoch),
		ExitEpoch:                  uint64(v.ExitEpoch),
		WithdrawableEpoch:          uint64(v.WithdrawableEpoch),
	}
}

// FastsszValidators converts a registry.
func FastsszValidators(vals []phase0.Validator) []*fssz.Validator {
	out := make([]*fssz.Validator, len(vals))
	for i := range vals {
		out[i] = FastsszValidator(&vals[i])
	}
	return out
}

// FastsszCheckpoint converts a phase0 Checkpoint; nil is the zero value.
func FastsszCheckpoint(c *phase0.Checkpoint) *fssz.Checkpoint {
	if c == nil {
		c = new(phase0.Checkpoint)
	}
	return &fssz.Checkpoint{Epoch: uint64(c.Epoch), Root: append([]byte(nil), c.Root[:]...)}
}

// FastsszFork converts a phase0 Fork; nil is the zero value.
func FastsszFork(f *phase0.Fork) *fssz.Fork {
	if f == nil {
		f = new(phase0.Fork)
	}
	return &fssz.Fork{
		PreviousVersion: append([]byte(nil), f.PreviousVersion[:]...),
		CurrentVersion:  append([]byte(nil), f.CurrentVersion[:]...),
		Epoch:           uint64(f.Epoch),
	}
}

// FastsszAttestationData converts a phase0 AttestationData; nil is the zero
// value.
func FastsszAttestationData(d *phase0.AttestationData) *fssz.AttestationData {
	if d == nil {
		d = new(phase0.AttestationData)
	}
	return &fssz.AttestationData{
		Slot:            fssz.Slot(d.Slot),
		Index:           uint64(d.Index),
		BeaconBlockHash: fssz.Hash(d.BeaconBlockRoot),
		Source:          FastsszCheckpoint(d.Source),
		Target:          FastsszCheckpoint(d.Target),
	}
}

// FastsszBeaconBlockHeader converts a phase0 BeaconBlockHeader; nil is the
// zero value.
func FastsszBeaconBlockHeader(h *phase0.BeaconBlockHeader) *fssz.BeaconBlockHeader {
	if h == nil {
		h = new(phase0.BeaconBlockHeader)
	}
	return &fssz.BeaconBlockHeader{
		Slot:          uint64(h.Slot),
		ProposerIndex: uint64(h.ProposerIndex),
		ParentRoot:    append([]byte(nil), h.ParentRoot[:]...),
		StateRoot:     append([]byte(nil), h.StateRoot[:]...),
		BodyRoot:      append([]byte(nil), h.BodyRoot[:]...),
	}
}

// FastsszEth1Data converts a phase0 Eth1Data; nil is the zero value.
func FastsszEth1Data(d *phase0.Eth1Data) *fssz.Eth1Data {
	if d == nil {
		d = new(phase0.Eth1Data)
	}
	return &fssz.Eth1Data{
		DepositRoot:  append([]byte(nil), d.DepositRoot[:]...),
		DepositCount: d.DepositCount,
		BlockHash:    append([]byte(nil), d.BlockHash[:]...),
	}
}

// FastsszPendingAttestation converts a phase0 PendingAttestation; nil is the
// zero value.
func FastsszPendingAttestation(a *phase0.PendingAttestation) *fssz.PendingAttestation {
	if a == nil {
		a = new(phase0.PendingAttestation)
	}
	return &fssz.PendingAttestation{
		AggregationBits: append([]byte(nil), a.AggregationBits...),
		Data:            FastsszAttestationData(a.Data),
		InclusionDelay:  uint64(a.InclusionDelay),
		ProposerIndex:   uint64(a.ProposerIndex),
	}
}

// FastsszBeaconState converts a mainnet phase0 BeaconState.
func FastsszBeaconState(s *phase0.BeaconState) *fssz.BeaconState {
	out := &fssz.BeaconState{
		GenesisTime:                 s.GenesisTime,
		GenesisValidatorsRoot:       append([]byte(nil), s.GenesisValidatorsRoot[:]...),
		Slot:                        uint64(s.Slot),
		Fork:                        FastsszFork(s.Fork),
		LatestBlockHeader:           FastsszBeaconBlockHeader(s.LatestBlockHeader),
		BlockRoots:                  fastsszRoots(s.BlockRoots),
		StateRoots:                  fastsszRoots(s.StateRoots),
		HistoricalRoots:             fastsszRoots(s.HistoricalRoots),
		Eth1Data:                    FastsszEth1Data(s.ETH1Data),
		Eth1DataVotes:               make([]*fssz.Eth1Data, len(s.ETH1DataVotes)),
		Eth1DepositIndex:            s.ETH1DepositIndex,
		Validators:                  make([]*fssz.Validator, len(s.Validators)),
		Balances:                    make([]uint64, len(s.Balances)),
		RandaoMixes:                 fastsszRoots(s.RANDAOMixes),
		Slashings:                   make([]uint64, len(s.Slashings)),
		PreviousEpochAttestations:   make([]*fssz.PendingAttestation, len(s.PreviousEpochAttestations)),
		CurrentEpochAttestations:    make([]*fssz.PendingAttestation, len(s.CurrentEpochAttestations)),
		JustificationBits:           append([]byte(nil), s.JustificationBits[:]...),
		PreviousJustifiedCheckpoint: FastsszCheckpoint(s.PreviousJustifiedCheckpoint),
		CurrentJustifiedCheckpoint:  FastsszCheckpoint(s.CurrentJustifiedCheckpoint),
		FinalizedCheckpoint:         FastsszCheckpoint(s.FinalizedCheckpoint),
	}
	for i, d := range s.ETH1DataVotes {
		out.Eth1DataVotes[i] = FastsszEth1Data(d)
	}
	for i, v := range s.Validators {
		out.Validators[i] = FastsszValidator(v)
	}
	for i, g := range s.Balances {
		out.Balances[i] = uint64(g)
	}
	for i, g := range s.Slashings {
		out.Slashings[i] = uint64(g)
	}
	for i, a := range s.PreviousEpochAttestations {
		out.PreviousEpochAttestations[i] = FastsszPendingAttestation(a)
	}
	for i, a := range s.CurrentEpochAttestations {
		out.CurrentEpochAttestations[i] = FastsszPendingAttestation(a)
	}
	return out
}

func fastsszRoots(rs []phase0.Root) [][]byte {
	out := make([][]byte, len(rs))
	for i := range rs {
		out[i] = append([]byte(nil), rs[i][:]...)
	}
	return out
}
