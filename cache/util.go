package cache

import (
	"math/bits"
	"strings"
)

// depthOf is ceil(log2(n)), the depth of a tree of n chunks (0 for n ≤ 1).
func depthOf(n uint64) int {
	if n <= 1 {
		return 0
	}
	return bits.Len64(n - 1)
}

// proofNormalize matches field names the way proof paths do: case and
// underscores ignored, so "effective_balance" names EffectiveBalance.
func proofNormalize(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, "_", ""))
}
