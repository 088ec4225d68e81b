package electra

import (
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// BeaconBlockBody is the spec's electra BeaconBlockBody.
type BeaconBlockBody struct {
	RANDAOReveal          phase0.BLSSignature
	ETH1Data              *phase0.Eth1Data
	Graffiti              [32]byte
	ProposerSlashings     []*phase0.ProposerSlashing    `ssz-max:"16" dynssz-max:"MAX_PROPOSER_SLASHINGS"`
	AttesterSlashings     []*AttesterSlashing           `ssz-max:"1" dynssz-max:"MAX_ATTESTER_SLASHINGS_ELECTRA"`
	Attestations          []*Attestation                `ssz-max:"8" dynssz-max:"MAX_ATTESTATIONS_ELECTRA"`
	Deposits              []*phase0.Deposit             `ssz-max:"16" dynssz-max:"MAX_DEPOSITS"`
	VoluntaryExits        []*phase0.SignedVoluntaryExit `ssz-max:"16" dynssz-max:"MAX_VOLUNTARY_EXITS"`
	SyncAggregate         *altair.SyncAggregate
	ExecutionPayload      *deneb.ExecutionPayload
	BLSToExecutionChanges []*capella.SignedBLSToExecutionChange `ssz-max:"16" dynssz-max:"MAX_BLS_TO_EXECUTION_CHANGES"`
	BlobKZGCommitments    []deneb.KZGCommitment                 `ssz-size:"?,48" ssz-max:"4096" dynssz-max:"MAX_BLOB_COMMITMENTS_PER_BLOCK"`
	ExecutionRequests     *ExecutionRequests
}

// BeaconBlock is the spec's electra BeaconBlock.
type BeaconBlock struct {
	Slot          phase0.Slot
	ProposerIndex phase0.ValidatorIndex
	ParentRoot    phase0.Root
	StateRoot     phase0.Root
	Body          *BeaconBlockBody
}

// SignedBeaconBlock is the spec's electra SignedBeaconBlock.
type SignedBeaconBlock struct {
	Message   *BeaconBlock
	Signature phase0.BLSSignature
}
