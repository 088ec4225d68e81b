package phase0

// AttestationData is the spec's AttestationData: what an attester votes
// for (head, source and target).
type AttestationData struct {
	Slot            Slot
	Index           CommitteeIndex
	BeaconBlockRoot Root
	Source          *Checkpoint
	Target          *Checkpoint
}

// Attestation is the spec's phase0 Attestation: an aggregate vote of one
// committee.
type Attestation struct {
	AggregationBits []byte `ssz:"bitlist" ssz-max:"2048" dynssz-max:"MAX_VALIDATORS_PER_COMMITTEE"`
	Data            *AttestationData
	Signature       BLSSignature
}

// IndexedAttestation is the spec's phase0 IndexedAttestation: an
// attestation with its attesters listed by validator index.
type IndexedAttestation struct {
	AttestingIndices []ValidatorIndex `ssz-max:"2048" dynssz-max:"MAX_VALIDATORS_PER_COMMITTEE"`
	Data             *AttestationData
	Signature        BLSSignature
}

// PendingAttestation is the spec's PendingAttestation: an attestation
// included in a block, kept in the phase0 state until epoch processing.
type PendingAttestation struct {
	AggregationBits []byte `ssz:"bitlist" ssz-max:"2048" dynssz-max:"MAX_VALIDATORS_PER_COMMITTEE"`
	Data            *AttestationData
	InclusionDelay  Slot
	ProposerIndex   ValidatorIndex
}
