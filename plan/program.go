package plan

import (
	"fmt"
	"reflect"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// maxProgramLeaves bounds the leaf chunks of a type compiled into one
// lockstep program; bigger fixed-size parts (a BeaconState's 8192 block
// roots) are wide trees, hashed with Pairs and fed in as external roots.
const maxProgramLeaves = 256

// leafCount returns the number of leaf chunks of a fixed-size type
// compiled inline, or more than maxProgramLeaves when it has variable
// parts or is too big.
func leafCount(t *ssz.Type) uint64 {
	const tooMany = maxProgramLeaves + 1
	if !t.Fixed {
		return tooMany
	}
	if t.IsBasic() {
		return 1
	}
	switch t.Kind {
	case ssz.KindBitvector:
		return (t.Size + 31) / 32
	case ssz.KindVector:
		if packed(t) {
			return (t.Size + 31) / 32
		}
		if t.Length > tooMany {
			return tooMany
		}
		return min(t.Length*leafCount(t.Elem), tooMany)
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		var n uint64
		for _, f := range t.Fields {
			n = min(n+leafCount(f.Type), tooMany)
		}
		return n
	}
	return tooMany
}

// inline reports whether t compiles into a lockstep program.
func inline(t *ssz.Type) bool { return leafCount(t) <= maxProgramLeaves }

// packed reports whether a vector or list of t's elements is packed
// basic values whose Go memory is their serialized form (little-endian
// host; elements held through pointers, such as []*uint256.Int, are
// not).
func packed(t *ssz.Type) bool {
	return t.Elem != nil && t.Elem.IsBasic() && t.Elem.Go.Kind() != reflect.Pointer
}

// emitter adds the Go-memory program of inline types to a builder.
type emitter struct {
	b *graph.Builder
}

// value emits the subtree of a value of type t stored at offset off of
// source src and returns its root node.
func (e *emitter) value(t *ssz.Type, src int, off uintptr, path string) (graph.Ref, error) {
	if t.Go.Kind() == reflect.Pointer {
		s := e.b.Pointer(src, off, t.Go.Elem().Size(), path)
		elem := *t
		elem.Go = t.Go.Elem()
		return e.value(&elem, s, 0, path)
	}
	switch t.Kind {
	case ssz.KindBool:
		// A Go bool holding a byte above 1 (made through unsafe, or by a
		// zero-copy decoder that did not check) would hash as that byte:
		// a root of no valid value. It is refused as the decoder refuses
		// such a serialized boolean.
		e.b.Check(src, off, 0xfe, graph.KindBool, path)
		return e.b.Leaf(src, off, int(t.Size)), nil
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64, ssz.KindUint128, ssz.KindUint256:
		return e.b.Leaf(src, off, int(t.Size)), nil
	case ssz.KindBitvector:
		s, o := e.bytes(t, src, off, t.Size, path)
		if extra := t.Length % 8; extra != 0 {
			e.b.Check(s, o+uintptr(t.Size-1), ^byte(1<<extra-1), graph.KindBitvector, path)
		}
		return e.packedLeaves(s, o, t.Size, (t.Size+31)/32), nil
	case ssz.KindVector:
		if packed(t) {
			s, o := e.bytes(t, src, off, t.Length, path)
			if t.Elem.Kind == ssz.KindBool {
				for i := range t.Length {
					e.b.Check(s, o+uintptr(i), 0xfe, graph.KindBool, sszpath.Index(path, int(i)))
				}
			}
			return e.packedLeaves(s, o, t.Size, (t.Size+31)/32), nil
		}
		s, o := e.bytes(t, src, off, t.Length, path)
		stride := t.Go.Elem().Size()
		nodes := make([]graph.Ref, t.Length)
		for i := range nodes {
			n, err := e.value(t.Elem, s, o+uintptr(i)*stride, sszpath.Index(path, int(i)))
			if err != nil {
				return graph.Ref{}, err
			}
			nodes[i] = n
		}
		return e.b.Merkle(nodes, sched.Depth(t.Length)), nil
	case ssz.KindContainer:
		nodes := make([]graph.Ref, len(t.Fields))
		for i, f := range t.Fields {
			s, o := e.field(t.Go, f, src, off)
			n, err := e.value(f.Type, s, o, sszpath.Field(path, f.Name))
			if err != nil {
				return graph.Ref{}, err
			}
			nodes[i] = n
		}
		return e.b.Merkle(nodes, sched.Depth(uint64(len(nodes)))), nil
	case ssz.KindProgressiveContainer:
		return progressiveFields(e.b, t, func(f ssz.Field) (graph.Ref, error) {
			s, o := e.field(t.Go, f, src, off)
			return e.value(f.Type, s, o, sszpath.Field(path, f.Name))
		})
	}
	return graph.Ref{}, fmt.Errorf("plan: %s: kind %d cannot be inlined", path, t.Kind)
}

// bytes returns where the elements of an array or slice of n elements
// start: in place for an array, through the slice (exactly n elements,
// or empty for the zero vector) otherwise.
func (e *emitter) bytes(t *ssz.Type, src int, off uintptr, n uint64, path string) (int, uintptr) {
	if t.Go.Kind() == reflect.Array {
		return src, off
	}
	size := uintptr(n) * t.Go.Elem().Size()
	return e.b.Slice(src, off, int(n), size, path), 0
}

// packedLeaves emits the chunks of size packed bytes at src+off and
// merkleizes them to the depth of limit chunks.
func (e *emitter) packedLeaves(src int, off uintptr, size, limit uint64) graph.Ref {
	nodes := make([]graph.Ref, 0, (size+31)/32)
	for at := uint64(0); at < size; at += 32 {
		nodes = append(nodes, e.b.Leaf(src, off+uintptr(at), int(min(32, size-at))))
	}
	return e.b.Merkle(nodes, sched.Depth(limit))
}

// field returns where field f of a struct of Go type st at src+off
// lives, adding pointer sources for embedded pointers on the way.
func (e *emitter) field(st reflect.Type, f ssz.Field, src int, off uintptr) (int, uintptr) {
	if f.Direct {
		return src, off + f.Offset
	}
	for _, s := range fieldSteps(st, f) {
		off += s.off
		if s.deref {
			src = e.b.Pointer(src, off, s.zeroSize, f.Path)
			off = 0
		}
	}
	return src, off
}

// step is one move from a struct to one of its fields: add off, then,
// for an embedded pointer, load the pointer (nil reads as zeroSize zero
// bytes, the zero value of the embedded struct).
type step struct {
	off      uintptr
	deref    bool
	zeroSize uintptr
}

// fieldSteps walks f.Index from struct type st.
func fieldSteps(st reflect.Type, f ssz.Field) []step {
	if f.Direct {
		return []step{{off: f.Offset}}
	}
	var steps []step
	t := st
	for i, idx := range f.Index {
		sf := t.Field(idx)
		s := step{off: sf.Offset}
		t = sf.Type
		if i < len(f.Index)-1 && t.Kind() == reflect.Pointer {
			t = t.Elem()
			s.deref, s.zeroSize = true, t.Size()
		}
		steps = append(steps, s)
	}
	return steps
}

// progressiveFields emits an EIP-7495 progressive container inline: its
// fields (rooted by field, in order) at their active positions, zero
// chunks in the gaps, merkleized progressively and mixed with the
// active-fields bitvector, a constant node of the program.
func progressiveFields(b *graph.Builder, t *ssz.Type, field func(f ssz.Field) (graph.Ref, error)) (graph.Ref, error) {
	nodes := make([]graph.Ref, len(t.ActiveFields))
	var active [32]byte
	fi := 0
	for pos, on := range t.ActiveFields {
		if !on {
			nodes[pos] = b.Zero(0)
			continue
		}
		active[pos/8] |= 1 << (pos % 8)
		n, err := field(t.Fields[fi])
		if err != nil {
			return graph.Ref{}, err
		}
		nodes[pos] = n
		fi++
	}
	return b.Pair(b.MerkleProgressive(nodes), b.Value(active)), nil
}
