package gloas

import (
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// BeaconBlockBody is the spec's gloas BeaconBlockBody, a progressive
// container of 13 fields: every operation list is a progressive list, and
// the execution payload is replaced by the builder's signed bid.
type BeaconBlockBody struct {
	RANDAOReveal              phase0.BLSSignature                   `ssz-index:"0"`
	ETH1Data                  *phase0.Eth1Data                      `ssz-index:"1"`
	Graffiti                  [32]byte                              `ssz-index:"2"`
	ProposerSlashings         []*phase0.ProposerSlashing            `ssz-index:"3" ssz-type:"progressive-list"`
	AttesterSlashings         []*AttesterSlashing                   `ssz-index:"4" ssz-type:"progressive-list"`
	Attestations              []*Attestation                        `ssz-index:"5" ssz-type:"progressive-list"`
	Deposits                  []*phase0.Deposit                     `ssz-index:"6" ssz-type:"progressive-list"`
	VoluntaryExits            []*phase0.SignedVoluntaryExit         `ssz-index:"7" ssz-type:"progressive-list"`
	SyncAggregate             *altair.SyncAggregate                 `ssz-index:"8"`
	BLSToExecutionChanges     []*capella.SignedBLSToExecutionChange `ssz-index:"9" ssz-type:"progressive-list"`
	SignedExecutionPayloadBid *SignedExecutionPayloadBid            `ssz-index:"10"`
	PayloadAttestations       []*PayloadAttestation                 `ssz-index:"11" ssz-type:"progressive-list"`
	ParentExecutionRequests   *ExecutionRequests                    `ssz-index:"12"`
}

// BeaconBlock is the spec's gloas BeaconBlock (a plain container).
type BeaconBlock struct {
	Slot          phase0.Slot
	ProposerIndex phase0.ValidatorIndex
	ParentRoot    phase0.Root
	StateRoot     phase0.Root
	Body          *BeaconBlockBody
}

// SignedBeaconBlock is the spec's gloas SignedBeaconBlock.
type SignedBeaconBlock struct {
	Message   *BeaconBlock
	Signature phase0.BLSSignature
}
