// Package sszlayout finds the parts of a serialized SSZ value without
// decoding it: where each field of a container lies, and the elements of
// a list or vector, through their offsets. The command's diff, validation
// and error locations and the cache's sparse walk of bytes read a
// serialization through it.
package sszlayout

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/lanehash/lanehash/ssz"
)

// ErrLayout is the sentinel of bytes whose offsets or sizes do not fit
// the type.
var ErrLayout = errors.New("bad layout")

// Span is the bytes [Lo, Hi) of a part of a serialization.
type Span struct{ Lo, Hi int }

// FieldSpans returns where each field of container type t lies in its
// serialization b: fixed-size fields in the fixed part, variable-size
// ones from their offset to the next one's (the last to the end). b must
// fill the fixed part exactly when there is no variable-size field, and
// the offsets must start at the fixed part's end and not decrease.
func FieldSpans(t *ssz.Type, b []byte) ([]Span, error) {
	out := make([]Span, len(t.Fields))
	pos := 0
	var varIdx []int
	var offs []int
	for i := range t.Fields {
		ft := t.Fields[i].Type
		if ft.Fixed {
			if uint64(len(b)-pos) < ft.Size {
				return nil, fmt.Errorf("%w: %d bytes end inside field %s", ErrLayout, len(b), t.Fields[i].Name)
			}
			out[i] = Span{Lo: pos, Hi: pos + int(ft.Size)}
			pos += int(ft.Size)
			continue
		}
		if len(b)-pos < 4 {
			return nil, fmt.Errorf("%w: %d bytes end inside the offset of field %s", ErrLayout, len(b), t.Fields[i].Name)
		}
		varIdx = append(varIdx, i)
		offs = append(offs, int(binary.LittleEndian.Uint32(b[pos:])))
		pos += 4
	}
	if len(varIdx) == 0 {
		if pos != len(b) {
			return nil, fmt.Errorf("%w: %d bytes for a fixed size of %d", ErrLayout, len(b), pos)
		}
		return out, nil
	}
	if offs[0] != pos {
		return nil, fmt.Errorf("%w: first offset %d, fixed part is %d bytes", ErrLayout, offs[0], pos)
	}
	for k, i := range varIdx {
		end := len(b)
		if k+1 < len(offs) {
			end = offs[k+1]
		}
		if offs[k] > end || end > len(b) {
			return nil, fmt.Errorf("%w: offset of field %s out of order", ErrLayout, t.Fields[i].Name)
		}
		out[i] = Span{Lo: offs[k], Hi: end}
	}
	return out, nil
}

// SeqLen returns the number of elements of sequence t serialized in b,
// and, for variable-size elements, their offsets (element i spans
// offs[i] to offs[i+1], the last one to len(b)).
func SeqLen(t *ssz.Type, b []byte) (int, []int, error) {
	et := t.Elem
	if et.Fixed {
		if et.Size == 0 || uint64(len(b))%et.Size != 0 {
			return 0, nil, fmt.Errorf("%w: %d bytes is not a whole number of %d-byte elements", ErrLayout, len(b), et.Size)
		}
		n := uint64(len(b)) / et.Size
		if t.Kind == ssz.KindVector && n != t.Length {
			return 0, nil, fmt.Errorf("%w: %d elements for a vector of %d", ErrLayout, n, t.Length)
		}
		return int(n), nil, nil
	}
	if len(b) == 0 {
		return 0, nil, nil
	}
	if len(b) < 4 {
		return 0, nil, fmt.Errorf("%w: %d bytes end inside the first offset", ErrLayout, len(b))
	}
	// Offsets are compared with the length as uint32 before they are
	// ints: on a 32-bit host one past 2^31 would be negative.
	first32 := binary.LittleEndian.Uint32(b)
	if first32%4 != 0 || first32 == 0 || uint64(first32) > uint64(len(b)) {
		return 0, nil, fmt.Errorf("%w: first offset %d", ErrLayout, first32)
	}
	n := int(first32 / 4)
	offs := make([]int, n+1)
	for i := 0; i < n; i++ {
		off := binary.LittleEndian.Uint32(b[4*i:])
		if uint64(off) > uint64(len(b)) || i > 0 && int(off) < offs[i-1] {
			return 0, nil, fmt.Errorf("%w: offset of element %d out of order", ErrLayout, i)
		}
		offs[i] = int(off)
	}
	offs[n] = len(b)
	return n, offs, nil
}

// ElemSpan returns where element i of sequence t lies in its
// serialization (offs as SeqLen returns them).
func ElemSpan(t *ssz.Type, i int, offs []int) Span {
	if t.Elem.Fixed {
		s := int(t.Elem.Size)
		return Span{Lo: i * s, Hi: (i + 1) * s}
	}
	return Span{Lo: offs[i], Hi: offs[i+1]}
}
