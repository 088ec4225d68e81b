package cache

import (
	"errors"
	"fmt"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/sszpath"
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
// elements are fixed-size (Detect's copy), or 256 bytes per element of
// variable size (a node each). 4 GiB: a vector of 2^26 validators, far
// past any consensus type (the largest, a state's 65536 randao mixes,
// costs 6 MiB). A vector held by an empty slice, the zero vector,
// costs nothing: it is kept by description (a basic vector or bitvector
// as the zero-subtree root at its depth, a vector of composite elements
// as the zero element's root and its ladder of repeated roots), and its
// chunks, element roots and copies are stored only while the value
// holds its elements.
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
		if extra, ok = checked.Mul(t.Length, 256); !ok {
			return 0, false
		}
	}
	return checked.Add(cost, extra)
}
