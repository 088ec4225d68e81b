package sched

import (
	"slices"

	"github.com/lanehash/lanehash/internal/graph"
)

// gatherClasses counts the gathers of a sorted list (sortGathers) by
// length: the first n32 are of 32 bytes, the next n16 of 16, the next
// n8 of 8, and the rest of any other length.
type gatherClasses struct{ n32, n16, n8 uint32 }

// sortGathers orders gs by length class (32, 16, 8 bytes, then the
// others, each class in its former order) and counts the classes: the
// leaves are then copied class by class, with no test of the length
// per leaf (gather). Every gather writes a chunk of its own, so their
// order does not change what the flat buffer holds.
func sortGathers(gs []graph.Gather) gatherClasses {
	rank := func(n uint32) int {
		switch n {
		case 32:
			return 0
		case 16:
			return 1
		case 8:
			return 2
		}
		return 3
	}
	slices.SortStableFunc(gs, func(a, b graph.Gather) int { return rank(a.Len) - rank(b.Len) })
	var c gatherClasses
	for _, g := range gs {
		switch g.Len {
		case 32:
			c.n32++
		case 16:
			c.n16++
		case 8:
			c.n8++
		}
	}
	return c
}
