package gloas

import (
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// BeaconState is the spec's gloas BeaconState, a progressive container
// with 46 active fields. The registry and every per-validator list
// (balances, participation, inactivity scores) and the pending queues are
// progressive lists without a type limit; the builders' registry, their
// pending payments and withdrawals, the latest bid and the
// payload-timeliness window are new.
type BeaconState struct {
	GenesisTime                   uint64                              `ssz-index:"0"`
	GenesisValidatorsRoot         phase0.Root                         `ssz-index:"1"`
	Slot                          phase0.Slot                         `ssz-index:"2"`
	Fork                          *phase0.Fork                        `ssz-index:"3"`
	LatestBlockHeader             *phase0.BeaconBlockHeader           `ssz-index:"4"`
	BlockRoots                    []phase0.Root                       `ssz-index:"5" ssz-size:"8192,32" dynssz-size:"SLOTS_PER_HISTORICAL_ROOT,32"`
	StateRoots                    []phase0.Root                       `ssz-index:"6" ssz-size:"8192,32" dynssz-size:"SLOTS_PER_HISTORICAL_ROOT,32"`
	HistoricalRoots               []phase0.Root                       `ssz-index:"7" ssz-size:"?,32" ssz-max:"16777216" dynssz-max:"HISTORICAL_ROOTS_LIMIT"`
	ETH1Data                      *phase0.Eth1Data                    `ssz-index:"8"`
	ETH1DataVotes                 []*phase0.Eth1Data                  `ssz-index:"9" ssz-max:"2048" dynssz-max:"EPOCHS_PER_ETH1_VOTING_PERIOD*SLOTS_PER_EPOCH"`
	ETH1DepositIndex              uint64                              `ssz-index:"10"`
	Validators                    []*phase0.Validator                 `ssz-index:"11" ssz-type:"progressive-list"`
	Balances                      []phase0.Gwei                       `ssz-index:"12" ssz-type:"progressive-list"`
	RANDAOMixes                   []phase0.Root                       `ssz-index:"13" ssz-size:"65536,32" dynssz-size:"EPOCHS_PER_HISTORICAL_VECTOR,32"`
	Slashings                     []phase0.Gwei                       `ssz-index:"14" ssz-size:"8192" dynssz-size:"EPOCHS_PER_SLASHINGS_VECTOR"`
	PreviousEpochParticipation    []altair.ParticipationFlags         `ssz-index:"15" ssz-type:"progressive-list"`
	CurrentEpochParticipation     []altair.ParticipationFlags         `ssz-index:"16" ssz-type:"progressive-list"`
	JustificationBits             [1]byte                             `ssz-index:"17" ssz-type:"bitvector" ssz-bitsize:"4"`
	PreviousJustifiedCheckpoint   *phase0.Checkpoint                  `ssz-index:"18"`
	CurrentJustifiedCheckpoint    *phase0.Checkpoint                  `ssz-index:"19"`
	FinalizedCheckpoint           *phase0.Checkpoint                  `ssz-index:"20"`
	InactivityScores              []uint64                            `ssz-index:"21" ssz-type:"progressive-list"`
	CurrentSyncCommittee          *altair.SyncCommittee               `ssz-index:"22"`
	NextSyncCommittee             *altair.SyncCommittee               `ssz-index:"23"`
	LatestBlockHash               phase0.Hash32                       `ssz-index:"24"`
	NextWithdrawalIndex           capella.WithdrawalIndex             `ssz-index:"25"`
	NextWithdrawalValidatorIndex  phase0.ValidatorIndex               `ssz-index:"26"`
	HistoricalSummaries           []*capella.HistoricalSummary        `ssz-index:"27" ssz-max:"16777216" dynssz-max:"HISTORICAL_ROOTS_LIMIT"`
	DepositRequestsStartIndex     uint64                              `ssz-index:"28"`
	DepositBalanceToConsume       phase0.Gwei                         `ssz-index:"29"`
	ExitBalanceToConsume          phase0.Gwei                         `ssz-index:"30"`
	EarliestExitEpoch             phase0.Epoch                        `ssz-index:"31"`
	ConsolidationBalanceToConsume phase0.Gwei                         `ssz-index:"32"`
	EarliestConsolidationEpoch    phase0.Epoch                        `ssz-index:"33"`
	PendingDeposits               []*electra.PendingDeposit           `ssz-index:"34" ssz-type:"progressive-list"`
	PendingPartialWithdrawals     []*electra.PendingPartialWithdrawal `ssz-index:"35" ssz-type:"progressive-list"`
	PendingConsolidations         []*electra.PendingConsolidation     `ssz-index:"36" ssz-type:"progressive-list"`
	ProposerLookahead             []phase0.ValidatorIndex             `ssz-index:"37" ssz-size:"64" dynssz-size:"(MIN_SEED_LOOKAHEAD+1)*SLOTS_PER_EPOCH"`
	Builders                      []*Builder                          `ssz-index:"38" ssz-type:"progressive-list"`
	NextWithdrawalBuilderIndex    BuilderIndex                        `ssz-index:"39"`
	ExecutionPayloadAvailability  []byte                              `ssz-index:"40" ssz-size:"1024" dynssz-size:"SLOTS_PER_HISTORICAL_ROOT/8" ssz-bitsize:"8192" dynssz-bitsize:"SLOTS_PER_HISTORICAL_ROOT"`
	BuilderPendingPayments        []*BuilderPendingPayment            `ssz-index:"41" ssz-size:"64" dynssz-size:"SLOTS_PER_EPOCH*2"`
	BuilderPendingWithdrawals     []*BuilderPendingWithdrawal         `ssz-index:"42" ssz-type:"progressive-list"`
	LatestExecutionPayloadBid     *ExecutionPayloadBid                `ssz-index:"43"`
	PayloadExpectedWithdrawals    []*capella.Withdrawal               `ssz-index:"44" ssz-type:"progressive-list"`
	PTCWindow                     [][]phase0.ValidatorIndex           `ssz-index:"45" ssz-size:"96,512" dynssz-size:"(2+MIN_SEED_LOOKAHEAD)*SLOTS_PER_EPOCH,PTC_SIZE"`
}
