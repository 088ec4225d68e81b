package sched

import (
	"testing"

	"github.com/lanehash/lanehash/internal/graph"
)

// smallContainers builds the trees of the small consensus containers
// the single-instance path is for, by shape: name, program, and the
// steps the chosen order forms (the fewest of up to four ops their
// dependency chains and level sizes allow).
func smallContainers(t *testing.T) []struct {
	name  string
	p     *graph.Program
	steps int
} {
	t.Helper()
	leaves := func(b *graph.Builder, n int) []graph.Ref {
		refs := make([]graph.Ref, n)
		for i := range refs {
			refs[i] = b.Leaf(0, uintptr(32*i), 32)
		}
		return refs
	}
	finish := func(b *graph.Builder, root graph.Ref) *graph.Program {
		p, err := b.Finish(root)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Checkpoint: epoch, root.
	b := graph.NewBuilder()
	checkpoint := finish(b, b.Merkle(leaves(b, 2), 1))
	// BeaconBlockHeader: five 32-byte leaves.
	b = graph.NewBuilder()
	header := finish(b, b.Merkle(leaves(b, 5), 3))
	// Validator: a 48-byte pubkey (two chunks, one pair) and seven leaves.
	b = graph.NewBuilder()
	v := leaves(b, 9)
	validator := finish(b, b.Merkle(append([]graph.Ref{b.Pair(v[0], v[1])}, v[2:]...), 3))
	// AttestationData: slot, index, block root, and two Checkpoints.
	b = graph.NewBuilder()
	a := leaves(b, 7)
	attData := finish(b, b.Merkle([]graph.Ref{a[0], a[1], a[2], b.Pair(a[3], a[4]), b.Pair(a[5], a[6])}, 3))
	return []struct {
		name  string
		p     *graph.Program
		steps int
	}{
		{"Checkpoint", checkpoint, 1},
		{"BeaconBlockHeader", header, 3},
		{"Validator", validator, 4},
		{"AttestationData", attData, 4},
	}
}

// TestOrderSingleSmall checks the orders chosen for the small consensus
// containers: valid dependency orders, forming the fewest steps the
// kernel's four streams allow, and logs each one's modeled hashing
// floor.
func TestOrderSingleSmall(t *testing.T) {
	for _, c := range smallContainers(t) {
		ops, cost := orderSingle(c.p)
		if err := validOrder(c.p, ops); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		steps := singleSteps(ops)
		sizes := make([]int, len(steps))
		for i, st := range steps {
			sizes[i] = len(st)
		}
		if len(steps) != c.steps {
			t.Errorf("%s: %d ops in steps of %v, want %d steps", c.name, len(ops), sizes, c.steps)
		}
		t.Logf("%s: %d ops in steps of %v, modeled %d ns (levels: %d ns)", c.name, len(ops), sizes, cost, stepsTime(c.p.Nodes, levelSteps(levels(c.p)), false))
	}
}
