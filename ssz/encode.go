package ssz

import (
	"reflect"
	"slices"
	"unsafe"

	"github.com/lanehash/lanehash/internal/checked"
)

// Marshal returns the SSZ serialization of v (a value or a pointer to
// one). It refuses a value that has none, an *Error naming the first bad
// part in field order (the one HashTreeRoot names): a list or bitlist
// over its limit, a vector or bitvector held in a slice of the wrong
// length (an empty slice is the zero vector), bitvector padding bits, a
// bitlist without its delimiter bit, a bool whose byte is not 0 or 1, a
// union selector or option that does not fit its descriptor, offsets
// past 4 GiB. A nil pointer encodes as the zero value. The value is
// checked and sized before anything is written, and the serialization
// is one allocation of exactly its size; the first encoding of a type
// compiles the type's encoder, which is kept (the decoder's: Unmarshal).
func Marshal(v any, opts ...Option) ([]byte, error) {
	t, rv, err := describe(v, opts)
	if err != nil {
		return nil, err
	}
	return MarshalValue(t, rv)
}

// MarshalValue returns the SSZ serialization of v, which must have the Go
// type t was built for (or be a pointer to it). A descriptor that does
// not describe its Go type (nil, or one made by hand that contradicts
// it) is CheckDescriptor's error, an *Error wrapping ErrValue, before v
// is read; so it is for MarshalAppendValue and SizeValue.
func MarshalValue(t *Type, v reflect.Value) ([]byte, error) {
	return marshalAppend(nil, t, v)
}

// MarshalAppend appends the SSZ serialization of v (a value or a pointer
// to one) to dst and returns the extended slice, as append does: the
// bytes of Marshal(v) after dst's. It checks and sizes v first, as
// Marshal does, then grows dst at most once (as append grows a slice,
// when the spare capacity is short of Size(v)) and writes. A buffer
// reused across calls (buf, err = ssz.MarshalAppend(buf[:0], v)) makes
// encoding allocate nothing once it is large enough.
//
// On error it returns dst as it was, the same length, capacity and
// contents, and Marshal's error: nothing is written, not even in dst's
// spare capacity.
//
// v must not hold memory in dst's spare capacity (dst[len(dst):cap(dst)],
// such as a field sliced from the buffer being reused): the value is
// checked first and then written there, so bytes read after their place
// was written would be the new ones, not v's. Unlike append, which
// copies one slice, MarshalAppend does not look for that overlap, since
// finding it would mean walking every slice of v once more.
func MarshalAppend(dst []byte, v any, opts ...Option) ([]byte, error) {
	t, rv, err := describe(v, opts)
	if err != nil {
		return dst, err
	}
	return MarshalAppendValue(dst, t, rv)
}

// MarshalAppendValue is MarshalAppend for a value of the Go type t was
// built for (or a pointer to it), as MarshalValue is to Marshal; for a
// descriptor that does not describe its Go type it returns dst and
// CheckDescriptor's error.
func MarshalAppendValue(dst []byte, t *Type, v reflect.Value) ([]byte, error) {
	return marshalAppend(dst, t, v)
}

// Size returns the size in bytes of the SSZ serialization of v (a value
// or a pointer to one), len(Marshal(v)), without encoding it: it checks
// v as Marshal does and fails where Marshal fails, with the same error.
// It walks only the parts whose size depends on the value or that can
// be invalid (lists, the elements of variable size, bools), so for a
// state it is a small part of Marshal's time, and it allocates nothing
// for a value passed by pointer but a copy of each union's option (boxed
// in an interface, copied to be read) and the zero value a nil pointer
// or an empty vector of a type over 64 KiB stands for.
func Size(v any, opts ...Option) (int, error) {
	t, rv, err := describe(v, opts)
	if err != nil {
		return 0, err
	}
	return SizeValue(t, rv)
}

// SizeValue is Size for a value of the Go type t was built for (or a
// pointer to it), as MarshalValue is to Marshal; for a descriptor that
// does not describe its Go type it returns CheckDescriptor's error.
func SizeValue(t *Type, v reflect.Value) (int, error) {
	r, err := encodeRootOf(t, v)
	if err != nil {
		return 0, err
	}
	size, err := r.size()
	if err != nil {
		return 0, joinSteps(err, rootPath(t))
	}
	n, ok := checked.Int(size)
	if !ok || size > checked.MaxEncoded {
		return 0, errTooLarge(t, size) // as Marshal refuses it
	}
	return n, nil
}

// marshalAppend appends v's serialization to dst: sized and checked
// (sizeOf), then written (writeValue) into dst grown once, or for a nil
// dst into one buffer of exactly its size.
func marshalAppend(dst []byte, t *Type, v reflect.Value) ([]byte, error) {
	r, err := encodeRootOf(t, v)
	if err != nil {
		return dst, err
	}
	size, err := r.size()
	if err != nil {
		return dst, joinSteps(err, rootPath(t))
	}
	total, ok := checked.Add(uint64(len(dst)), size)
	if !ok {
		return dst, errTooLarge(t, size)
	}
	if _, ok := checked.Int(total); !ok || total > checked.MaxEncoded {
		return dst, errTooLarge(t, size)
	}
	if dst == nil {
		dst = make([]byte, 0, int(size))
	} else {
		dst = slices.Grow(dst, int(size))
	}
	return r.write(dst), nil
}

// errTooLarge is the error of a value whose serialization, size bytes
// (saturated), no Go slice can hold: on a 32-bit host, one of 2 GiB.
func errTooLarge(t *Type, size uint64) error {
	return errorf(rootPath(t), ErrSize, "serialization of %d bytes does not fit in a Go slice", size)
}

// encodeRoot is a value about to be encoded: its compiled type and where
// its memory is. A value of a pointer type (a container, union or
// uint256 pointer) that reflect cannot address is read through the
// pointer itself (target: p is what it points to), so that Marshal of a
// pointer does not copy it to address it.
type encodeRoot struct {
	n      *decType
	p      unsafe.Pointer
	target bool
}

// encodeRootOf checks that t describes its Go type (CheckDescriptor)
// and that v has that type (checkValue's errors), following a pointer the caller passed instead of a value,
// and finds its memory: v's own, what a pointer points to (zero memory
// for nil), or a copy for a value reflect cannot address, as
// checkValue makes one.
func encodeRootOf(t *Type, v reflect.Value) (encodeRoot, error) {
	n, err := checkedType(t)
	if err != nil {
		return encodeRoot{}, err
	}
	if !v.IsValid() {
		return encodeRoot{}, errorf("", ErrValue, "nil value")
	}
	if err := readable(v); err != nil {
		return encodeRoot{}, err
	}
	r := encodeRoot{n: n}
	switch {
	case v.Type() != t.Go && v.Kind() == reflect.Pointer && v.Type().Elem() == t.Go:
		if r.p = v.UnsafePointer(); r.p == nil {
			r.p = zeroAt(t.Go.Size())
		}
	case v.Type() != t.Go:
		return encodeRoot{}, errorf("", ErrValue, "value of type %s for descriptor of %s", v.Type(), t.Go)
	case v.CanAddr():
		r.p = v.Addr().UnsafePointer()
	case r.n.op == opContainerPtr || r.n.op == opUnionPtr || r.n.op == opCompatiblePtr || r.n.op == opUint256Ptr:
		r.p, r.target = v.UnsafePointer(), true
	default:
		r.p = addressable(v).Addr().UnsafePointer()
	}
	return r, nil
}

// size is sizeOf of the root value.
func (r encodeRoot) size() (uint64, error) {
	if !r.target {
		return sizeOf(r.n, r.p)
	}
	switch r.n.op {
	case opContainerPtr:
		return fieldsSize(r.n, pointee(r.n, r.p))
	case opUnionPtr, opCompatiblePtr:
		return unionSize(r.n, pointee(r.n, r.p))
	}
	return r.n.size, nil // opUint256Ptr
}

// write is writeValue of the root value.
func (r encodeRoot) write(dst []byte) []byte {
	if !r.target {
		return writeValue(dst, r.n, r.p)
	}
	switch r.n.op {
	case opContainerPtr:
		return writeFields(dst, r.n, pointee(r.n, r.p))
	case opUnionPtr, opCompatiblePtr:
		return writeUnion(dst, r.n, pointee(r.n, r.p))
	}
	if r.p == nil { // opUint256Ptr
		return appendZeros(dst, 32)
	}
	return appendLimbs(dst, r.p, 4)
}

// describe finds the descriptor of a value passed as any.
func describe(v any, opts []Option) (*Type, reflect.Value, error) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return nil, rv, errorf("", ErrValue, "nil value")
	}
	if rt := rv.Type(); rt.Kind() == reflect.Pointer && !rv.IsNil() && rt.Elem().Kind() != reflect.Struct && rt != uint256PtrType {
		// A pointer to anything but a struct is no SSZ type of its
		// own: described by what it points to at once, without the
		// error a description of the pointer would build (Size of a
		// pointer allocates nothing).
		rv = rv.Elem()
		t, err := TypeOf(rv.Type(), opts...)
		return t, rv, err
	}
	t, err := TypeOf(rv.Type(), opts...)
	if err != nil && rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return nil, rv, errorf("", ErrValue, "nil %s", rv.Type())
		}
		rv = rv.Elem()
		t, err = TypeOf(rv.Type(), opts...)
	}
	return t, rv, err
}

// rootPath is the root of the paths in the encoder's and decoder's
// errors: the type's name (a pointer's element's), or for an unnamed type
// UnnamedPath, as TypeOf's errors and the reference root's.
func rootPath(t *Type) string {
	g := t.Go
	if g.Kind() == reflect.Pointer {
		g = g.Elem()
	}
	if g.Name() != "" {
		return g.Name()
	}
	return UnnamedPath(g)
}
