package graph

import (
	"fmt"
	"reflect"
	"strings"
)

// Node is one node of a plan graph: what the compiler (package plan)
// produces from a type and what sched.Exec runs. Each node computes the
// roots of many values of one SSZ type. The node types are plain data,
// open to inspection; only this package implements Node.
type Node interface {
	node()
}

// ProgramNode is a fixed-shape type hashed by one lockstep Program. Its
// external leaves (Program.Externals of them, in order) are the roots of
// Fields, computed by their own nodes for all instances first.
type ProgramNode struct {
	Program *Program
	Fields  []Field
}

// Field is a part of an instance hashed by its own node: the value
// reached from the instance through Steps.
type Field struct {
	Steps []Step
	Node  Node
	// ZeroSize is the Go size of the field; a nil embedded pointer on
	// the way reads as that many zero bytes.
	ZeroSize uintptr
}

// Step is one move from a struct to one of its fields: add Off, then,
// when Deref, load the pointer stored there (nil reads as the zero
// value of the pointed-to struct).
type Step struct {
	Off   uintptr
	Deref bool
}

// ChunkNode is a type whose root is its own Len bytes at offset Off,
// zero-padded to one chunk (a Bytes32, a uint64): nothing is hashed.
type ChunkNode struct {
	Off uintptr
	Len int
	// Basic marks an SSZ basic type: lists of it are packed, not lists
	// of roots.
	Basic bool
	// Bool marks a boolean, whose byte must be 0 or 1 (an error of kind
	// KindBool otherwise, named by Path).
	Bool bool
	Path string
}

// SeqKind says which SSZ sequence a SeqNode is.
type SeqKind uint8

const (
	// SeqVector is Vector[elem, Length].
	SeqVector SeqKind = iota
	// SeqList is List[elem, Limit].
	SeqList
	// SeqProgressiveList is EIP-7916's ProgressiveList[elem].
	SeqProgressiveList
)

// SeqNode is a vector or list of composite elements: every instance's
// elements are rooted in one batch by Elem, then each instance's roots
// are merkleized (the level queue finishes all trees together).
type SeqNode struct {
	Kind SeqKind
	Elem Node
	// Array is true for a Go array (elements in place); otherwise the
	// value is a slice (an empty slice stands for the zero vector).
	Array bool
	// Stride is the Go size of one element slot.
	Stride uintptr
	Length uint64 // vector length
	Limit  uint64 // list limit
	Path   string
}

// PackedKind says which SSZ type a PackedNode is.
type PackedKind uint8

const (
	// PackedVector is a vector of basic values.
	PackedVector PackedKind = iota
	// PackedList is a list of basic values.
	PackedList
	// PackedProgressiveList is a progressive list of basic values.
	PackedProgressiveList
	// Bitvector is Bitvector[Length].
	Bitvector
	// Bitlist is Bitlist[Limit].
	Bitlist
	// ProgressiveBitlist is EIP-7916's ProgressiveBitlist.
	ProgressiveBitlist
)

// PackedNode is a packed basic vector or list or a bitfield: its bytes
// are chunked and merkleized as a wide tree.
type PackedNode struct {
	Kind PackedKind
	// Array is true for a Go array of ArrayLen elements (bytes in
	// place); otherwise the value is a slice.
	Array    bool
	ArrayLen int
	// ElemSize is the size of one element (1 for bitfields).
	ElemSize uint64
	Length   uint64 // vector length in elements, bitvector length in bits
	Limit    uint64 // list limit in elements, bitlist limit in bits
	// Bools marks elements that are booleans: a byte above 1, in Go
	// memory or serialized, is an error of kind KindBool.
	Bools bool
	Path  string
}

// UnionNode is an ssz.Union or an EIP-8016 ssz.CompatibleUnion: the
// selected option's root mixed with the selector. OptionTypes[i] is the
// Go type the union's value must hold for selector i and Options[i] its
// node; both are nil for the None option of a Union, and in a
// CompatibleUnion (Compatible) for every selector that is not an option.
type UnionNode struct {
	Type        reflect.Type // the Union struct type, or a pointer to it (nil reads as the zero union)
	Options     []Node
	OptionTypes []reflect.Type
	Compatible  bool
	Path        string
}

// ProgressiveNode is an EIP-7495 progressive container: every field's
// roots for all instances, then per instance merkleize_progressive over
// the active-field positions and mix_in_active_fields.
type ProgressiveNode struct {
	Fields       []Field
	ActiveFields []bool
}

func (*ProgramNode) node()     {}
func (*ChunkNode) node()       {}
func (*SeqNode) node()         {}
func (*PackedNode) node()      {}
func (*UnionNode) node()       {}
func (*ProgressiveNode) node() {}

// Describe renders the graph under n as indented text, one node a line,
// for inspection: "program: 9 leaves, 8 ops" for a phase0 Validator.
func Describe(n Node) string {
	var b strings.Builder
	describe(&b, n, 0)
	return b.String()
}

func describe(b *strings.Builder, n Node, depth int) {
	b.WriteString(strings.Repeat("  ", depth))
	switch n := n.(type) {
	case *ProgramNode:
		p := n.Program
		fmt.Fprintf(b, "program: %d leaves, %d consts, %d ops, %d sources, %d checks\n", p.Leaves, len(p.Consts), len(p.Ops), len(p.Sources), len(p.Checks))
		describeFields(b, n.Fields, depth+1)
	case *ChunkNode:
		fmt.Fprintf(b, "chunk: %d bytes at %d (basic %t)\n", n.Len, n.Off, n.Basic)
	case *SeqNode:
		fmt.Fprintf(b, "%s %s: length %d, limit %d\n", [...]string{"vector", "list", "progressive list"}[n.Kind], n.Path, n.Length, n.Limit)
		describe(b, n.Elem, depth+1)
	case *PackedNode:
		fmt.Fprintf(b, "%s %s: length %d, limit %d, element %d bytes\n", [...]string{"packed vector", "packed list", "packed progressive list", "bitvector", "bitlist", "progressive bitlist"}[n.Kind], n.Path, n.Length, n.Limit, n.ElemSize)
	case *UnionNode:
		kind := "union"
		if n.Compatible {
			kind = "compatible union"
		}
		fmt.Fprintf(b, "%s %s: %d selectors\n", kind, n.Path, len(n.Options))
		for _, o := range n.Options {
			if o == nil {
				if !n.Compatible {
					b.WriteString(strings.Repeat("  ", depth+1) + "none\n")
				}
				continue
			}
			describe(b, o, depth+1)
		}
	case *ProgressiveNode:
		fmt.Fprintf(b, "progressive container: %d active of %d positions\n", len(n.Fields), len(n.ActiveFields))
		describeFields(b, n.Fields, depth+1)
	default:
		fmt.Fprintf(b, "%T\n", n)
	}
}

func describeFields(b *strings.Builder, fs []Field, depth int) {
	for _, f := range fs {
		describe(b, f.Node, depth)
	}
}
