package ssz

import (
	"encoding/binary"
	"math"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/structfield"
)

// The encoder over compiled descriptors (decType, shared with the
// decoder): two passes over the value's Go memory, read through unsafe
// pointers where the compiled descriptor knows the layout.
//
// The size pass (sizeOf) makes every check the reflect encoder it
// replaced made, in its order, and returns the serialization's exact
// size or the error that encoder returned (TestEncoderMatchesOracle,
// whose oracle that encoder is). The write pass
// (writeValue) then cannot fail: it writes into a buffer already sized,
// a plain run of fields or elements as one copy, and patches each
// offset as the reflect encoder did. So a value that does not encode
// writes nothing, and one that does allocates one buffer.
//
// A descriptor made by hand whose Go type, or sizes, are not the ones
// it describes is never compiled (CheckDescriptor): the entry points
// return its ErrValue before the encoder reads anything.

// sizeOf returns the size of the serialization of the value of n.t.Go at
// p, checking it as the reflect encoder did: a bool byte above 1, a list or
// bitlist past its limit, a vector or bitvector held in a slice of the
// wrong length, bitvector padding, a bitlist without its delimiter, a
// union's selector and option, offsets past 4 GiB. Its error is the one
// that encoder returned for the value, its path relative to the value
// (step). Sizes saturate at the largest uint64.
func sizeOf(n *decType, p unsafe.Pointer) (uint64, error) {
	t := n.t
	switch n.op {
	case opBool:
		if b := *(*byte)(p); b > 1 {
			return 0, errorf("", ErrBool, "byte 0x%02x", b)
		}
		return 1, nil
	case opUint8, opUint16, opUint32, opUint64, opUintBytes, opUintLimbs, opUint256Ptr:
		return n.size, nil
	case opBitvector:
		_, err := bitvectorAt(n, p)
		return t.Size, err
	case opBitlist:
		b := *(*[]byte)(p)
		if _, err := bitlistLen(t, b, ""); err != nil {
			return 0, err
		}
		return uint64(max(len(b), 1)), nil
	case opVector, opList:
		s, err := sequenceAt(n, p)
		if err != nil {
			return 0, err
		}
		return sequenceSizeOf(n.elem, s)
	case opContainer:
		return fieldsSize(n, p)
	case opContainerPtr:
		return fieldsSize(n, pointee(n, *(*unsafe.Pointer)(p)))
	case opUnion, opCompatible:
		return unionSize(n, p)
	case opUnionPtr, opCompatiblePtr:
		return unionSize(n, pointee(n, *(*unsafe.Pointer)(p)))
	}
	return 0, n.refused // opRefused, which the entry points return first
}

// zeroMemory is read-only zero memory: where the encoder reads the zero
// values a nil pointer, a nil embedded pointer and the elements of a
// zero vector stand for. It is never written.
var zeroMemory [8 << 10]uint64

// zeroAt returns size bytes of zero memory (one allocation when larger
// than zeroMemory).
func zeroAt(size uintptr) unsafe.Pointer {
	if size <= unsafe.Sizeof(zeroMemory) {
		return unsafe.Pointer(&zeroMemory)
	}
	return unsafe.Pointer(unsafe.SliceData(make([]uint64, (size+7)/8)))
}

// pointee returns where the value a pointer of the type n (a container
// or union pointer) points to is read: q, or zero memory for nil.
func pointee(n *decType, q unsafe.Pointer) unsafe.Pointer {
	if q == nil {
		return zeroAt(n.targetSize)
	}
	return q
}

// bitvectorAt returns the bytes of the bitvector at p, nil for the zero
// bitvector (an empty slice), checking its length and padding as
// bitvectorBytes does.
func bitvectorAt(n *decType, p unsafe.Pointer) ([]byte, error) {
	t := n.t
	var b []byte
	if n.slice {
		if b = *(*[]byte)(p); len(b) == 0 {
			return nil, nil
		}
		if uint64(len(b)) != t.Size {
			return nil, errorf("", ErrSize, "slice of %d elements for a vector of %d", len(b), t.Size)
		}
	} else {
		b = bytesAt(p, t.Size)
	}
	if extra := t.Length % 8; extra != 0 && b[len(b)-1]>>extra != 0 {
		return nil, errorf("", ErrBitvector, "bits set beyond bit %d", t.Length)
	}
	return b, nil
}

// sequence is a vector's or list's elements: count of them from base
// on, or for the zero vector (an empty slice) count zero values.
type sequence struct {
	base  unsafe.Pointer
	count int
	zero  bool
}

// sequenceAt returns the elements of the vector or list n at p, checking
// a slice vector's length (vectorValueOK) and a list's limit.
func sequenceAt(n *decType, p unsafe.Pointer) (sequence, error) {
	t := n.t
	if !n.slice {
		return sequence{base: p, count: int(t.Length)}, nil
	}
	h := (*sliceHeader)(p)
	if n.op == opVector {
		if h.len == 0 {
			return sequence{count: int(t.Length), zero: true}, nil
		}
		if uint64(h.len) != t.Length {
			return sequence{}, errorf("", ErrSize, "slice of %d elements for a vector of %d", h.len, t.Length)
		}
	} else if t.Kind == KindList && uint64(h.len) > t.Limit {
		return sequence{}, errorf("", ErrListTooLong, "%d elements, limit %d", h.len, t.Limit)
	}
	return sequence{base: h.data, count: h.len}, nil
}

// at returns where element i of s, of the type et, is read.
func (s *sequence) at(et *decType, i int) unsafe.Pointer {
	if s.zero {
		return zeroAt(et.goSize)
	}
	return unsafe.Add(s.base, uintptr(i)*et.goSize)
}

// sequenceSizeOf sizes and checks the elements of s as the reflect
// encoder did: the first bad element's error, and for variable-size elements
// the offsets' bound (more than 2^30 of them, or an element starting
// past 4 GiB).
func sequenceSizeOf(et *decType, s sequence) (uint64, error) {
	if et.t.Fixed {
		switch {
		case s.zero || et.valid:
			// A zero fixed-size value is valid, and so is every value of
			// a valid type.
		case et.op == opBool:
			for i, c := range bytesAt(s.base, s.count) {
				if c > 1 {
					return 0, step(errorf("", ErrBool, "byte 0x%02x", c), indexStep(i))
				}
			}
		case et.bytesSlice():
			// Byte strings held in slices (a deposit's proof): only
			// their lengths can be wrong.
			for i := 0; i < s.count; i++ {
				if l := (*sliceHeader)(s.at(et, i)).len; l != 0 && uint64(l) != et.t.Length {
					return 0, step(errorf("", ErrSize, "slice of %d elements for a vector of %d", l, et.t.Length), indexStep(i))
				}
			}
		default:
			for i := 0; i < s.count; i++ {
				if _, err := sizeOf(et, s.at(et, i)); err != nil {
					return 0, step(err, indexStep(i))
				}
			}
		}
		return checked.SatMul(uint64(s.count), et.size), nil
	}
	if uint64(s.count) > math.MaxUint32/4 {
		return 0, errorf("", ErrSize, "%d offsets exceed 4 GiB", s.count)
	}
	total := 4 * uint64(s.count)
	for i := 0; i < s.count; i++ {
		if total > math.MaxUint32 {
			return 0, errorf("", ErrSize, "serialization exceeds 4 GiB offsets")
		}
		size, err := sizeOf(et, s.at(et, i))
		if err != nil {
			return 0, step(err, indexStep(i))
		}
		total = checked.SatAdd(total, size)
	}
	return total, nil
}

// fieldsSize sizes and checks the container n at p. The reflect encoder
// wrote the fixed-size fields first and the variable-size ones after,
// but named the first bad field in field order, which is the error
// here; the exception is an offset past 4 GiB, which it found
// only once every fixed-size field was written, before it wrote the
// variable-size field at that offset.
func fieldsSize(n *decType, p unsafe.Pointer) (uint64, error) {
	if n.valid {
		return n.size, nil
	}
	total := n.fixedLen
	overflow := false // a variable-size field starts past 4 GiB
	for i := range n.ops {
		op := &n.ops[i]
		var err error
		switch op.kind {
		case fieldCopy:
			continue
		case fieldBool:
			if c := *(*byte)(unsafe.Add(p, op.goOff)); c > 1 {
				err = errorf("", ErrBool, "byte 0x%02x", c)
			}
		case fieldBytes:
			if l := (*sliceHeader)(unsafe.Add(p, op.goOff)).len; l != 0 && uint64(l) != op.node.t.Length {
				err = errorf("", ErrSize, "slice of %d elements for a vector of %d", l, op.node.t.Length)
			}
		case fieldFixed:
			if !op.node.valid {
				_, err = sizeOf(op.node, fieldPtr(n, op, p))
			}
		case fieldVar:
			overflow = overflow || total > math.MaxUint32
			var size uint64
			size, err = sizeOf(op.node, fieldPtr(n, op, p))
			total = checked.SatAdd(total, size)
			if err != nil && overflow && fixedFieldsValid(n, p, i+1) {
				return 0, errOffsetsPast4GiB()
			}
		}
		if err != nil {
			return 0, step(err, fieldStep(n, op))
		}
	}
	if overflow {
		return 0, errOffsetsPast4GiB()
	}
	return total, nil
}

// errOffsetsPast4GiB is the error for a container's or sequence's part
// starting past what a 4-byte offset holds.
func errOffsetsPast4GiB() error {
	return errorf("", ErrSize, "serialization exceeds 4 GiB offsets")
}

// fixedFieldsValid reports whether the fixed-size fields of the
// container n at p from op i on all encode: on the way out of an error
// only.
func fixedFieldsValid(n *decType, p unsafe.Pointer, i int) bool {
	for ; i < len(n.ops); i++ {
		op := &n.ops[i]
		switch op.kind {
		case fieldBool:
			if *(*byte)(unsafe.Add(p, op.goOff)) > 1 {
				return false
			}
		case fieldBytes:
			if l := (*sliceHeader)(unsafe.Add(p, op.goOff)).len; l != 0 && uint64(l) != op.node.t.Length {
				return false
			}
		case fieldFixed:
			if _, err := sizeOf(op.node, fieldPtr(n, op, p)); err != nil {
				return false
			}
		}
	}
	return true
}

// fieldPtr returns where a field of the struct at p is read: past
// embedded pointers as structfield.Get reaches it, zero memory behind a
// nil one.
func fieldPtr(n *decType, op *fieldOp, p unsafe.Pointer) unsafe.Pointer {
	if op.direct {
		return unsafe.Add(p, op.goOff)
	}
	st := n.t.Go
	if st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	f := structfield.Get(reflect.NewAt(st, p).Elem(), n.t.Fields[op.field].Index)
	if !f.CanAddr() {
		return zeroAt(op.node.goSize)
	}
	return f.Addr().UnsafePointer()
}

// unionAt returns the selector of the union or compatible union at p,
// its option's compiled type (nil for None) and where the option's
// value is read, checking them as unionValue and compatibleUnionValue
// do. The option is boxed in an interface: it is read from the copy
// they make, which reflect can address.
func unionAt(n *decType, p unsafe.Pointer) (sel uint8, opt *decType, q unsafe.Pointer, err error) {
	t := n.t
	st := t.Go
	if st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	v := reflect.NewAt(st, p).Elem()
	var val reflect.Value
	if t.Kind == KindUnion {
		sel, val, err = unionValue(t, v, "")
	} else {
		sel, val, err = compatibleUnionValue(t, v, "")
	}
	if err != nil || n.options[sel] == nil {
		return sel, nil, nil, err
	}
	return sel, n.options[sel], val.Addr().UnsafePointer(), nil
}

// unionSize sizes and checks the union or compatible union at p.
func unionSize(n *decType, p unsafe.Pointer) (uint64, error) {
	_, opt, q, err := unionAt(n, p)
	if err != nil || opt == nil {
		return 1, err
	}
	size, err := sizeOf(opt, q)
	if err != nil {
		return 0, step(err, unionStep(n))
	}
	return checked.SatAdd(1, size), nil
}

// unionStep is the step of a union's option in an error's path.
func unionStep(n *decType) string {
	if n.t.Kind == KindUnion {
		return ".Value"
	}
	return ".Data"
}

// writeValue appends the serialization of the value of n.t.Go at p,
// which sizeOf found valid, to dst, whose capacity holds it.
func writeValue(dst []byte, n *decType, p unsafe.Pointer) []byte {
	switch n.op {
	case opBool, opUint8:
		return append(dst, *(*byte)(p))
	case opUint16:
		return binary.LittleEndian.AppendUint16(dst, *(*uint16)(p))
	case opUint32:
		return binary.LittleEndian.AppendUint32(dst, *(*uint32)(p))
	case opUint64:
		return binary.LittleEndian.AppendUint64(dst, *(*uint64)(p))
	case opUintBytes:
		return append(dst, bytesAt(p, n.size)...)
	case opUintLimbs:
		return appendLimbs(dst, p, int(n.size/8))
	case opUint256Ptr:
		if q := *(*unsafe.Pointer)(p); q != nil {
			return appendLimbs(dst, q, 4)
		}
		return appendZeros(dst, 32)
	case opBitvector:
		b, _ := bitvectorAt(n, p)
		if b == nil {
			return appendZeros(dst, int(n.t.Size))
		}
		return append(dst, b...)
	case opBitlist:
		if b := *(*[]byte)(p); len(b) > 0 {
			return append(dst, b...)
		}
		return append(dst, 1)
	case opVector, opList:
		s, _ := sequenceAt(n, p)
		return writeSequence(dst, n.elem, s)
	case opContainer:
		return writeFields(dst, n, p)
	case opContainerPtr:
		return writeFields(dst, n, pointee(n, *(*unsafe.Pointer)(p)))
	case opUnion, opCompatible:
		return writeUnion(dst, n, p)
	case opUnionPtr, opCompatiblePtr:
		return writeUnion(dst, n, pointee(n, *(*unsafe.Pointer)(p)))
	}
	return dst // opRefused, which sizeOf refused
}

// bytesSlice reports whether n is a fixed-size vector of plain
// elements held in a slice, whose serialization is its elements' memory
// (or zeros, for the zero vector): the fieldBytes of a sequence.
func (n *decType) bytesSlice() bool {
	return n.op == opVector && n.slice && n.elem.plain && n.t.Size == n.t.Length*uint64(n.elem.goSize)
}

// appendZeros appends n zero bytes. n is an int, the sizes sizeOf
// summed having fit one: append of a make of an int length is one
// clear, where another length type has the compiler make the slice
// first (an allocation on a 32-bit host).
func appendZeros(dst []byte, n int) []byte {
	return append(dst, make([]byte, n)...)
}

// appendLimbs appends k little-endian uint64 limbs at p.
func appendLimbs(dst []byte, p unsafe.Pointer, k int) []byte {
	for i := range k {
		dst = binary.LittleEndian.AppendUint64(dst, *(*uint64)(unsafe.Add(p, 8*i)))
	}
	return dst
}

// writeSequence appends the elements of s: fixed-size ones back to back
// (plain ones and bools, checked, in one copy), variable-size ones
// behind their offsets.
func writeSequence(dst []byte, et *decType, s sequence) []byte {
	if et.t.Fixed {
		switch {
		case s.zero:
			// A zero fixed-size value serializes to zero bytes.
			return appendZeros(dst, s.count*int(et.size))
		case et.plain || et.op == opBool:
			return append(dst, bytesAt(s.base, uint64(s.count)*et.size)...)
		case et.bytesSlice():
			for i := 0; i < s.count; i++ {
				if h := (*sliceHeader)(s.at(et, i)); h.len != 0 {
					dst = append(dst, bytesAt(h.data, et.size)...)
				} else {
					dst = appendZeros(dst, int(et.size))
				}
			}
			return dst
		case et.op == opContainerPtr:
			for i := 0; i < s.count; i++ {
				dst = writeFields(dst, et, pointee(et, *(*unsafe.Pointer)(s.at(et, i))))
			}
			return dst
		}
		for i := 0; i < s.count; i++ {
			dst = writeValue(dst, et, s.at(et, i))
		}
		return dst
	}
	start := len(dst)
	dst = appendZeros(dst, 4*s.count)
	for i := 0; i < s.count; i++ {
		binary.LittleEndian.PutUint32(dst[start+4*i:], uint32(len(dst)-start))
		dst = writeValue(dst, et, s.at(et, i))
	}
	return dst
}

// writeFields appends the container n at p: the fixed part (runs of
// plain fields in one copy, the offsets of variable-size fields as
// zeros), then each variable-size field, its offset patched.
func writeFields(dst []byte, n *decType, p unsafe.Pointer) []byte {
	if n.plain {
		return append(dst, bytesAt(p, n.size)...)
	}
	start := len(dst)
	for i := range n.ops {
		op := &n.ops[i]
		switch op.kind {
		case fieldCopy:
			dst = append(dst, bytesAt(unsafe.Add(p, op.goOff), op.n)...)
		case fieldBool:
			dst = append(dst, *(*byte)(unsafe.Add(p, op.goOff)))
		case fieldBytes:
			if h := (*sliceHeader)(unsafe.Add(p, op.goOff)); h.len != 0 {
				dst = append(dst, bytesAt(h.data, op.n)...)
			} else {
				dst = appendZeros(dst, int(op.n))
			}
		case fieldFixed:
			dst = writeValue(dst, op.node, fieldPtr(n, op, p))
		case fieldVar:
			dst = append(dst, 0, 0, 0, 0)
		}
	}
	for i := range n.vars {
		op := &n.vars[i]
		binary.LittleEndian.PutUint32(dst[start+int(op.at):], uint32(len(dst)-start))
		dst = writeValue(dst, op.node, fieldPtr(n, op, p))
	}
	return dst
}

// writeUnion appends the union or compatible union at p: its selector,
// then its option.
func writeUnion(dst []byte, n *decType, p unsafe.Pointer) []byte {
	sel, opt, q, _ := unionAt(n, p)
	dst = append(dst, sel)
	if opt == nil {
		return dst
	}
	return writeValue(dst, opt, q)
}
