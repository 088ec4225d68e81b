package electra

import (
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// BeaconState is the spec's electra BeaconState.
type BeaconState struct {
	GenesisTime                   uint64
	GenesisValidatorsRoot         phase0.Root
	Slot                          phase0.Slot
	Fork                          *phase0.Fork
	LatestBlockHeader             *phase0.BeaconBlockHeader
	BlockRoots                    []phase0.Root `ssz-size:"8192,32" dynssz-size:"SLOTS_PER_HISTORICAL_ROOT,32"`
	StateRoots                    []phase0.Root `ssz-size:"8192,32" dynssz-size:"SLOTS_PER_HISTORICAL_ROOT,32"`
	HistoricalRoots               []phase0.Root `ssz-size:"?,32" ssz-max:"16777216" dynssz-max:"HISTORICAL_ROOTS_LIMIT"`
	ETH1Data                      *phase0.Eth1Data
	ETH1DataVotes                 []*phase0.Eth1Data `ssz-max:"2048" dynssz-max:"EPOCHS_PER_ETH1_VOTING_PERIOD*SLOTS_PER_EPOCH"`
	ETH1DepositIndex              uint64
	Validators                    []*phase0.Validator         `ssz-max:"1099511627776" dynssz-max:"VALIDATOR_REGISTRY_LIMIT"`
	Balances                      []phase0.Gwei               `ssz-max:"1099511627776" dynssz-max:"VALIDATOR_REGISTRY_LIMIT"`
	RANDAOMixes                   []phase0.Root               `ssz-size:"65536,32" dynssz-size:"EPOCHS_PER_HISTORICAL_VECTOR,32"`
	Slashings                     []phase0.Gwei               `ssz-size:"8192" dynssz-size:"EPOCHS_PER_SLASHINGS_VECTOR"`
	PreviousEpochParticipation    []altair.ParticipationFlags `ssz-max:"1099511627776" dynssz-max:"VALIDATOR_REGISTRY_LIMIT"`
	CurrentEpochParticipation     []altair.ParticipationFlags `ssz-max:"1099511627776" dynssz-max:"VALIDATOR_REGISTRY_LIMIT"`
	JustificationBits             [1]byte                     `ssz-type:"bitvector" ssz-bitsize:"4"`
	PreviousJustifiedCheckpoint   *phase0.Checkpoint
	CurrentJustifiedCheckpoint    *phase0.Checkpoint
	FinalizedCheckpoint           *phase0.Checkpoint
	InactivityScores              []uint64 `ssz-max:"1099511627776" dynssz-max:"VALIDATOR_REGISTRY_LIMIT"`
	CurrentSyncCommittee          *altair.SyncCommittee
	NextSyncCommittee             *altair.SyncCommittee
	LatestExecutionPayloadHeader  *deneb.ExecutionPayloadHeader
	NextWithdrawalIndex           capella.WithdrawalIndex
	NextWithdrawalValidatorIndex  phase0.ValidatorIndex
	HistoricalSummaries           []*capella.HistoricalSummary `ssz-max:"16777216" dynssz-max:"HISTORICAL_ROOTS_LIMIT"`
	DepositRequestsStartIndex     uint64
	DepositBalanceToConsume       phase0.Gwei
	ExitBalanceToConsume          phase0.Gwei
	EarliestExitEpoch             phase0.Epoch
	ConsolidationBalanceToConsume phase0.Gwei
	EarliestConsolidationEpoch    phase0.Epoch
	PendingDeposits               []*PendingDeposit           `ssz-max:"134217728" dynssz-max:"PENDING_DEPOSITS_LIMIT"`
	PendingPartialWithdrawals     []*PendingPartialWithdrawal `ssz-max:"134217728" dynssz-max:"PENDING_PARTIAL_WITHDRAWALS_LIMIT"`
	PendingConsolidations         []*PendingConsolidation     `ssz-max:"262144" dynssz-max:"PENDING_CONSOLIDATIONS_LIMIT"`
}
