package fulu

import (
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// The fulu containers whose SSZ shape is unchanged from an earlier fork.
type (
	// Attestation is the spec's fulu Attestation (electra's).
	Attestation = electra.Attestation
	// AttestationData is the spec's fulu AttestationData (phase0's).
	AttestationData = phase0.AttestationData
	// AttesterSlashing is the spec's fulu AttesterSlashing (electra's).
	AttesterSlashing = electra.AttesterSlashing
	// BLSToExecutionChange is the spec's fulu BLSToExecutionChange
	// (capella's).
	BLSToExecutionChange = capella.BLSToExecutionChange
	// BeaconBlock is the spec's fulu BeaconBlock (electra's).
	BeaconBlock = electra.BeaconBlock
	// BeaconBlockBody is the spec's fulu BeaconBlockBody (electra's).
	BeaconBlockBody = electra.BeaconBlockBody
	// BeaconBlockHeader is the spec's fulu BeaconBlockHeader (phase0's).
	BeaconBlockHeader = phase0.BeaconBlockHeader
	// Checkpoint is the spec's fulu Checkpoint (phase0's).
	Checkpoint = phase0.Checkpoint
	// ConsolidationRequest is the spec's fulu ConsolidationRequest
	// (electra's).
	ConsolidationRequest = electra.ConsolidationRequest
	// Deposit is the spec's fulu Deposit (phase0's).
	Deposit = phase0.Deposit
	// DepositData is the spec's fulu DepositData (phase0's).
	DepositData = phase0.DepositData
	// DepositRequest is the spec's fulu DepositRequest (electra's).
	DepositRequest = electra.DepositRequest
	// Eth1Data is the spec's fulu Eth1Data (phase0's).
	Eth1Data = phase0.Eth1Data
	// ExecutionPayload is the spec's fulu ExecutionPayload (deneb's).
	ExecutionPayload = deneb.ExecutionPayload
	// ExecutionPayloadHeader is the spec's fulu ExecutionPayloadHeader
	// (deneb's).
	ExecutionPayloadHeader = deneb.ExecutionPayloadHeader
	// ExecutionRequests is the spec's fulu ExecutionRequests (electra's).
	ExecutionRequests = electra.ExecutionRequests
	// Fork is the spec's fulu Fork (phase0's).
	Fork = phase0.Fork
	// HistoricalBatch is the spec's fulu HistoricalBatch (phase0's).
	HistoricalBatch = phase0.HistoricalBatch
	// HistoricalSummary is the spec's fulu HistoricalSummary (capella's).
	HistoricalSummary = capella.HistoricalSummary
	// IndexedAttestation is the spec's fulu IndexedAttestation
	// (electra's).
	IndexedAttestation = electra.IndexedAttestation
	// PendingAttestation is the spec's fulu PendingAttestation (phase0's,
	// still defined though no longer in the state).
	PendingAttestation = phase0.PendingAttestation
	// PendingConsolidation is the spec's fulu PendingConsolidation
	// (electra's).
	PendingConsolidation = electra.PendingConsolidation
	// PendingDeposit is the spec's fulu PendingDeposit (electra's).
	PendingDeposit = electra.PendingDeposit
	// PendingPartialWithdrawal is the spec's fulu PendingPartialWithdrawal
	// (electra's).
	PendingPartialWithdrawal = electra.PendingPartialWithdrawal
	// ProposerSlashing is the spec's fulu ProposerSlashing (phase0's).
	ProposerSlashing = phase0.ProposerSlashing
	// SignedBLSToExecutionChange is the spec's fulu
	// SignedBLSToExecutionChange (capella's).
	SignedBLSToExecutionChange = capella.SignedBLSToExecutionChange
	// SignedBeaconBlock is the spec's fulu SignedBeaconBlock (electra's).
	SignedBeaconBlock = electra.SignedBeaconBlock
	// SignedBeaconBlockHeader is the spec's fulu SignedBeaconBlockHeader
	// (phase0's).
	SignedBeaconBlockHeader = phase0.SignedBeaconBlockHeader
	// SignedVoluntaryExit is the spec's fulu SignedVoluntaryExit
	// (phase0's).
	SignedVoluntaryExit = phase0.SignedVoluntaryExit
	// SyncAggregate is the spec's fulu SyncAggregate (altair's).
	SyncAggregate = altair.SyncAggregate
	// SyncCommittee is the spec's fulu SyncCommittee (altair's).
	SyncCommittee = altair.SyncCommittee
	// Validator is the spec's fulu Validator (phase0's).
	Validator = phase0.Validator
	// VoluntaryExit is the spec's fulu VoluntaryExit (phase0's).
	VoluntaryExit = phase0.VoluntaryExit
	// Withdrawal is the spec's fulu Withdrawal (capella's).
	Withdrawal = capella.Withdrawal
	// WithdrawalRequest is the spec's fulu WithdrawalRequest (electra's).
	WithdrawalRequest = electra.WithdrawalRequest
)
