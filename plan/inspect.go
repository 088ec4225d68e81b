package plan

import (
	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/internal/plangraph"
)

func init() {
	plangraph.Of = func(p any) graph.Node {
		if g, ok := p.(interface{ graphRoot() graph.Node }); ok {
			return g.graphRoot()
		}
		return nil
	}
}

// graphRoot returns the root of the plan graph, for plangraph.Of.
func (p *Plan[T]) graphRoot() graph.Node { return p.graph }

// Describe renders the plan graph of T as indented text, one node a
// line: what the compiler made of the type (one lockstep program for a
// Validator: "program: 9 leaves, 1 consts, 8 ops, ...", sequences,
// packed lists and bitfields, unions, progressive containers, and the
// fields hashed by their own nodes before a program runs).
func (p *Plan[T]) Describe() string { return graph.Describe(p.graph) }
