package phase0

// SignedBeaconBlockHeader is the spec's SignedBeaconBlockHeader.
type SignedBeaconBlockHeader struct {
	Message   *BeaconBlockHeader
	Signature BLSSignature
}

// ProposerSlashing is the spec's ProposerSlashing: two conflicting
// signed headers of one proposer.
type ProposerSlashing struct {
	SignedHeader1 *SignedBeaconBlockHeader
	SignedHeader2 *SignedBeaconBlockHeader
}

// AttesterSlashing is the spec's phase0 AttesterSlashing: two
// conflicting indexed attestations.
type AttesterSlashing struct {
	Attestation1 *IndexedAttestation
	Attestation2 *IndexedAttestation
}

// VoluntaryExit is the spec's VoluntaryExit: a validator's request to
// leave from an epoch on.
type VoluntaryExit struct {
	Epoch          Epoch
	ValidatorIndex ValidatorIndex
}

// SignedVoluntaryExit is the spec's SignedVoluntaryExit.
type SignedVoluntaryExit struct {
	Message   *VoluntaryExit
	Signature BLSSignature
}
