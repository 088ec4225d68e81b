package gloas

import (
	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/ssz/consensus/bellatrix"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// BlockAccessList is the spec's BlockAccessList (EIP-7928): the
// RLP-encoded block-level access list, a ProgressiveByteList.
type BlockAccessList []byte

// ExecutionPayload is the spec's gloas ExecutionPayload, a progressive
// container of 19 fields: its transactions (each a ProgressiveByteList)
// and withdrawals are progressive lists, and it carries the block access
// list and the slot number.
type ExecutionPayload struct {
	ParentHash      phase0.Hash32              `ssz-index:"0"`
	FeeRecipient    bellatrix.ExecutionAddress `ssz-index:"1"`
	StateRoot       phase0.Root                `ssz-index:"2"`
	ReceiptsRoot    phase0.Root                `ssz-index:"3"`
	LogsBloom       [256]byte                  `ssz-index:"4"`
	PrevRandao      [32]byte                   `ssz-index:"5"`
	BlockNumber     uint64                     `ssz-index:"6"`
	GasLimit        uint64                     `ssz-index:"7"`
	GasUsed         uint64                     `ssz-index:"8"`
	Timestamp       uint64                     `ssz-index:"9"`
	ExtraData       []byte                     `ssz-index:"10" ssz-max:"32" dynssz-max:"MAX_EXTRA_DATA_BYTES"`
	BaseFeePerGas   *uint256.Int               `ssz-index:"11"`
	BlockHash       phase0.Hash32              `ssz-index:"12"`
	Transactions    []bellatrix.Transaction    `ssz-index:"13" ssz-type:"progressive-list,progressive-list"`
	Withdrawals     []*capella.Withdrawal      `ssz-index:"14" ssz-type:"progressive-list"`
	BlobGasUsed     uint64                     `ssz-index:"15"`
	ExcessBlobGas   uint64                     `ssz-index:"16"`
	BlockAccessList BlockAccessList            `ssz-index:"17" ssz-type:"progressive-list"`
	SlotNumber      uint64                     `ssz-index:"18"`
}

// ExecutionRequests is the spec's gloas ExecutionRequests, a progressive
// container of five progressive lists: electra's three request kinds and
// the builders' deposits and exits.
type ExecutionRequests struct {
	Deposits        []*electra.DepositRequest       `ssz-index:"0" ssz-type:"progressive-list"`
	Withdrawals     []*electra.WithdrawalRequest    `ssz-index:"1" ssz-type:"progressive-list"`
	Consolidations  []*electra.ConsolidationRequest `ssz-index:"2" ssz-type:"progressive-list"`
	BuilderDeposits []*BuilderDepositRequest        `ssz-index:"3" ssz-type:"progressive-list"`
	BuilderExits    []*BuilderExitRequest           `ssz-index:"4" ssz-type:"progressive-list"`
}

// ExecutionPayloadBid is the spec's gloas ExecutionPayloadBid, a
// progressive container of 12 fields: a builder's commitment to a payload,
// which replaces the execution payload header in block and state.
type ExecutionPayloadBid struct {
	ParentBlockHash       phase0.Hash32              `ssz-index:"0"`
	ParentBlockRoot       phase0.Root                `ssz-index:"1"`
	BlockHash             phase0.Hash32              `ssz-index:"2"`
	PrevRandao            phase0.Root                `ssz-index:"3"`
	FeeRecipient          bellatrix.ExecutionAddress `ssz-index:"4"`
	GasLimit              uint64                     `ssz-index:"5"`
	BuilderIndex          BuilderIndex               `ssz-index:"6"`
	Slot                  phase0.Slot                `ssz-index:"7"`
	Value                 phase0.Gwei                `ssz-index:"8"`
	ExecutionPayment      phase0.Gwei                `ssz-index:"9"`
	BlobKZGCommitments    []deneb.KZGCommitment      `ssz-index:"10" ssz-type:"progressive-list"`
	ExecutionRequestsRoot phase0.Root                `ssz-index:"11"`
}

// SignedExecutionPayloadBid is the spec's gloas SignedExecutionPayloadBid.
type SignedExecutionPayloadBid struct {
	Message   *ExecutionPayloadBid
	Signature phase0.BLSSignature
}

// ExecutionPayloadEnvelope is the spec's gloas ExecutionPayloadEnvelope,
// a progressive container of 5 fields: the payload a builder reveals for
// its bid.
type ExecutionPayloadEnvelope struct {
	Payload               *ExecutionPayload  `ssz-index:"0"`
	ExecutionRequests     *ExecutionRequests `ssz-index:"1"`
	BuilderIndex          BuilderIndex       `ssz-index:"2"`
	BeaconBlockRoot       phase0.Root        `ssz-index:"3"`
	ParentBeaconBlockRoot phase0.Root        `ssz-index:"4"`
}

// SignedExecutionPayloadEnvelope is the spec's gloas
// SignedExecutionPayloadEnvelope.
type SignedExecutionPayloadEnvelope struct {
	Message   *ExecutionPayloadEnvelope
	Signature phase0.BLSSignature
}
