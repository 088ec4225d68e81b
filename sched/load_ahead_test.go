package sched

import (
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
)

type aheadThing struct {
	A   uint64
	Ptr *[32]byte
	S   []byte
}

// aheadProgram is the program of an aheadThing whose root is over
// eight leaves: seven ops.
func aheadProgram(t *testing.T) *graph.Program {
	t.Helper()
	var th aheadThing
	b := graph.NewBuilder()
	p := b.Pointer(0, unsafe.Offsetof(th.Ptr), 32, "aheadThing.Ptr")
	s := b.Slice(0, unsafe.Offsetof(th.S), 32, 32, "aheadThing.S")
	// Eight leaves (the fields and copies of A): seven ops, enough to
	// cut into aheadPieces.
	leaves := []graph.Ref{b.Leaf(p, 0, 32), b.Leaf(s, 0, 32)}
	for len(leaves) < 8 {
		leaves = append(leaves, b.Leaf(0, 0, 8))
	}
	root := b.Merkle(leaves, 3)
	prog, err := b.Finish(root)
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// TestSplitAhead checks that the pieces of a block's op list cover the
// list exactly, each starting between two ops of the program (a
// multiple of the block's groups, so the kernels pairing two ops keep
// their pairs), that a one-group block is not cut, and that the fields
// asked for ahead are the instance's pointer and slice fields.
func TestSplitAhead(t *testing.T) {
	p := aheadProgram(t)
	var th aheadThing
	for _, info := range lanes.Kernels() {
		k, err := lanes.Select(info.Hash, info.Name)
		switch {
		case !info.Available:
			continue // a kernel this CPU cannot run: nothing to cut
		case err != nil:
			t.Fatal(err)
		}
		tr := NewTree(k, nil)
		if one := newBlock(tr, p, 1, zeroValue(64), nil); one.pieces != nil {
			t.Errorf("%s: a one-group block is cut into %d pieces", info.Name, len(one.pieces))
		}
		g := blockLanes / k.Width()
		b := newBlock(tr, p, g, zeroValue(64), nil)
		if b.pieces == nil {
			if canPrefetch && b.opsK != nil && g > 1 {
				t.Errorf("%s: %d groups of %d ops not cut", info.Name, g, len(p.Ops))
			}
			continue
		}
		at := 0
		for i, piece := range b.pieces {
			if at%g != 0 {
				t.Errorf("%s: piece %d starts at op %d, inside a run of %d groups", info.Name, i, at, g)
			}
			at += piece.Len()
		}
		if at != len(b.ops) {
			t.Errorf("%s: pieces hold %d ops, the list %d", info.Name, at, len(b.ops))
		}
		want := []uintptr{unsafe.Offsetof(th.Ptr), unsafe.Offsetof(th.S)}
		if len(b.ahead) != 2 || b.ahead[0] != want[0] || b.ahead[1] != want[1] {
			t.Errorf("%s: fields ahead %v, want %v", info.Name, b.ahead, want)
		}
	}
}

// TestPrefetchNeverFaults asks for memory behind nil, empty and dangling
// looking fields and past a slice's last element: hints must not fault.
func TestPrefetchNeverFaults(t *testing.T) {
	things := make([]aheadThing, 5)
	things[1].Ptr = new([32]byte)
	things[2].S = make([]byte, 32)
	things[3].A = ^uint64(0)
	base := uintptr(unsafe.Pointer(&things[0]))
	stride := unsafe.Sizeof(things[0])
	prefetchLines(base, stride*5)
	prefetchLines(base+stride*5, 4096) // past the end: a hint only
	prefetchLines(0, 64)
	prefetchField(base, stride, 5, unsafe.Offsetof(things[0].Ptr))
	prefetchField(base, stride, 5, unsafe.Offsetof(things[0].S))
	prefetchField(base, stride, 5, 0) // A = ^0 read as an address
	prefetchField(base, stride, 0, 0)
}
