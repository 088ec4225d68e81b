package compare

import (
	eth2 "github.com/attestantio/go-eth2-client/spec/phase0"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// The go-eth2-client types carry fastssz-generated HashTreeRoot methods and
// are what dynamic-ssz hashes in practice, so the comparison converts
// lanehash's consensus values into them once, outside any timing. Every
// byte slice is copied: the libraries must not share memory with the
// lanehash value they are checked against.

// Eth2Validator converts a phase0 Validator into go-eth2-client's type.
func Eth2Validator(v *phase0.Validator) *eth2.Validator {
	return &eth2.Validator{
		PublicKey:                  eth2.BLSPubKey(v.Pubkey),
		WithdrawalCredentials:      append([]byte(nil), v.WithdrawalCredentials...),
		EffectiveBalance:           eth2.Gwei(v.EffectiveBalance),
		Slashed:                    v.Slashed,
		ActivationEligibilityEpoch: eth2.Epoch(v.ActivationEligibilityEpoch),
		ActivationEpoch:            eth2.Epoch(v.ActivationEpoch),
		ExitEpoch:                  eth2.Epoch(v.ExitEpoch),
		WithdrawableEpoch:          eth2.Epoch(v.WithdrawableEpoch),
	}
}

// Eth2Validators converts a registry into go-eth2-client's []*Validator.
func Eth2Validators(vals []phase0.Validator) []*eth2.Validator {
	out := make([]*eth2.Validator, len(vals))
	for i := range vals {
		out[i] = Eth2Validator(&vals[i])
	}
	return out
}

// Eth2ValidatorPtrs converts a registry of pointers, as a BeaconState holds it.
func Eth2ValidatorPtrs(vals []*phase0.Validator) []*eth2.Validator {
	out := make([]*eth2.Validator, len(vals))
	for i, v := range vals {
		out[i] = Eth2Validator(v)
	}
	return out
}

// Eth2Checkpoint converts a phase0 Checkpoint; nil stays nil.
func Eth2Checkpoint(c *phase0.Checkpoint) *eth2.Checkpoint {
	if c == nil {
		return nil
	}
	return &eth2.Checkpoint{Epoch: eth2.Epoch(c.Epoch), Root: eth2.Root(c.Root)}
}

// Eth2Fork converts a phase0 Fork; nil stays nil.
func Eth2Fork(f *phase0.Fork) *eth2.Fork {
	if f == nil {
		return nil
	}
	return &eth2.Fork{
		PreviousVersion: eth2.Version(f.PreviousVersion),
		CurrentVersion:  eth2.Version(f.CurrentVersion),
		Epoch:           eth2.Epoch(f.Epoch),
	}
}

// Eth2AttestationData converts a phase0 AttestationData; nil stays nil.
func Eth2AttestationData(d *phase0.AttestationData) *eth2.AttestationData {
	if d == nil {
		return nil
	}
	return &eth2.AttestationData{
		Slot:            eth2.Slot(d.Slot),
		Index:           eth2.CommitteeIndex(d.Index),
		BeaconBlockRoot: eth2.Root(d.BeaconBlockRoot),
		Source:          Eth2Checkpoint(d.Source),
		Target:          Eth2Checkpoint(d.Target),
	}
}

// Eth2BeaconBlockHeader converts a phase0 BeaconBlockHeader; nil stays nil.
func Eth2BeaconBlockHeader(h *phase0.BeaconBlockHeader) *eth2.BeaconBlockHeader {
	if h == nil {
		return nil
	}
	return &eth2.BeaconBlockHeader{
		Slot:          eth2.Slot(h.Slot),
		ProposerIndex: eth2.ValidatorIndex(h.ProposerIndex),
		ParentRoot:    eth2.Root(h.ParentRoot),
		StateRoot:     eth2.Root(h.StateRoot),
		BodyRoot:      eth2.Root(h.BodyRoot),
	}
}

// Eth2ETH1Data converts a phase0 Eth1Data; nil stays nil.
func Eth2ETH1Data(d *phase0.Eth1Data) *eth2.ETH1Data {
	if d == nil {
		return nil
	}
	return &eth2.ETH1Data{
		DepositRoot:  eth2.Root(d.DepositRoot),
		DepositCount: d.DepositCount,
		BlockHash:    append([]byte(nil), d.BlockHash[:]...),
	}
}

// Eth2PendingAttestation converts a phase0 PendingAttestation; nil stays nil.
func Eth2PendingAttestation(a *phase0.PendingAttestation) *eth2.PendingAttestation {
	if a == nil {
		return nil
	}
	return &eth2.PendingAttestation{
		AggregationBits: append([]byte(nil), a.AggregationBits...),
		Data:            Eth2AttestationData(a.Data),
		InclusionDelay:  eth2.Slot(a.InclusionDelay),
		ProposerIndex:   eth2.ValidatorIndex(a.ProposerIndex),
	}
}

// Eth2BeaconState converts a phase0 BeaconState, every list and vector
// copied element by element.
func Eth2BeaconState(s *phase0.BeaconState) *eth2.BeaconState {
	out := &eth2.BeaconState{
		GenesisTime:                 s.GenesisTime,
		GenesisValidatorsRoot:       eth2.Root(s.GenesisValidatorsRoot),
		Slot:                        eth2.Slot(s.Slot),
		Fork:                        Eth2Fork(s.Fork),
		LatestBlockHeader:           Eth2BeaconBlockHeader(s.LatestBlockHeader),
		BlockRoots:                  eth2Roots(s.BlockRoots),
		StateRoots:                  eth2Roots(s.StateRoots),
		HistoricalRoots:             eth2Roots(s.HistoricalRoots),
		ETH1Data:                    Eth2ETH1Data(s.ETH1Data),
		ETH1DataVotes:               make([]*eth2.ETH1Data, len(s.ETH1DataVotes)),
		ETH1DepositIndex:            s.ETH1DepositIndex,
		Validators:                  Eth2ValidatorPtrs(s.Validators),
		Balances:                    eth2Gweis(s.Balances),
		RANDAOMixes:                 eth2Roots(s.RANDAOMixes),
		Slashings:                   eth2Gweis(s.Slashings),
		PreviousEpochAttestations:   make([]*eth2.PendingAttestation, len(s.PreviousEpochAttestations)),
		CurrentEpochAttestations:    make([]*eth2.PendingAttestation, len(s.CurrentEpochAttestations)),
		JustificationBits:           append([]byte(nil), s.JustificationBits[:]...),
		PreviousJustifiedCheckpoint: Eth2Checkpoint(s.PreviousJustifiedCheckpoint),
		CurrentJustifiedCheckpoint:  Eth2Checkpoint(s.CurrentJustifiedCheckpoint),
		FinalizedCheckpoint:         Eth2Checkpoint(s.FinalizedCheckpoint),
	}
	for i, d := range s.ETH1DataVotes {
		out.ETH1DataVotes[i] = Eth2ETH1Data(d)
	}
	for i, a := range s.PreviousEpochAttestations {
		out.PreviousEpochAttestations[i] = Eth2PendingAttestation(a)
	}
	for i, a := range s.CurrentEpochAttestations {
		out.CurrentEpochAttestations[i] = Eth2PendingAttestation(a)
	}
	return out
}

func eth2Roots(rs []phase0.Root) []eth2.Root {
	if rs == nil {
		return nil
	}
	out := make([]eth2.Root, len(rs))
	for i, r := range rs {
		out[i] = eth2.Root(r)
	}
	return out
}

func eth2Gweis(gs []phase0.Gwei) []eth2.Gwei {
	if gs == nil {
		return nil
	}
	out := make([]eth2.Gwei, len(gs))
	for i, g := range gs {
		out[i] = eth2.Gwei(g)
	}
	return out
}
