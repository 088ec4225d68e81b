package graph

import (
	"fmt"

	"github.com/lanehash/lanehash/lanes"
)

// SourceKind says how a Source finds its base address.
type SourceKind uint8

const (
	// SourceInstance is the instance itself (always source 0).
	SourceInstance SourceKind = iota
	// SourcePointer loads a pointer stored at From+Off.
	SourcePointer
	// SourceSlice loads the data pointer of a slice stored at From+Off,
	// after checking that the slice has exactly Len elements (or, when
	// ZeroSize is not 0, none: an empty slice reads as zero bytes).
	SourceSlice
	// SourceExternal is the instance's 32-byte root in external root
	// buffer Ext, computed before the program runs (variable-size or
	// wide fields hashed by other means).
	SourceExternal
)

// Source is a base address an instance's leaves are read from: the
// instance, or memory reached from another source through a pointer or
// a slice. Sources are resolved in order, so From is always smaller than
// the source's own index.
type Source struct {
	Kind SourceKind
	From uint32
	Off  uintptr
	// Len is the exact element count a SourceSlice must have.
	Len int
	// Ext is the external root buffer of a SourceExternal.
	Ext int
	// ZeroSize, when not 0, makes a nil SourcePointer or an empty
	// SourceSlice read as ZeroSize zero bytes (the zero value) instead of
	// an error.
	ZeroSize uintptr
	// Path names the field for error messages.
	Path string
}

// Gather copies Len bytes (1..32) at Src+Off into the start of leaf
// chunk Node; the rest of the chunk is zero.
type Gather struct {
	Src  uint32
	Len  uint32
	Off  uintptr
	Node uint32
}

// Check rejects an instance whose byte at Src+Off has any bit of Mask
// set (a bitvector's unused high bits, a serialized boolean above 1);
// the run fails with a sched.Error of kind Kind.
type Check struct {
	Src  uint32
	Mask uint8
	Off  uintptr
	Kind Kind
	Path string
}

// Const is a node holding zero_hashes[Depth] in every lane, or, when
// Value is not nil, the chunk *Value (a progressive container's
// active-fields bitvector, the same in every instance).
type Const struct {
	Node  uint32
	Depth uint8
	Value *[32]byte
}

// Chunk returns the constant's chunk, zero giving zero_hashes[d].
func (c Const) Chunk(zero func(d int) [32]byte) [32]byte {
	if c.Value != nil {
		return *c.Value
	}
	return zero(int(c.Depth))
}

// Program is the static plan of one fixed-shape object. Nodes
// 0..Leaves-1 are leaf chunks filled by Gathers, then come the Consts,
// then the outputs of Ops, which run in order. Root is the object's
// root node.
type Program struct {
	Sources []Source
	Gathers []Gather
	Checks  []Check
	Leaves  int
	Consts  []Const
	Ops     []lanes.Op
	Nodes   int
	Root    uint32
	// Externals is the number of external root buffers the program reads.
	Externals int
}

// Validate checks the program's internal consistency: every index in
// range, every node written before it is read, every leaf gathered.
func (p *Program) Validate() error {
	if len(p.Sources) == 0 || p.Sources[0].Kind != SourceInstance {
		return fmt.Errorf("graph: program must start with the instance source")
	}
	for i, s := range p.Sources[1:] {
		if int(s.From) > i || s.Kind == SourceInstance {
			return fmt.Errorf("graph: source %d: bad origin %d", i+1, s.From)
		}
		if s.Kind == SourceExternal && (s.Ext < 0 || s.Ext >= p.Externals) {
			return fmt.Errorf("graph: source %d: external %d out of range", i+1, s.Ext)
		}
	}
	for i, c := range p.Checks {
		if int(c.Src) >= len(p.Sources) {
			return fmt.Errorf("graph: check %d out of range", i)
		}
	}
	ready := make([]bool, p.Nodes)
	for i, g := range p.Gathers {
		if int(g.Src) >= len(p.Sources) || int(g.Node) >= p.Leaves || g.Len == 0 || g.Len > 32 {
			return fmt.Errorf("graph: gather %d out of range", i)
		}
		ready[g.Node] = true
	}
	for n := 0; n < p.Leaves; n++ {
		if !ready[n] {
			return fmt.Errorf("graph: leaf %d never gathered", n)
		}
	}
	for _, c := range p.Consts {
		if int(c.Node) < p.Leaves || int(c.Node) >= p.Nodes || ready[c.Node] {
			return fmt.Errorf("graph: const node %d misplaced", c.Node)
		}
		ready[c.Node] = true
	}
	for i, op := range p.Ops {
		if int(op.Left) >= p.Nodes || int(op.Right) >= p.Nodes || int(op.Out) >= p.Nodes {
			return fmt.Errorf("graph: op %d out of range", i)
		}
		if !ready[op.Left] || !ready[op.Right] || ready[op.Out] {
			return fmt.Errorf("graph: op %d out of order", i)
		}
		ready[op.Out] = true
	}
	if int(p.Root) >= p.Nodes || !ready[p.Root] {
		return fmt.Errorf("graph: root node %d not computed", p.Root)
	}
	return nil
}

// ChunkOf returns the ChunkNode of a program that is one leaf gathered
// straight from the instance (its root is its own bytes), or nil. A
// program with checks is not a chunk (the chunk rooter copies bytes and
// would drop them), except a boolean's: its one check of its one byte is
// the ChunkNode's Bool.
func ChunkOf(p *Program) *ChunkNode {
	if len(p.Ops) != 0 || len(p.Gathers) != 1 || len(p.Sources) != 1 || p.Root != p.Gathers[0].Node {
		return nil
	}
	g := p.Gathers[0]
	c := &ChunkNode{Off: g.Off, Len: int(g.Len)}
	switch {
	case len(p.Checks) == 0:
	case len(p.Checks) == 1 && p.Checks[0].Kind == KindBool && p.Checks[0].Off == g.Off && p.Checks[0].Mask == 0xfe && g.Len == 1:
		c.Bool, c.Path = true, p.Checks[0].Path
	default:
		return nil
	}
	return c
}
