package capella

import (
	"github.com/lanehash/lanehash/ssz/consensus/bellatrix"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// WithdrawalIndex is the spec's WithdrawalIndex, a uint64 running count
// of withdrawals.
type WithdrawalIndex uint64

// Withdrawal is the spec's Withdrawal: an amount moved from a validator
// to an execution address.
type Withdrawal struct {
	Index          WithdrawalIndex
	ValidatorIndex phase0.ValidatorIndex
	Address        bellatrix.ExecutionAddress
	Amount         phase0.Gwei
}

// BLSToExecutionChange is the spec's BLSToExecutionChange: a request to
// switch a validator's withdrawal credentials to an execution address.
type BLSToExecutionChange struct {
	ValidatorIndex     phase0.ValidatorIndex
	FromBLSPubkey      phase0.BLSPubKey
	ToExecutionAddress bellatrix.ExecutionAddress
}

// SignedBLSToExecutionChange is the spec's SignedBLSToExecutionChange.
type SignedBLSToExecutionChange struct {
	Message   *BLSToExecutionChange
	Signature phase0.BLSSignature
}
