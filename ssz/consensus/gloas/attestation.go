package gloas

import (
	"github.com/lanehash/lanehash/ssz/consensus/bellatrix"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Attestation is the spec's gloas Attestation, a progressive container of
// 4 fields whose aggregation bits are a ProgressiveBitList.
type Attestation struct {
	AggregationBits []byte                  `ssz-index:"0" ssz-type:"progressive-bitlist"`
	Data            *phase0.AttestationData `ssz-index:"1"`
	Signature       phase0.BLSSignature     `ssz-index:"2"`
	CommitteeBits   []byte                  `ssz-index:"3" ssz-size:"8" dynssz-size:"(MAX_COMMITTEES_PER_SLOT+7)/8" ssz-bitsize:"64" dynssz-bitsize:"MAX_COMMITTEES_PER_SLOT"`
}

// IndexedAttestation is the spec's gloas IndexedAttestation, a
// progressive container whose attesting indices are a progressive list.
type IndexedAttestation struct {
	AttestingIndices []uint64                `ssz-index:"0" ssz-type:"progressive-list"`
	Data             *phase0.AttestationData `ssz-index:"1"`
	Signature        phase0.BLSSignature     `ssz-index:"2"`
}

// AttesterSlashing is the spec's gloas AttesterSlashing: two conflicting
// gloas indexed attestations.
type AttesterSlashing struct {
	Attestation1 *IndexedAttestation
	Attestation2 *IndexedAttestation
}

// AggregateAndProof is the spec's gloas AggregateAndProof.
type AggregateAndProof struct {
	AggregatorIndex phase0.ValidatorIndex
	Aggregate       *Attestation
	SelectionProof  phase0.BLSSignature
}

// SignedAggregateAndProof is the spec's gloas SignedAggregateAndProof.
type SignedAggregateAndProof struct {
	Message   *AggregateAndProof
	Signature phase0.BLSSignature
}

// PayloadAttestationData is the spec's gloas PayloadAttestationData: what
// a payload-timeliness committee member saw of a block's payload.
type PayloadAttestationData struct {
	BeaconBlockRoot   phase0.Root
	Slot              phase0.Slot
	PayloadPresent    bool
	BlobDataAvailable bool
}

// PayloadAttestation is the spec's gloas PayloadAttestation, a
// progressive container: the aggregated votes of the payload-timeliness
// committee (PTC_SIZE bits).
type PayloadAttestation struct {
	AggregationBits []byte                  `ssz-index:"0" ssz-size:"64" dynssz-size:"(PTC_SIZE+7)/8" ssz-bitsize:"512" dynssz-bitsize:"PTC_SIZE"`
	Data            *PayloadAttestationData `ssz-index:"1"`
	Signature       phase0.BLSSignature     `ssz-index:"2"`
}

// PayloadAttestationMessage is the spec's gloas PayloadAttestationMessage:
// one committee member's vote.
type PayloadAttestationMessage struct {
	ValidatorIndex phase0.ValidatorIndex
	Data           *PayloadAttestationData
	Signature      phase0.BLSSignature
}

// IndexedPayloadAttestation is the spec's gloas IndexedPayloadAttestation,
// a progressive container whose indices stay a bounded list (PTC_SIZE).
type IndexedPayloadAttestation struct {
	AttestingIndices []phase0.ValidatorIndex `ssz-index:"0" ssz-max:"512" dynssz-max:"PTC_SIZE"`
	Data             *PayloadAttestationData `ssz-index:"1"`
	Signature        phase0.BLSSignature     `ssz-index:"2"`
}

// ProposerPreferences is the spec's gloas ProposerPreferences: what a
// proposer asks of the builders bidding for its slot.
type ProposerPreferences struct {
	DependentRoot  phase0.Root
	ProposalSlot   phase0.Slot
	ValidatorIndex phase0.ValidatorIndex
	FeeRecipient   bellatrix.ExecutionAddress
	TargetGasLimit uint64
}

// SignedProposerPreferences is the spec's gloas SignedProposerPreferences.
type SignedProposerPreferences struct {
	Message   *ProposerPreferences
	Signature phase0.BLSSignature
}
