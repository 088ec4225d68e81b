package plan

import (
	"fmt"

	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// RootAllBytes sets dst[i] to the root of the i-th element of b, a run
// of serialized fixed-size elements (a registry cut out of a serialized
// state, say), reading the fields straight from the bytes. A length that
// is not a multiple of the element size, a variable-size T, or an
// element that decoding would reject (a boolean byte above 1, bitvector
// bits past its length) is an error naming the element.
func (p *Plan[T]) RootAllBytes(dst [][32]byte, b []byte) error {
	if !p.typ.Fixed {
		return &Error{Index: -1, Err: fmt.Errorf("%w: %s has no fixed size", ssz.ErrUnsupported, p.typ.Go)}
	}
	size := int(p.typ.Size)
	if len(b)%size != 0 {
		return &Error{Index: len(b) / size, Err: fmt.Errorf("%w: %d bytes is not a whole number of %d-byte elements", ssz.ErrSize, len(b), size)}
	}
	n := len(b) / size
	if len(dst) < n {
		return fmt.Errorf("plan: dst holds %d roots, b has %d elements", len(dst), n)
	}
	if n == 0 {
		return nil
	}
	if p.serial == nil {
		return p.decodeAll(dst, b, n, size)
	}
	return wrap(p.serial.Run(dst, sched.BytesOf(b, size), p.workers))
}

// decodeAll is RootAllBytes for fixed-size types too big for one
// lockstep program: decode, then hash the values.
func (p *Plan[T]) decodeAll(dst [][32]byte, b []byte, n, size int) error {
	vals := make([]T, n)
	for i := range vals {
		if err := ssz.UnmarshalValue(p.typ, b[i*size:(i+1)*size], valueOf(&vals[i])); err != nil {
			return &Error{Index: i, Err: err}
		}
	}
	return p.RootAll(dst, vals)
}
