package electra

import "github.com/lanehash/lanehash/ssz/consensus/phase0"

// PendingDeposit is the spec's PendingDeposit: a deposit waiting in the
// state's churn-limited queue.
type PendingDeposit struct {
	Pubkey                phase0.BLSPubKey
	WithdrawalCredentials [32]byte
	Amount                phase0.Gwei
	Signature             phase0.BLSSignature
	Slot                  phase0.Slot
}

// PendingPartialWithdrawal is the spec's PendingPartialWithdrawal: a
// partial withdrawal waiting until its epoch.
type PendingPartialWithdrawal struct {
	ValidatorIndex    phase0.ValidatorIndex
	Amount            phase0.Gwei
	WithdrawableEpoch phase0.Epoch
}

// PendingConsolidation is the spec's PendingConsolidation: a
// consolidation waiting to be applied.
type PendingConsolidation struct {
	SourceIndex phase0.ValidatorIndex
	TargetIndex phase0.ValidatorIndex
}
