package electra

import (
	"github.com/lanehash/lanehash/ssz/consensus/bellatrix"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// DepositRequest is the spec's DepositRequest: a deposit reported by the
// execution layer (EIP-6110).
type DepositRequest struct {
	Pubkey                phase0.BLSPubKey
	WithdrawalCredentials [32]byte
	Amount                phase0.Gwei
	Signature             phase0.BLSSignature
	Index                 uint64
}

// WithdrawalRequest is the spec's WithdrawalRequest: an exit or partial
// withdrawal triggered from the execution layer (EIP-7002).
type WithdrawalRequest struct {
	SourceAddress   bellatrix.ExecutionAddress
	ValidatorPubkey phase0.BLSPubKey
	Amount          phase0.Gwei
}

// ConsolidationRequest is the spec's ConsolidationRequest: a request to
// merge one validator's balance into another (EIP-7251).
type ConsolidationRequest struct {
	SourceAddress bellatrix.ExecutionAddress
	SourcePubkey  phase0.BLSPubKey
	TargetPubkey  phase0.BLSPubKey
}

// ExecutionRequests is the spec's ExecutionRequests: the requests of all
// three kinds one block carries.
type ExecutionRequests struct {
	Deposits       []*DepositRequest       `ssz-max:"8192" dynssz-max:"MAX_DEPOSIT_REQUESTS_PER_PAYLOAD"`
	Withdrawals    []*WithdrawalRequest    `ssz-max:"16" dynssz-max:"MAX_WITHDRAWAL_REQUESTS_PER_PAYLOAD"`
	Consolidations []*ConsolidationRequest `ssz-max:"2" dynssz-max:"MAX_CONSOLIDATION_REQUESTS_PER_PAYLOAD"`
}
