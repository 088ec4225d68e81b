package graph_test

import (
	"testing"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
)

// TestBuilderNumbering builds a 3-leaf container padded to 4 and checks
// what the executor relies on: leaves first, then constants, then op
// outputs in dependency order; the zero subtree is a constant, never an
// op.
func TestBuilderNumbering(t *testing.T) {
	b := graph.NewBuilder()
	l0 := b.Leaf(0, 0, 8)
	l1 := b.Leaf(0, 8, 32)
	l2 := b.Leaf(0, 40, 1)
	p, err := b.Finish(b.Merkle([]graph.Ref{l0, l1, l2}, 2))
	if err != nil {
		t.Fatal(err)
	}
	if p.Leaves != 3 || len(p.Consts) != 1 || p.Consts[0] != (graph.Const{Node: 3, Depth: 0}) {
		t.Fatalf("leaves %d, consts %v; want 3 leaves and zero_hashes[0] at node 3", p.Leaves, p.Consts)
	}
	want := []lanes.Op{{Left: 0, Right: 1, Out: 4}, {Left: 2, Right: 3, Out: 5}, {Left: 4, Right: 5, Out: 6}}
	if len(p.Ops) != len(want) {
		t.Fatalf("ops %v, want %v", p.Ops, want)
	}
	for i := range want {
		if p.Ops[i] != want[i] {
			t.Fatalf("ops %v, want %v", p.Ops, want)
		}
	}
	if p.Root != 6 || p.Nodes != 7 {
		t.Fatalf("root %d of %d nodes, want 6 of 7", p.Root, p.Nodes)
	}
	if got := graph.ChunkOf(p); got != nil {
		t.Errorf("ChunkOf of a hashed program = %+v, want nil", got)
	}
}

// TestBuilderZeroPairs: the parent of two equal zero subtrees is the
// next zero constant, so an all-zero tree costs no op at all.
func TestBuilderZeroPairs(t *testing.T) {
	b := graph.NewBuilder()
	if got, want := b.Pair(b.Zero(3), b.Zero(3)), b.Zero(4); got != want {
		t.Fatalf("Pair(Zero(3), Zero(3)) = %v, want Zero(4) = %v", got, want)
	}
	leaf := b.Leaf(0, 0, 32)
	p, err := b.Finish(b.Merkle([]graph.Ref{leaf}, 5))
	if err != nil {
		t.Fatal(err)
	}
	// One op per level above the leaf, each pairing it with zero_hashes[d].
	if len(p.Ops) != 5 {
		t.Fatalf("%d ops for one leaf under depth 5, want 5", len(p.Ops))
	}
}

// TestChunkOf: a program that is one leaf gathered straight from the
// instance is its own root; a check (bitvector padding) disqualifies it.
func TestChunkOf(t *testing.T) {
	b := graph.NewBuilder()
	p, err := b.Finish(b.Leaf(0, 16, 8))
	if err != nil {
		t.Fatal(err)
	}
	if got := graph.ChunkOf(p); got == nil || got.Off != 16 || got.Len != 8 {
		t.Fatalf("ChunkOf = %+v, want 8 bytes at 16", got)
	}
	b = graph.NewBuilder()
	leaf := b.Leaf(0, 0, 1)
	b.Check(0, 0, 0xf0, graph.KindBitvector, "Bits")
	p, err = b.Finish(leaf)
	if err != nil {
		t.Fatal(err)
	}
	if got := graph.ChunkOf(p); got != nil {
		t.Fatalf("ChunkOf of a checked program = %+v, want nil", got)
	}
}

// TestValidate breaks a valid program one way at a time; each must be
// refused, since the executor indexes the arena with these numbers.
func TestValidate(t *testing.T) {
	valid := func() *graph.Program {
		b := graph.NewBuilder()
		src := b.Pointer(0, 8, 0, "T.P")
		ext, _ := b.External("T.L")
		b.Check(src, 0, 0xfe, graph.KindBool, "T.P.B")
		p, err := b.Finish(b.Merkle([]graph.Ref{b.Leaf(src, 0, 1), ext, b.Leaf(0, 0, 32)}, 2))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if err := valid().Validate(); err != nil {
		t.Fatalf("valid program refused: %v", err)
	}
	cases := []struct {
		name, want string
		breakIt    func(p *graph.Program)
	}{
		{"no instance source", "program must start with the instance source", func(p *graph.Program) { p.Sources[0].Kind = graph.SourcePointer }},
		{"forward origin", "source 1: bad origin 1", func(p *graph.Program) { p.Sources[1].From = 1 }},
		{"second instance", "source 1: bad origin 0", func(p *graph.Program) { p.Sources[1].Kind = graph.SourceInstance }},
		{"external range", "source 2: external 0 out of range", func(p *graph.Program) { p.Externals = 0 }},
		{"check source", "check 0 out of range", func(p *graph.Program) { p.Checks[0].Src = 9 }},
		{"gather source", "gather 0 out of range", func(p *graph.Program) { p.Gathers[0].Src = 9 }},
		{"gather past leaves", "gather 0 out of range", func(p *graph.Program) { p.Gathers[0].Node = uint32(p.Leaves) }},
		{"gather of 0 bytes", "gather 0 out of range", func(p *graph.Program) { p.Gathers[0].Len = 0 }},
		{"gather of 33 bytes", "gather 0 out of range", func(p *graph.Program) { p.Gathers[0].Len = 33 }},
		{"leaf never gathered", "leaf 0 never gathered", func(p *graph.Program) { p.Gathers = p.Gathers[1:] }},
		{"const on a leaf", "const node 0 misplaced", func(p *graph.Program) { p.Consts[0].Node = 0 }},
		{"op out of range", "op 0 out of range", func(p *graph.Program) { p.Ops[0].Left = uint32(p.Nodes) }},
		{"op reads too early", "op 0 out of order", func(p *graph.Program) { p.Ops[0], p.Ops[len(p.Ops)-1] = p.Ops[len(p.Ops)-1], p.Ops[0] }},
		{"op writes a leaf", "op 0 out of order", func(p *graph.Program) { p.Ops[0].Out = 0 }},
		{"root out of range", "root node 7 not computed", func(p *graph.Program) { p.Root = uint32(p.Nodes) }},
		{"root never computed", "root node 6 not computed", func(p *graph.Program) { p.Ops = p.Ops[:len(p.Ops)-1] }},
	}
	for _, c := range cases {
		p := valid()
		c.breakIt(p)
		if err := p.Validate(); err == nil || err.Error() != "graph: "+c.want {
			t.Errorf("%s: Validate = %v, want graph: %s", c.name, err, c.want)
		}
	}
}

// TestDescribe renders a small graph: the inspection output plan's
// Describe returns.
func TestDescribe(t *testing.T) {
	b := graph.NewBuilder()
	ext, _ := b.External("T.L")
	p, err := b.Finish(b.Merkle([]graph.Ref{b.Leaf(0, 0, 8), ext}, 1))
	if err != nil {
		t.Fatal(err)
	}
	g := &graph.ProgramNode{Program: p, Fields: []graph.Field{{Node: &graph.PackedNode{Kind: graph.PackedList, ElemSize: 8, Limit: 16, Path: "T.L"}}}}
	want := "program: 2 leaves, 0 consts, 1 ops, 2 sources, 0 checks\n  packed list T.L: length 0, limit 16, element 8 bytes\n"
	if got := graph.Describe(g); got != want {
		t.Fatalf("Describe =\n%s\nwant\n%s", got, want)
	}
}
