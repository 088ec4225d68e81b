package sched

// BlockLanes exports blockLanes to the tests, which need inputs that
// fill whole blocks and leave remainders.
const BlockLanes = blockLanes
