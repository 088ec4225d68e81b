package electra

import "github.com/lanehash/lanehash/ssz/consensus/phase0"

// Attestation is the spec's electra Attestation: an aggregate vote that
// may span all committees of a slot, with committee_bits saying which.
type Attestation struct {
	AggregationBits []byte `ssz:"bitlist" ssz-max:"131072" dynssz-max:"MAX_VALIDATORS_PER_COMMITTEE*MAX_COMMITTEES_PER_SLOT"`
	Data            *phase0.AttestationData
	Signature       phase0.BLSSignature
	CommitteeBits   []byte `ssz-size:"8" dynssz-size:"(MAX_COMMITTEES_PER_SLOT+7)/8" ssz-bitsize:"64" dynssz-bitsize:"MAX_COMMITTEES_PER_SLOT"`
}

// IndexedAttestation is the spec's electra IndexedAttestation, with room
// for the attesters of every committee of a slot.
type IndexedAttestation struct {
	AttestingIndices []phase0.ValidatorIndex `ssz-max:"131072" dynssz-max:"MAX_VALIDATORS_PER_COMMITTEE*MAX_COMMITTEES_PER_SLOT"`
	Data             *phase0.AttestationData
	Signature        phase0.BLSSignature
}

// AttesterSlashing is the spec's electra AttesterSlashing: two
// conflicting electra indexed attestations.
type AttesterSlashing struct {
	Attestation1 *IndexedAttestation
	Attestation2 *IndexedAttestation
}
