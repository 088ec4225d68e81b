package cache

import (
	"errors"
	"fmt"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// ErrTooLarge reports a type with a vector (or bitvector) whose tree the
// cache would have to hold in memory, sized to the vector's length, past
// MaxVectorBytes: such a vector (a ssz-size of 2^40 elements) can be
// hashed by description, as plan and the reference hash its zero value
// from zero-subtree roots, but a cached tree keeps every chunk of a
// vector and every element's copy. New, NewList and TreeOf refuse the
// type with an *ssz.Error whose Path names the vector, wrapping
// ErrTooLarge and ssz.ErrUnsupported, before anything is allocated.
var ErrTooLarge = errors.New("cache: vector too large to keep")

// MaxVectorBytes bounds what one vector anywhere in a cached type (a
// field, a list or vector element, a union option) may cost the tree:
// 64 bytes per chunk for its levels, plus its serialization when its
// elements are fixed-size (Detect's copy), or per element of variable
// size what the element's nodes hold with its lists empty, counted from
// the element's type (a node per variable-size part, each at its
// measured size: about 100 bytes for a short byte list such as a
// transaction, several hundred for a container, whose fields are nodes
// of their own). 4 GiB: a vector of 2^26 validators, far past any
// consensus type (the largest, a state's 65536 randao mixes, costs 6
// MiB). A list costs what its elements hold, bounded by its limit only:
// the check cannot bound it, and the value's own size does. A vector
// held by an empty slice, the zero vector, costs nothing: it is kept by
// description (a basic vector or bitvector as the zero-subtree root at
// its depth, a vector of composite elements as the zero element's root
// and its ladder of repeated roots), and its chunks, element roots and
// copies are stored only while the value holds its elements.
const MaxVectorBytes uint64 = 1 << 32

// checkVectors returns the ErrTooLarge of the first vector of t (at
// path) past MaxVectorBytes, walking fields, elements and union options
// once per type.
func checkVectors(t *ssz.Type, path string) error {
	return vectorsWalk(t, path, map[*ssz.Type]bool{})
}

func vectorsWalk(t *ssz.Type, path string, seen map[*ssz.Type]bool) error {
	if t == nil || seen[t] {
		return nil
	}
	seen[t] = true
	switch t.Kind {
	case ssz.KindVector, ssz.KindBitvector:
		if _, ok := checked.Int(t.Length); !ok {
			// The tree counts a vector's elements (a bitvector's bits)
			// in an int: on a 32-bit host a bitvector of 2^31 bits or
			// more, which costs less than MaxVectorBytes, would wrap.
			return &ssz.Error{Path: path, Err: fmt.Errorf("%w (%w): a vector of %d elements or bits is more than an int counts on this host; plan.PlanFor roots it", ErrTooLarge, ssz.ErrUnsupported, t.Length)}
		}
		if cost, ok := vectorCost(t); !ok || cost > MaxVectorBytes {
			what := fmt.Sprintf("%d elements", t.Length)
			if t.Kind == ssz.KindBitvector {
				what = fmt.Sprintf("%d bits", t.Length)
			}
			return &ssz.Error{Path: path, Err: fmt.Errorf("%w (%w): a vector of %s would need more than %d bytes of stored tree; plan.PlanFor roots it by description", ErrTooLarge, ssz.ErrUnsupported, what, MaxVectorBytes)}
		}
	}
	if t.Elem != nil {
		if err := vectorsWalk(t.Elem, path+"[]", seen); err != nil {
			return err
		}
	}
	for _, f := range t.Fields {
		if err := vectorsWalk(f.Type, sszpath.Field(path, f.Name), seen); err != nil {
			return err
		}
	}
	for i, o := range t.Options {
		if err := vectorsWalk(o, fmt.Sprintf("%s.Option%d", path, i), seen); err != nil {
			return err
		}
	}
	return nil
}

// vectorCost is what the tree of vector or bitvector t costs, at most;
// ok is false past 2^64.
func vectorCost(t *ssz.Type) (uint64, bool) {
	cost, ok := checked.Mul(t.ChunkCount(), 64)
	if !ok {
		return 0, false
	}
	extra := t.Size
	if t.Kind == ssz.KindVector && !t.Elem.Fixed {
		per, ok := elemCost(t.Elem)
		if !ok {
			return 0, false
		}
		if extra, ok = checked.Mul(t.Length, per); !ok {
			return 0, false
		}
	}
	return checked.Add(cost, extra)
}

// elemCost bounds what a variable-size element of type t costs a
// vector's tree beyond its element root: its slot among the vector's
// nodes and its own nodes with its lists empty (nodeCost).
func elemCost(t *ssz.Type) (uint64, bool) {
	c, ok := nodeCost(t, 0)
	if !ok {
		return 0, false
	}
	return checked.Add(c, uint64(unsafe.Sizeof(node(nil))))
}

// allocBytes bounds what an allocation of n bytes holds of the heap: Go
// rounds a small object up to its size class, at most an eighth more
// (16 bytes more for the smallest).
func allocBytes(n uintptr) uint64 { return uint64(n) + uint64(n)/8 + 16 }

// pathBytes bounds a node's path, a string of its own (a field's, with
// the indices of the elements above it); short list elements share one.
const pathBytes = 64

// maxCostDepth bounds nodeCost's recursion: a type nests deeper only
// through lists, which cost nothing when empty.
const maxCostDepth = 64

// nodeCost bounds the bytes the node of type t holds, measured from the
// nodes' structs (unsafe.Sizeof, rounded to size classes) with its
// lists empty: a short node its struct and a vector's bytes, a container
// its struct, field table, tree of field roots and its fields' nodes, a
// packed value or a list or vector of composite elements its struct,
// levels and zero ladder (a vector's elements and copies on top), an
// opaque one its struct and serialization. ok is false past 2^64.
func nodeCost(t *ssz.Type, depth int) (uint64, bool) {
	if depth > maxCostDepth {
		return 0, false
	}
	if t.Go.Kind() == reflect.Pointer && t.Kind != ssz.KindContainer && t.Kind != ssz.KindProgressiveContainer {
		return opaqueCost(t), true
	}
	switch t.Kind {
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		width := len(t.Fields)
		if t.Kind == ssz.KindProgressiveContainer {
			width = len(t.ActiveFields)
		}
		total := allocBytes(unsafe.Sizeof(container{})) + pathBytes +
			allocBytes(uintptr(len(t.Fields))*unsafe.Sizeof(field{})) + 8*uint64(width) + treeCost(uint64(width), sched.Depth(uint64(width)))
		for _, f := range t.Fields {
			if !f.Direct {
				return opaqueCost(t), true
			}
			if inlineField(f.Type) {
				continue
			}
			c, ok := nodeCost(f.Type, depth+1)
			if !ok {
				return 0, false
			}
			if total, ok = checked.Add(total, c); !ok {
				return 0, false
			}
		}
		return total, true
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList, ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		if shortType(t) {
			held := uint64(0)
			if t.Fixed {
				held = allocBytes(uintptr(t.Size))
			}
			return allocBytes(unsafe.Sizeof(short{})) + pathBytes + held, true
		}
		if t.Elem == nil || t.Elem.IsBasic() {
			if !packedGo(t) {
				return opaqueCost(t), true
			}
			c, ok := checked.Mul(t.ChunkCount(), 64)
			if !ok || t.Kind != ssz.KindVector && t.Kind != ssz.KindBitvector {
				c = 0 // a list's chunks are its elements'
			}
			return checked.Add(c, allocBytes(unsafe.Sizeof(packed{}))+pathBytes+treeCost(1, limitDepth(t))+64)
		}
		base := allocBytes(unsafe.Sizeof(seq{})) + pathBytes + treeCost(1, limitDepth(t)) + 2*allocBytes(unsafe.Sizeof(node(nil)))
		if t.Kind != ssz.KindVector {
			return base, true // an empty list
		}
		// Every element: its root and levels (64 bytes), a copy when it is
		// fixed-size, and its node and slot when it is a node of its own
		// (variable-size, or a fixed-size type its plan does not root
		// whole: counted for every fixed-size element too, as a bound).
		per, ok := nodeCost(t.Elem, depth+1)
		if !ok {
			return 0, false
		}
		if per, ok = checked.Add(per, 64+uint64(unsafe.Sizeof(node(nil)))+t.Elem.Size); !ok {
			return 0, false
		}
		c, ok := checked.Mul(t.Length, per)
		if !ok {
			return 0, false
		}
		return checked.Add(c, base)
	}
	return opaqueCost(t), true
}

// treeCost bounds a stored tree of width chunks padded to 2^depth: its
// struct, every level (64 bytes a chunk in all), the levels' slice and
// the zero ladder above them.
func treeCost(width uint64, depth int) uint64 {
	return allocBytes(unsafe.Sizeof(wide{})) + 64*width + allocBytes(24*uintptr(depth+1)) + allocBytes(32*uintptr(depth))
}

// limitDepth is the depth of the tree of list or vector t (64 for a
// progressive one, whose subtrees a limit of 2^64 chunks bounds).
func limitDepth(t *ssz.Type) int {
	switch t.Kind {
	case ssz.KindProgressiveList, ssz.KindProgressiveBitlist:
		return 64
	}
	return sched.Depth(t.ChunkCount())
}

// opaqueCost bounds an opaque node of t: its struct and serialization
// (a variable-size one's smallest; what its lists hold comes on top, as
// for any list).
func opaqueCost(t *ssz.Type) uint64 {
	return allocBytes(unsafe.Sizeof(opaque{})) + pathBytes + allocBytes(uintptr(min(t.FixedPartSize(), 1<<30)))
}

// inlineField reports whether a container keeps a field of type t in its
// chunk, serialized there, with no node: a fixed-size basic value or
// basic vector of at most 32 bytes held by value.
func inlineField(t *ssz.Type) bool {
	return t.Fixed && t.Size <= 32 && t.Go.Kind() != reflect.Pointer && (t.IsBasic() || t.Kind == ssz.KindVector && t.Elem.IsBasic())
}
