package sched

// BlockLanes exports blockLanes to the tests, which need inputs that
// fill whole blocks and leave remainders.
const BlockLanes = blockLanes

// ListTile is how many elements ListRoot roots as one tile, and
// MinTilesPerWorker how many tiles per worker a list needs to be tiled:
// the tests put list lengths on both sides of the boundaries.
const (
	ListTile          = 1 << listTileDepth
	MinTilesPerWorker = minTilesPerWorker
)
