package gloas

import (
	"github.com/lanehash/lanehash/ssz/consensus/bellatrix"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// BuilderIndex is the index of a builder in the state's builder registry.
type BuilderIndex uint64

// Builder is the spec's gloas Builder: a staked block builder of the
// state's builder registry.
type Builder struct {
	Pubkey            phase0.BLSPubKey
	Version           uint8
	ExecutionAddress  bellatrix.ExecutionAddress
	Balance           phase0.Gwei
	DepositEpoch      phase0.Epoch
	WithdrawableEpoch phase0.Epoch
}

// BuilderDepositRequest is the spec's gloas BuilderDepositRequest: an
// execution-layer request to stake a builder.
type BuilderDepositRequest struct {
	Pubkey                phase0.BLSPubKey
	WithdrawalCredentials []byte `ssz-size:"32"`
	Amount                phase0.Gwei
	Signature             phase0.BLSSignature
}

// BuilderExitRequest is the spec's gloas BuilderExitRequest: an
// execution-layer request to exit a builder.
type BuilderExitRequest struct {
	SourceAddress bellatrix.ExecutionAddress
	Pubkey        phase0.BLSPubKey
}

// BuilderPendingWithdrawal is the spec's gloas BuilderPendingWithdrawal:
// a payment owed by a builder, queued for withdrawal.
type BuilderPendingWithdrawal struct {
	FeeRecipient bellatrix.ExecutionAddress
	Amount       phase0.Gwei
	BuilderIndex BuilderIndex
}

// BuilderPendingPayment is the spec's gloas BuilderPendingPayment: a
// bid's payment waiting for enough payload-timeliness weight.
type BuilderPendingPayment struct {
	Weight        phase0.Gwei
	Withdrawal    *BuilderPendingWithdrawal
	ProposerIndex phase0.ValidatorIndex
}
