// Package sszvalidate checks that bytes are a valid serialization of an
// SSZ type by the rules ssz.Unmarshal applies (offsets, sizes, limits,
// booleans, bitvector padding, bitlist delimiters, union selectors),
// without decoding or hashing: package diff validates both inputs so at
// memory speed before it compares them, and the command's diff chooses
// between a file's raw and snappy readings with it. It answers yes or
// no; on a rejection the callers ask the decoder for its own error (its
// sentinel and path), so this package's messages are never shown as the
// reason. TestValidateMatchesDecoder holds it to the decoder's verdict.
package sszvalidate

import (
	"fmt"
	"math/bits"

	"github.com/lanehash/lanehash/internal/memo"
	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/ssz"
)

// errLayout is the sentinel of every rejection: the layout reader's, so
// that its errors and this package's are one class.
var errLayout = sszlayout.ErrLayout

// Validate reports whether b is a valid serialization of t: nil when
// ssz.Unmarshal (and plan's RootBytes, which accepts exactly what it
// does) would accept b, else an error wrapping sszlayout.ErrLayout.
// Fixed-size elements are checked by the bytes their size alone does not
// make valid (a validator's one boolean), so a registry is checked at one
// byte an element.
func Validate(t *ssz.Type, b []byte) error {
	switch t.Kind {
	case ssz.KindBool:
		if len(b) != 1 || b[0] > 1 {
			return fmt.Errorf("%w: boolean %x", errLayout, b)
		}
		return nil
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64, ssz.KindUint128, ssz.KindUint256:
		if uint64(len(b)) != t.Size {
			return fmt.Errorf("%w: %d bytes for %s", errLayout, len(b), t)
		}
		return nil
	case ssz.KindBitvector:
		if uint64(len(b)) != (t.Length+7)/8 {
			return fmt.Errorf("%w: %d bytes for %s", errLayout, len(b), t)
		}
		if r := t.Length % 8; r != 0 && b[len(b)-1]>>r != 0 {
			return fmt.Errorf("%w: bitvector padding set", errLayout)
		}
		return nil
	case ssz.KindBitlist, ssz.KindProgressiveBitlist:
		if len(b) == 0 || b[len(b)-1] == 0 {
			return fmt.Errorf("%w: bitlist without its delimiter", errLayout)
		}
		n := uint64(len(b)-1)*8 + uint64(bits.Len8(b[len(b)-1])) - 1
		if t.Kind == ssz.KindBitlist && n > t.Limit {
			return fmt.Errorf("%w: %d bits over the limit %d", errLayout, n, t.Limit)
		}
		return nil
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		if t.Fixed {
			return validateFixed(t, b)
		}
		spans, err := sszlayout.FieldSpans(t, b)
		if err != nil {
			return err
		}
		for i := range t.Fields {
			if err := Validate(t.Fields[i].Type, b[spans[i].Lo:spans[i].Hi]); err != nil {
				return err
			}
		}
		return nil
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		return validateSeq(t, b)
	case ssz.KindUnion, ssz.KindCompatibleUnion:
		if len(b) == 0 {
			return fmt.Errorf("%w: empty union", errLayout)
		}
		sel := int(b[0])
		if sel >= len(t.Options) {
			return fmt.Errorf("%w: union selector %d", errLayout, sel)
		}
		opt := t.Options[sel]
		if opt == nil {
			if t.Kind == ssz.KindUnion && sel == 0 && len(b) == 1 {
				return nil // None
			}
			return fmt.Errorf("%w: union selector %d", errLayout, sel)
		}
		return Validate(opt, b[1:])
	}
	return fmt.Errorf("%w: kind %d", errLayout, t.Kind)
}

// validateSeq validates a vector or list: its layout, its length against
// the vector's length or the list's limit, then each element.
func validateSeq(t *ssz.Type, b []byte) error {
	et := t.Elem
	var n uint64
	var offs []int
	if et.Fixed {
		if et.Size == 0 || uint64(len(b))%et.Size != 0 {
			return fmt.Errorf("%w: %d bytes is not a whole number of %d-byte elements", errLayout, len(b), et.Size)
		}
		n = uint64(len(b)) / et.Size
	} else {
		k, o, err := sszlayout.SeqLen(t, b)
		if err != nil {
			return err
		}
		n, offs = uint64(k), o
	}
	switch t.Kind {
	case ssz.KindVector:
		if n != t.Length {
			return fmt.Errorf("%w: %d elements for a vector of %d", errLayout, n, t.Length)
		}
	case ssz.KindList:
		if n > t.Limit {
			return fmt.Errorf("%w: %d elements over the limit %d", errLayout, n, t.Limit)
		}
	}
	if et.Fixed {
		checks := fixedChecks(et)
		if len(checks) == 0 {
			return nil // every byte string of the right length is a value
		}
		size := int(et.Size)
		for i := 0; i < int(n); i++ {
			e := b[i*size : (i+1)*size]
			for _, c := range checks {
				if e[c.off]&c.mask != 0 {
					return fmt.Errorf("%w: element %d: byte %d (a boolean or bitvector padding) is %#x", errLayout, i, c.off, e[c.off])
				}
			}
		}
		return nil
	}
	for i := 0; i < int(n); i++ {
		s := sszlayout.ElemSpan(t, i, offs)
		if err := Validate(et, b[s.Lo:s.Hi]); err != nil {
			return err
		}
	}
	return nil
}

// validateFixed validates a fixed-size value: its size, then the bytes
// its size alone does not make valid (booleans, bitvector padding).
func validateFixed(t *ssz.Type, b []byte) error {
	if uint64(len(b)) != t.Size {
		return fmt.Errorf("%w: %d bytes for %s of %d", errLayout, len(b), t, t.Size)
	}
	for _, c := range fixedChecks(t) {
		if b[c.off]&c.mask != 0 {
			return fmt.Errorf("%w: byte %d (a boolean or bitvector padding) is %#x", errLayout, c.off, b[c.off])
		}
	}
	return nil
}

// check is one byte of a fixed-size value that must have no bit of mask
// set: a boolean (mask 0xfe) or the last byte of a bitvector whose length
// is not a multiple of 8 (its padding bits).
type check struct {
	off  int
	mask byte
}

// checksCache holds fixedChecks per type: a registry of a million
// validators is checked as one byte per element, with no walk of the
// type. It is bounded (memo.Bounded) as ssz's own memos are: each entry
// keeps its descriptor alive.
var checksCache = memo.New(1 << 12)

// fixedChecks returns the checks of fixed-size type t, in byte order.
func fixedChecks(t *ssz.Type) []check {
	if c, ok := checksCache.Load(t); ok {
		return c.([]check)
	}
	var out []check
	appendChecks(&out, t, 0)
	return checksCache.Store(t, out).([]check)
}

func appendChecks(out *[]check, t *ssz.Type, off int) {
	switch t.Kind {
	case ssz.KindBool:
		*out = append(*out, check{off, 0xfe})
	case ssz.KindBitvector:
		if r := t.Length % 8; r != 0 {
			*out = append(*out, check{off + int(t.Size) - 1, ^byte(1<<r - 1)})
		}
	case ssz.KindVector:
		if t.Elem.Fixed {
			for i := 0; i < int(t.Length); i++ {
				appendChecks(out, t.Elem, off+i*int(t.Elem.Size))
			}
		}
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		for i := range t.Fields {
			appendChecks(out, t.Fields[i].Type, off)
			off += int(t.Fields[i].Type.Size)
		}
	}
}
