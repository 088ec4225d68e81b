package deneb

import (
	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/ssz/consensus/bellatrix"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// KZGCommitment is the spec's KZGCommitment, a 48-byte commitment to a
// blob.
type KZGCommitment [48]byte

// ExecutionPayload is the spec's deneb ExecutionPayload: the execution
// block a beacon block carries.
type ExecutionPayload struct {
	ParentHash    phase0.Hash32
	FeeRecipient  bellatrix.ExecutionAddress
	StateRoot     phase0.Root
	ReceiptsRoot  phase0.Root
	LogsBloom     [256]byte
	PrevRandao    [32]byte
	BlockNumber   uint64
	GasLimit      uint64
	GasUsed       uint64
	Timestamp     uint64
	ExtraData     []byte `ssz-max:"32" dynssz-max:"MAX_EXTRA_DATA_BYTES"`
	BaseFeePerGas *uint256.Int
	BlockHash     phase0.Hash32
	Transactions  []bellatrix.Transaction `ssz-size:"?,?" ssz-max:"1048576,1073741824" dynssz-max:"MAX_TRANSACTIONS_PER_PAYLOAD,MAX_BYTES_PER_TRANSACTION"`
	Withdrawals   []*capella.Withdrawal   `ssz-max:"16" dynssz-max:"MAX_WITHDRAWALS_PER_PAYLOAD"`
	BlobGasUsed   uint64
	ExcessBlobGas uint64
}

// ExecutionPayloadHeader is the spec's deneb ExecutionPayloadHeader: an
// execution payload with its transactions and withdrawals replaced by
// their roots.
type ExecutionPayloadHeader struct {
	ParentHash       phase0.Hash32
	FeeRecipient     bellatrix.ExecutionAddress
	StateRoot        phase0.Root
	ReceiptsRoot     phase0.Root
	LogsBloom        [256]byte
	PrevRandao       [32]byte
	BlockNumber      uint64
	GasLimit         uint64
	GasUsed          uint64
	Timestamp        uint64
	ExtraData        []byte `ssz-max:"32" dynssz-max:"MAX_EXTRA_DATA_BYTES"`
	BaseFeePerGas    *uint256.Int
	BlockHash        phase0.Hash32
	TransactionsRoot phase0.Root
	WithdrawalsRoot  phase0.Root
	BlobGasUsed      uint64
	ExcessBlobGas    uint64
}
