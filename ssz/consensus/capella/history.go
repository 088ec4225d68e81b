package capella

import "github.com/lanehash/lanehash/ssz/consensus/phase0"

// HistoricalSummary is the spec's HistoricalSummary: the roots of one
// period's block roots and state roots, kept instead of a
// phase0.HistoricalBatch root from capella on.
type HistoricalSummary struct {
	BlockSummaryRoot phase0.Root
	StateSummaryRoot phase0.Root
}
