package phase0

// HistoricalBatch is the spec's HistoricalBatch: one period of block and
// state roots, whose root phase0 appends to historical_roots.
type HistoricalBatch struct {
	BlockRoots []Root `ssz-size:"8192,32" dynssz-size:"SLOTS_PER_HISTORICAL_ROOT,32"`
	StateRoots []Root `ssz-size:"8192,32" dynssz-size:"SLOTS_PER_HISTORICAL_ROOT,32"`
}

// BeaconState is the spec's phase0 BeaconState.
type BeaconState struct {
	GenesisTime                 uint64
	GenesisValidatorsRoot       Root
	Slot                        Slot
	Fork                        *Fork
	LatestBlockHeader           *BeaconBlockHeader
	BlockRoots                  []Root `ssz-size:"8192,32" dynssz-size:"SLOTS_PER_HISTORICAL_ROOT,32"`
	StateRoots                  []Root `ssz-size:"8192,32" dynssz-size:"SLOTS_PER_HISTORICAL_ROOT,32"`
	HistoricalRoots             []Root `ssz-size:"?,32" ssz-max:"16777216" dynssz-max:"HISTORICAL_ROOTS_LIMIT"`
	ETH1Data                    *Eth1Data
	ETH1DataVotes               []*Eth1Data `ssz-max:"2048" dynssz-max:"EPOCHS_PER_ETH1_VOTING_PERIOD*SLOTS_PER_EPOCH"`
	ETH1DepositIndex            uint64
	Validators                  []*Validator          `ssz-max:"1099511627776" dynssz-max:"VALIDATOR_REGISTRY_LIMIT"`
	Balances                    []Gwei                `ssz-max:"1099511627776" dynssz-max:"VALIDATOR_REGISTRY_LIMIT"`
	RANDAOMixes                 []Root                `ssz-size:"65536,32" dynssz-size:"EPOCHS_PER_HISTORICAL_VECTOR,32"`
	Slashings                   []Gwei                `ssz-size:"8192" dynssz-size:"EPOCHS_PER_SLASHINGS_VECTOR"`
	PreviousEpochAttestations   []*PendingAttestation `ssz-max:"4096" dynssz-max:"MAX_ATTESTATIONS*SLOTS_PER_EPOCH"`
	CurrentEpochAttestations    []*PendingAttestation `ssz-max:"4096" dynssz-max:"MAX_ATTESTATIONS*SLOTS_PER_EPOCH"`
	JustificationBits           [1]byte               `ssz-type:"bitvector" ssz-bitsize:"4"`
	PreviousJustifiedCheckpoint *Checkpoint
	CurrentJustifiedCheckpoint  *Checkpoint
	FinalizedCheckpoint         *Checkpoint
}
