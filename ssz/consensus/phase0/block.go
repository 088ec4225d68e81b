package phase0

// BeaconBlockHeader is the spec's BeaconBlockHeader: a block with its
// body replaced by the body's root.
type BeaconBlockHeader struct {
	Slot          Slot
	ProposerIndex ValidatorIndex
	ParentRoot    Root
	StateRoot     Root
	BodyRoot      Root
}

// BeaconBlockBody is the spec's phase0 BeaconBlockBody: the operations a
// block carries.
type BeaconBlockBody struct {
	RANDAOReveal      BLSSignature
	ETH1Data          *Eth1Data
	Graffiti          [32]byte
	ProposerSlashings []*ProposerSlashing    `ssz-max:"16" dynssz-max:"MAX_PROPOSER_SLASHINGS"`
	AttesterSlashings []*AttesterSlashing    `ssz-max:"2" dynssz-max:"MAX_ATTESTER_SLASHINGS"`
	Attestations      []*Attestation         `ssz-max:"128" dynssz-max:"MAX_ATTESTATIONS"`
	Deposits          []*Deposit             `ssz-max:"16" dynssz-max:"MAX_DEPOSITS"`
	VoluntaryExits    []*SignedVoluntaryExit `ssz-max:"16" dynssz-max:"MAX_VOLUNTARY_EXITS"`
}

// BeaconBlock is the spec's phase0 BeaconBlock.
type BeaconBlock struct {
	Slot          Slot
	ProposerIndex ValidatorIndex
	ParentRoot    Root
	StateRoot     Root
	Body          *BeaconBlockBody
}

// SignedBeaconBlock is the spec's phase0 SignedBeaconBlock.
type SignedBeaconBlock struct {
	Message   *BeaconBlock
	Signature BLSSignature
}
