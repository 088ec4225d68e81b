package cache

import (
	"encoding/binary"
	"fmt"
	"reflect"
	"unsafe"

	"github.com/lanehash/lanehash/internal/elemplan"
	"github.com/lanehash/lanehash/ssz"
)

// littleEndian is true on hosts whose memory order of integers is the SSZ
// serialization order; only there are values read straight from Go memory.
// Elsewhere every node falls back to the reference implementation.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// layout reads a fixed-size SSZ value straight from Go memory and writes
// its serialization: the bytes the element's leaf chunks are cut from, and
// the copy the safe mode compares. It is compiled once per type.
type layout struct {
	size    int // serialized size
	kind    layoutKind
	ptr     bool // the Go value is a pointer (nil stands for the zero value)
	slice   bool // the Go value is a slice that must hold n elements (or none)
	n       int
	stride  uintptr
	elem    *layout
	fields  []layoutField
	padMask byte // bitvector: bits of the last byte that must be zero
	path    string
}

type layoutField struct {
	off uintptr
	l   *layout
}

type layoutKind uint8

const (
	layoutBytes  layoutKind = iota // size bytes of memory, as they are
	layoutBool                     // one byte, 0 or 1
	layoutArray                    // n elements of elem, stride apart
	layoutStruct                   // fields at their offsets
)

// compileLayout returns the layout of t, or nil when t is not fixed-size or
// its Go representation is not one layout reads (then the caller uses a
// slower general path).
func compileLayout(t *ssz.Type, path string) *layout {
	if !t.Fixed || !littleEndian {
		return nil
	}
	g := t.Go
	l := &layout{size: int(t.Size), path: path}
	if g.Kind() == reflect.Pointer {
		l.ptr = true
		g = g.Elem()
	}
	switch t.Kind {
	case ssz.KindBool:
		if g.Kind() != reflect.Bool {
			return nil
		}
		l.kind = layoutBool
		return l
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64, ssz.KindUint128, ssz.KindUint256:
		// Integers and limb arrays are little-endian in memory here.
		if uintptr(t.Size) != g.Size() || !plainBytes(g) {
			return nil
		}
		l.kind = layoutBytes
		return l
	case ssz.KindBitvector:
		if !(g.Kind() == reflect.Array || g.Kind() == reflect.Slice) || g.Elem().Kind() != reflect.Uint8 {
			return nil
		}
		l.kind, l.slice, l.n, l.stride = layoutBytes, g.Kind() == reflect.Slice, int(t.Size), 1
		if r := t.Length % 8; r != 0 {
			l.padMask = ^byte(0) << r
		}
		return l
	case ssz.KindVector:
		if g.Kind() != reflect.Array && g.Kind() != reflect.Slice {
			return nil
		}
		l.slice, l.n, l.stride = g.Kind() == reflect.Slice, int(t.Length), g.Elem().Size()
		if t.Elem.IsBasic() && plainBytes(g.Elem()) && uintptr(t.Elem.Size) == g.Elem().Size() {
			l.kind = layoutBytes
			return l
		}
		l.kind = layoutArray
		if l.elem = compileLayout(t.Elem, path+"[]"); l.elem == nil {
			return nil
		}
		return l
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		// A fixed-size progressive container serializes as a container:
		// its fields in order, the active-fields gaps take no bytes.
		if g.Kind() != reflect.Struct {
			return nil
		}
		l.kind = layoutStruct
		for _, f := range t.Fields {
			if !f.Direct {
				return nil
			}
			fl := compileLayout(f.Type, path+"."+f.Name)
			if fl == nil {
				return nil
			}
			l.fields = append(l.fields, layoutField{off: f.Offset, l: fl})
		}
		return l
	}
	return nil
}

// plainBytes reports whether values of g are integers (or arrays of them)
// whose memory is their little-endian serialization.
func plainBytes(g reflect.Type) bool {
	switch g.Kind() {
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	case reflect.Array:
		return plainBytes(g.Elem())
	}
	return false
}

// encode writes the serialization of the value at p (a pointer to the Go
// value, so a pointer field is followed here) into dst[:l.size].
func (l *layout) encode(dst []byte, p unsafe.Pointer) error {
	if l.ptr {
		p = *(*unsafe.Pointer)(p)
		if p == nil {
			clear(dst[:l.size])
			return nil
		}
	}
	if l.slice {
		s := (*sliceHeader)(p)
		switch s.len {
		case l.n:
			p = s.data
		case 0:
			clear(dst[:l.size])
			return nil
		default:
			return errAt(l.path, fmt.Errorf("%w: %d elements, want %d", ssz.ErrSize, s.len, l.n))
		}
	}
	switch l.kind {
	case layoutBytes:
		copy(dst[:l.size], unsafe.Slice((*byte)(p), l.size))
		if l.padMask != 0 && dst[l.size-1]&l.padMask != 0 {
			return errAt(l.path, ssz.ErrBitvector)
		}
	case layoutBool:
		b := *(*byte)(p)
		if b > 1 {
			return errAt(l.path, ssz.ErrBool)
		}
		dst[0] = b
	case layoutArray:
		es := l.elem.size
		for i := range l.n {
			if err := l.elem.encode(dst[i*es:], unsafe.Add(p, uintptr(i)*l.stride)); err != nil {
				return err
			}
		}
	case layoutStruct:
		off := 0
		for _, f := range l.fields {
			if err := f.l.encode(dst[off:], unsafe.Add(p, f.off)); err != nil {
				return err
			}
			off += f.l.size
		}
	}
	return nil
}

// sliceHeader is the memory of a Go slice.
type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}

// walkFlat adds to fl the memory of l's value at Go offset g, serialized
// at s, and reports whether all of it is plain memory of the value or of
// the arrays of byte slices it holds (else Detect serializes to compare).
func walkFlat(fl *elemplan.Layout, l *layout, g uintptr, s int) bool {
	if l.slice {
		if l.kind != layoutBytes || l.ptr {
			return false
		}
		fl.Slices = append(fl.Slices, elemplan.Slice{Via: g, Want: l.n, St: []elemplan.Stretch{{Ser: s, Len: l.size}}})
		return true
	}
	switch l.kind {
	case layoutBytes, layoutBool:
		fl.Direct = append(fl.Direct, elemplan.Stretch{Go: g, Ser: s, Len: l.size})
		return true
	case layoutArray:
		for i := range l.n {
			if l.elem.ptr || !walkFlat(fl, l.elem, g+uintptr(i)*l.stride, s+i*l.elem.size) {
				return false
			}
		}
		return true
	case layoutStruct:
		for _, f := range l.fields {
			if f.l.ptr || !walkFlat(fl, f.l, g+f.off, s) {
				return false
			}
			s += f.l.size
		}
		return true
	}
	return false
}
