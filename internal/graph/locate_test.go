package graph_test

import (
	"errors"
	"testing"

	"github.com/lanehash/lanehash/internal/graph"
)

// TestLocate walks a program of 3 leaves padded to 8 (so a depth-1 zero
// subtree of depth 2 hangs at generalized index 3) and checks indices
// against the tree drawn by hand: ops at 1, 2, 4 and 5, leaves at 8..10,
// the zero chunk at 11, zero subtrees at 3 and everywhere below it.
func TestLocate(t *testing.T) {
	b := graph.NewBuilder()
	l0 := b.Leaf(0, 0, 8)
	l1 := b.Leaf(0, 8, 32)
	l2 := b.Leaf(0, 40, 1)
	p, err := b.Finish(b.Merkle([]graph.Ref{l0, l1, l2}, 3))
	if err != nil {
		t.Fatal(err)
	}
	// The builder's numbering: leaves 0..2, then the constants, then
	// the op outputs; find the op nodes through their children.
	opOf := map[[2]uint32]uint32{}
	for _, o := range p.Ops {
		opOf[[2]uint32{o.Left, o.Right}] = o.Out
	}
	leaf := func(g uint64, n uint32) {
		t.Helper()
		got, err := p.Locate(g)
		if err != nil || got.Zero != -1 || got.Node != n {
			t.Errorf("Locate(%d) = %+v, %v; want node %d", g, got, err, n)
		}
	}
	zero := func(g uint64, d int) {
		t.Helper()
		got, err := p.Locate(g)
		if err != nil || got.Zero != d {
			t.Errorf("Locate(%d) = %+v, %v; want zero subtree of depth %d", g, got, err, d)
		}
	}
	leaf(1, p.Root)
	leaf(8, 0)
	leaf(9, 1)
	leaf(10, 2)
	n4 := opOf[[2]uint32{0, 1}]
	leaf(4, n4)
	zero(11, 0)
	zero(3, 2)
	zero(6, 1)
	zero(7, 1)
	zero(14, 0)
	zero(15, 0)
	for _, g := range []uint64{0, 16, 17, 22, 28, 1 << 40} {
		if got, err := p.Locate(g); !errors.Is(err, graph.ErrNotInProgram) {
			t.Errorf("Locate(%d) = %+v, %v; want ErrNotInProgram", g, got, err)
		}
	}

}
