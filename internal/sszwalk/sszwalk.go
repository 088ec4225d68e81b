// Package sszwalk builds a Go value of an SSZ type field by field: the one
// walker that the spec-vector runner (filling values from value.yaml) and
// plan's tests (random values) share. The walker owns the structure —
// which parts a kind has, allocating pointers and embedded pointers,
// making slices, checking counts and union selectors, setting a union's
// selector and value — and a Source owns the data: the leaves, how many
// elements a list has, which option a union holds. Every error names the
// path of the value it concerns.
//
// The codec in package ssz decodes bytes with its own walk (offsets decide
// where every part starts); it shares the field access through embedded
// pointers (internal/structfield) with this package.
package sszwalk

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"

	"github.com/lanehash/lanehash/internal/structfield"
	"github.com/lanehash/lanehash/ssz"
)

// A Source supplies the data of a value for Fill, and the Sources of its
// parts (one Source may serve for all of them, as a random generator
// does). Fill asks depth first, in field and element order, so a Source
// that draws random numbers sees one deterministic sequence of questions.
type Source interface {
	// Nil reports whether a value held behind a pointer (a container,
	// union or *uint256.Int) stays nil, which stands for the zero value;
	// otherwise Fill allocates it and fills the pointee.
	Nil(t *ssz.Type) bool
	// Leaf fills v, a settable value of a kind Fill does not take apart,
	// and reports whether it did. v has t's Go type, or the pointee's
	// when that is a pointer (*uint256.Int): Fill has followed it. It must fill booleans, unsigned integers of every size,
	// bitvectors and bitlists. For vectors and lists it may fill the
	// whole value (a byte string given in one piece) or return false,
	// and Fill asks for the elements.
	Leaf(t *ssz.Type, v reflect.Value) (bool, error)
	// Elems returns one Source per element of a vector or list. A vector
	// held in a Go slice may get none: the slice stays empty, which SSZ
	// reads as the zero vector.
	Elems(t *ssz.Type) ([]Source, error)
	// Fields returns one Source per field of a container, in the order
	// of t.Fields.
	Fields(t *ssz.Type) ([]Source, error)
	// Option returns the selector of a Union or CompatibleUnion and the
	// Source of the selected option's value (ignored for Union's None).
	Option(t *ssz.Type) (selector int, src Source, err error)
}

// ErrShape is wrapped by the errors of Fill's own checks: a count that
// does not fit the type, a selector that is not an option, a leaf the
// Source did not fill.
var ErrShape = errors.New("sszwalk: value does not fit its type")

// Error is the error of Fill: Err happened at Path, the place below the
// root value: field names after dots, element indexes in brackets and a
// union's value field (".Validators[3].Pubkey", ".Choice.Value"); empty at
// the root.
type Error struct {
	Path string
	Err  error
}

// Error returns the message with the path, the root written "value".
func (e *Error) Error() string { return "value" + e.Path + ": " + e.Err.Error() }

// Unwrap returns the Source's error or one wrapping ErrShape.
func (e *Error) Unwrap() error { return e.Err }

// Fill sets v, a settable value of t's Go type, to the value src
// describes: it walks t, following and allocating pointers (and nil
// embedded pointers of container fields), and asks src for the leaves,
// the element and field Sources and the union options. On error v may be
// partly written.
func Fill(t *ssz.Type, v reflect.Value, src Source) error {
	if !v.IsValid() || v.Type() != t.Go || !v.CanSet() {
		return shapef("want a settable %s", t.Go)
	}
	return fill(t, v, src)
}

// fill is Fill below the root. Its errors are *Error with the path below
// the current value; each level prepends its own step on the way out, so
// paths cost nothing unless something fails.
func fill(t *ssz.Type, v reflect.Value, src Source) error {
	if src == nil {
		return shapef("no source for a %s", t)
	}
	if v.Kind() == reflect.Pointer {
		if src.Nil(t) {
			v.SetZero()
			return nil
		}
		v.Set(reflect.New(v.Type().Elem()))
		v = v.Elem()
	}
	switch t.Kind {
	case ssz.KindBool, ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64,
		ssz.KindUint128, ssz.KindUint256, ssz.KindBitvector, ssz.KindBitlist, ssz.KindProgressiveBitlist:
		done, err := src.Leaf(t, v)
		if err != nil {
			return &Error{Err: err}
		}
		if !done {
			return shapef("the source gave no %s", t.Kind)
		}
		return nil
	case ssz.KindVector, ssz.KindList, ssz.KindProgressiveList:
		return fillSequence(t, v, src)
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		srcs, err := src.Fields(t)
		if err != nil {
			return &Error{Err: err}
		}
		if len(srcs) != len(t.Fields) {
			return shapef("%d field sources for %d fields", len(srcs), len(t.Fields))
		}
		for i := range t.Fields {
			f := &t.Fields[i]
			if err := fill(f.Type, structfield.Settable(v, f.Index), srcs[i]); err != nil {
				return prepend("."+f.Name, err)
			}
		}
		return nil
	case ssz.KindUnion, ssz.KindCompatibleUnion:
		return fillUnion(t, v, src)
	}
	return shapef("unsupported kind %s", t.Kind)
}

// fillSequence fills a vector or list: whole if the Source gives it in one
// piece, else element by element into an array or a new slice.
func fillSequence(t *ssz.Type, v reflect.Value, src Source) error {
	done, err := src.Leaf(t, v)
	if err != nil {
		return &Error{Err: err}
	}
	if done {
		return nil
	}
	srcs, err := src.Elems(t)
	if err != nil {
		return &Error{Err: err}
	}
	n := len(srcs)
	switch {
	case t.Kind == ssz.KindVector && v.Kind() == reflect.Slice && n == 0:
		v.SetZero()
		return nil
	case t.Kind == ssz.KindVector && uint64(n) != t.Length:
		return shapef("%d elements for %s", n, t)
	case t.Kind == ssz.KindList && uint64(n) > t.Limit:
		return shapef("%d elements for %s", n, t)
	}
	if v.Kind() == reflect.Slice {
		v.Set(reflect.MakeSlice(v.Type(), n, n))
	}
	for i, s := range srcs {
		if err := fill(t.Elem, v.Index(i), s); err != nil {
			return prepend("["+strconv.Itoa(i)+"]", err)
		}
	}
	return nil
}

// fillUnion sets a Union's Selector and Value, or a CompatibleUnion's
// Variant and Data (both have the selector as their first field and the
// value, of the option's Go type in an interface, as their second).
func fillUnion(t *ssz.Type, v reflect.Value, src Source) error {
	sel, osrc, err := src.Option(t)
	if err != nil {
		return &Error{Err: err}
	}
	if sel < 0 || sel >= len(t.Options) || t.Options[sel] == nil && (t.Kind == ssz.KindCompatibleUnion || sel != 0) {
		return shapef("selector %d is not an option of %s", sel, t)
	}
	v.Field(0).SetUint(uint64(sel))
	opt := t.Options[sel]
	if opt == nil {
		v.Field(1).SetZero()
		return nil
	}
	val := reflect.New(opt.Go).Elem()
	if err := fill(opt, val, osrc); err != nil {
		return prepend("."+v.Type().Field(1).Name, err)
	}
	v.Field(1).Set(val)
	return nil
}

func shapef(format string, args ...any) error {
	return &Error{Err: fmt.Errorf("%w: "+format, append([]any{ErrShape}, args...)...)}
}

// prepend puts step in front of the path of err (an *Error: fill returns
// no other kind).
func prepend(step string, err error) error {
	if e, ok := err.(*Error); ok {
		e.Path = step + e.Path
	}
	return err
}
