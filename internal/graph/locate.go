package graph

import (
	"errors"
	"math/bits"
)

// ErrNotInProgram is returned by Program.Locate for a generalized index
// that is not a node of the program: below a leaf chunk, or below an
// external leaf (the field's own node holds what lies there).
var ErrNotInProgram = errors.New("graph: generalized index is not a node of the program")

// Located is where a generalized index lands in a program.
type Located struct {
	// Node is the node of the program at the index, when Zero is -1.
	Node uint32
	// Zero is, when not -1, the depth of the zero subtree whose root is
	// the node at the index: the index lies inside a constant of the
	// program, where every node is zero_hashes[Zero].
	Zero int
}

// Locate returns the node at generalized index g (1 is the program's
// Root, 2 and 3 its children, …) of the program's Merkle tree. It is how
// a proof reads the inner nodes of one instance (an element of a cached
// list) from the program that roots it, instead of from a second
// description of the same tree.
func (p *Program) Locate(g uint64) (Located, error) {
	if g == 0 {
		return Located{}, ErrNotInProgram
	}
	// The op computing each node; leaves and constants have none.
	op := make([]int32, p.Nodes)
	for i := range op {
		op[i] = -1
	}
	for i, o := range p.Ops {
		op[o.Out] = int32(i)
	}
	constDepth := func(n uint32) int {
		for _, c := range p.Consts {
			if c.Node == n && c.Value == nil {
				return int(c.Depth)
			}
		}
		return -1
	}
	cur, zero := p.Root, -1
	for d := bits.Len64(g) - 2; d >= 0; d-- {
		right := g>>uint(d)&1 == 1
		if zero < 0 {
			if i := op[cur]; i >= 0 {
				if right {
					cur = p.Ops[i].Right
				} else {
					cur = p.Ops[i].Left
				}
				continue
			}
			zero = constDepth(cur)
		}
		// Inside a zero subtree both children are the zero subtree one
		// level down; a zero chunk (depth 0) or a leaf has no children.
		if zero <= 0 {
			return Located{}, ErrNotInProgram
		}
		zero--
	}
	if zero < 0 {
		zero = constDepth(cur)
	}
	if zero < 0 {
		return Located{Node: cur, Zero: -1}, nil
	}
	return Located{Zero: zero}, nil
}
