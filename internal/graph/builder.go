package graph

import (
	"fmt"

	"github.com/lanehash/lanehash/lanes"
)

// Ref is a node of a program under construction.
type Ref struct{ id int32 }

type nodeKind uint8

const (
	nodeLeaf nodeKind = iota
	nodeConst
	nodeOp
)

type buildNode struct {
	kind  nodeKind
	depth uint8     // zero-hash depth of a const node
	val   *[32]byte // the chunk of a const node that is no zero hash
	left  int32     // children of an op node
	right int32
}

// Builder assembles a Program: sources, leaves, zero constants and pairs,
// in any order; Finish numbers the nodes the way the executor wants them.
type Builder struct {
	sources   []Source
	gathers   []Gather // Node holds the symbolic id until Finish
	checks    []Check
	nodes     []buildNode
	zero      map[int]Ref
	externals int
}

// NewBuilder returns a builder whose source 0 is the instance.
func NewBuilder() *Builder {
	return &Builder{
		sources: []Source{{Kind: SourceInstance}},
		zero:    map[int]Ref{},
	}
}

// Pointer adds a source that loads the pointer stored at offset off of
// source from. A nil pointer is an error naming path, or, when zeroSize
// is not 0, reads as zeroSize zero bytes.
func (b *Builder) Pointer(from int, off uintptr, zeroSize uintptr, path string) int {
	b.sources = append(b.sources, Source{Kind: SourcePointer, From: uint32(from), Off: off, ZeroSize: zeroSize, Path: path})
	return len(b.sources) - 1
}

// Slice adds a source that loads the data of the slice stored at offset
// off of source from, which must hold exactly n elements; when zeroSize
// is not 0, an empty slice also passes and reads as zeroSize zero bytes.
func (b *Builder) Slice(from int, off uintptr, n int, zeroSize uintptr, path string) int {
	b.sources = append(b.sources, Source{Kind: SourceSlice, From: uint32(from), Off: off, Len: n, ZeroSize: zeroSize, Path: path})
	return len(b.sources) - 1
}

// External adds a leaf whose chunk is the instance's root in a new
// external root buffer, and returns the leaf and the buffer's number.
func (b *Builder) External(path string) (Ref, int) {
	ext := b.externals
	b.externals++
	b.sources = append(b.sources, Source{Kind: SourceExternal, Ext: ext, Path: path})
	return b.Leaf(len(b.sources)-1, 0, 32), ext
}

// Leaf adds a leaf chunk holding the n bytes (1..32) at offset off of
// source src, zero-padded.
func (b *Builder) Leaf(src int, off uintptr, n int) Ref {
	b.nodes = append(b.nodes, buildNode{kind: nodeLeaf})
	id := int32(len(b.nodes) - 1)
	b.gathers = append(b.gathers, Gather{Src: uint32(src), Off: off, Len: uint32(n), Node: uint32(id)})
	return Ref{id}
}

// Check adds a check that the byte at offset off of source src has no
// bit of mask set; a failure is a sched.Error at path of that kind.
func (b *Builder) Check(src int, off uintptr, mask uint8, kind Kind, path string) {
	b.checks = append(b.checks, Check{Src: uint32(src), Off: off, Mask: mask, Kind: kind, Path: path})
}

// Zero returns the constant node zero_hashes[depth].
func (b *Builder) Zero(depth int) Ref {
	if n, ok := b.zero[depth]; ok {
		return n
	}
	b.nodes = append(b.nodes, buildNode{kind: nodeConst, depth: uint8(depth)})
	n := Ref{int32(len(b.nodes) - 1)}
	b.zero[depth] = n
	return n
}

// Value returns a new constant node holding chunk v in every instance
// (a progressive container's active-fields bitvector).
func (b *Builder) Value(v [32]byte) Ref {
	b.nodes = append(b.nodes, buildNode{kind: nodeConst, val: &v})
	return Ref{int32(len(b.nodes) - 1)}
}

// MerkleProgressive returns EIP-7916's merkleize_progressive of nodes:
// the first chunk, then the next 4, 16, … as subtrees of depth 0, 2, 4,
// …, each the left child of a spine node whose right child is the rest
// (a zero chunk after the last).
func (b *Builder) MerkleProgressive(nodes []Ref) Ref {
	var subs []Ref
	for size, depth := 1, 0; len(nodes) > 0; size, depth = 4*size, depth+2 {
		k := min(size, len(nodes))
		subs = append(subs, b.Merkle(nodes[:k], depth))
		nodes = nodes[k:]
	}
	r := b.Zero(0)
	for k := len(subs) - 1; k >= 0; k-- {
		r = b.Pair(subs[k], r)
	}
	return r
}

// Pair returns the parent of l and r. The parent of two equal zero
// subtrees is itself a constant, never hashed.
func (b *Builder) Pair(l, r Ref) Ref {
	ln, rn := b.nodes[l.id], b.nodes[r.id]
	if ln.kind == nodeConst && rn.kind == nodeConst && ln.val == nil && rn.val == nil && ln.depth == rn.depth {
		return b.Zero(int(ln.depth) + 1)
	}
	b.nodes = append(b.nodes, buildNode{kind: nodeOp, left: l.id, right: r.id})
	return Ref{int32(len(b.nodes) - 1)}
}

// Merkle returns the root of nodes padded with zero subtrees to 2^depth
// leaves. len(nodes) must not exceed 2^depth.
func (b *Builder) Merkle(nodes []Ref, depth int) Ref {
	level := append([]Ref(nil), nodes...)
	for d := 0; d < depth; d++ {
		if len(level) == 0 {
			return b.Zero(depth)
		}
		if len(level)%2 == 1 {
			level = append(level, b.Zero(d))
		}
		for i := 0; i < len(level)/2; i++ {
			level[i] = b.Pair(level[2*i], level[2*i+1])
		}
		level = level[:len(level)/2]
	}
	if len(level) == 0 {
		return b.Zero(depth)
	}
	return level[0]
}

// Finish numbers the nodes (leaves first, then constants, then op
// outputs), checks the result and returns the program with root as its
// root node.
func (b *Builder) Finish(root Ref) (*Program, error) {
	index := make([]uint32, len(b.nodes))
	p := &Program{Sources: b.sources, Checks: b.checks, Externals: b.externals}
	next := uint32(0)
	for i, n := range b.nodes {
		if n.kind == nodeLeaf {
			index[i] = next
			next++
		}
	}
	p.Leaves = int(next)
	for i, n := range b.nodes {
		if n.kind == nodeConst {
			index[i] = next
			p.Consts = append(p.Consts, Const{Node: next, Depth: n.depth, Value: n.val})
			next++
		}
	}
	for i, n := range b.nodes {
		if n.kind == nodeOp {
			index[i] = next
			p.Ops = append(p.Ops, lanes.Op{Left: index[n.left], Right: index[n.right], Out: next})
			next++
		}
	}
	p.Nodes = int(next)
	p.Root = index[root.id]
	p.Gathers = make([]Gather, len(b.gathers))
	for i, g := range b.gathers {
		g.Node = index[g.Node]
		p.Gathers[i] = g
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("graph: builder produced a bad program: %w", err)
	}
	return p, nil
}
