package phase0

// Fork is the spec's Fork: the previous and current fork versions and
// the epoch of the switch.
type Fork struct {
	PreviousVersion Version
	CurrentVersion  Version
	Epoch           Epoch
}

// Checkpoint is the spec's Checkpoint: an epoch and the root of its
// boundary block.
type Checkpoint struct {
	Epoch Epoch
	Root  Root
}

// Eth1Data is the spec's Eth1Data: a vote on the deposit contract state
// of the execution chain.
type Eth1Data struct {
	DepositRoot  Root
	DepositCount uint64
	BlockHash    Hash32
}
