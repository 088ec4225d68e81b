package gloas

import (
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// The gloas containers whose SSZ shape is unchanged from an earlier fork.
type (
	// AttestationData is the spec's gloas AttestationData (phase0's).
	AttestationData = phase0.AttestationData
	// BLSToExecutionChange is the spec's gloas BLSToExecutionChange
	// (capella's).
	BLSToExecutionChange = capella.BLSToExecutionChange
	// BeaconBlockHeader is the spec's gloas BeaconBlockHeader (phase0's).
	BeaconBlockHeader = phase0.BeaconBlockHeader
	// Checkpoint is the spec's gloas Checkpoint (phase0's).
	Checkpoint = phase0.Checkpoint
	// ConsolidationRequest is the spec's gloas ConsolidationRequest
	// (electra's).
	ConsolidationRequest = electra.ConsolidationRequest
	// Deposit is the spec's gloas Deposit (phase0's).
	Deposit = phase0.Deposit
	// DepositData is the spec's gloas DepositData (phase0's).
	DepositData = phase0.DepositData
	// DepositRequest is the spec's gloas DepositRequest (electra's).
	DepositRequest = electra.DepositRequest
	// Eth1Data is the spec's gloas Eth1Data (phase0's).
	Eth1Data = phase0.Eth1Data
	// Fork is the spec's gloas Fork (phase0's).
	Fork = phase0.Fork
	// HistoricalBatch is the spec's gloas HistoricalBatch (phase0's).
	HistoricalBatch = phase0.HistoricalBatch
	// HistoricalSummary is the spec's gloas HistoricalSummary (capella's).
	HistoricalSummary = capella.HistoricalSummary
	// PendingAttestation is the spec's gloas PendingAttestation (phase0's,
	// still defined though no longer in the state).
	PendingAttestation = phase0.PendingAttestation
	// PendingConsolidation is the spec's gloas PendingConsolidation
	// (electra's).
	PendingConsolidation = electra.PendingConsolidation
	// PendingDeposit is the spec's gloas PendingDeposit (electra's).
	PendingDeposit = electra.PendingDeposit
	// PendingPartialWithdrawal is the spec's gloas
	// PendingPartialWithdrawal (electra's).
	PendingPartialWithdrawal = electra.PendingPartialWithdrawal
	// ProposerSlashing is the spec's gloas ProposerSlashing (phase0's).
	ProposerSlashing = phase0.ProposerSlashing
	// SignedBLSToExecutionChange is the spec's gloas
	// SignedBLSToExecutionChange (capella's).
	SignedBLSToExecutionChange = capella.SignedBLSToExecutionChange
	// SignedBeaconBlockHeader is the spec's gloas SignedBeaconBlockHeader
	// (phase0's).
	SignedBeaconBlockHeader = phase0.SignedBeaconBlockHeader
	// SignedVoluntaryExit is the spec's gloas SignedVoluntaryExit
	// (phase0's).
	SignedVoluntaryExit = phase0.SignedVoluntaryExit
	// SyncAggregate is the spec's gloas SyncAggregate (altair's).
	SyncAggregate = altair.SyncAggregate
	// SyncCommittee is the spec's gloas SyncCommittee (altair's).
	SyncCommittee = altair.SyncCommittee
	// Validator is the spec's gloas Validator (phase0's).
	Validator = phase0.Validator
	// VoluntaryExit is the spec's gloas VoluntaryExit (phase0's).
	VoluntaryExit = phase0.VoluntaryExit
	// Withdrawal is the spec's gloas Withdrawal (capella's).
	Withdrawal = capella.Withdrawal
	// WithdrawalRequest is the spec's gloas WithdrawalRequest (electra's).
	WithdrawalRequest = electra.WithdrawalRequest
)
