package ssz

// The decoder as it was before it was compiled per descriptor (commit
// 936665c), kept verbatim (identifiers prefixed "old") as the oracle of
// TestDecoderMatchesOracle: the new decoder must accept, reject, name
// and write exactly what this one does. Only tests build it.

import (
	"encoding/binary"
	"errors"
	"reflect"

	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/internal/structfield"
)

// OracleUnmarshalValue is UnmarshalValue as it was (the oracle's entry
// point, for the external tests).
var OracleUnmarshalValue = oldUnmarshalValue

// oldUnmarshalValue decodes b into v, an addressable value of the Go type t
// was built for. On error v may be partly written.
func oldUnmarshalValue(t *Type, b []byte, v reflect.Value) error {
	if !v.IsValid() || v.Type() != t.Go {
		return errorf("", ErrValue, "value does not have type %s", t.Go)
	}
	if !v.CanSet() {
		return errorf("", ErrValue, "value of type %s is not settable", t.Go)
	}
	return oldWithin(oldDecode(t, b, v), rootPath(t))
}

// oldDecodeValue decodes b into v, its errors' paths starting with path.
func oldDecodeValue(t *Type, b []byte, v reflect.Value, path string) error {
	return oldWithin(oldDecode(t, b, v), path)
}

// oldDecode decodes b into v. Its errors' paths are relative to v (""
// names v itself); each caller puts its own step in front of them, so
// the path strings are built only for an error, never per value.
func oldDecode(t *Type, b []byte, v reflect.Value) error {
	if t.IsBasic() {
		return oldDecodeBasic(t, b, v)
	}
	switch t.Kind {
	case KindBitvector:
		if uint64(len(b)) != t.Size {
			return errorf("", ErrSize, "%d bytes for a bitvector of %d", len(b), t.Size)
		}
		if extra := t.Length % 8; extra != 0 && b[len(b)-1]>>extra != 0 {
			return errorf("", ErrBitvector, "bits set beyond bit %d", t.Length)
		}
		oldSetBytes(v, b)
		return nil
	case KindBitlist, KindProgressiveBitlist:
		if len(b) == 0 {
			return errorf("", ErrBitlist, "empty bitlist has no delimiter bit")
		}
		if _, err := bitlistLen(t, b, ""); err != nil {
			return err
		}
		oldSetBytes(v, b)
		return nil
	case KindVector:
		if t.Elem.Fixed && uint64(len(b)) != t.Size {
			return errorf("", ErrSize, "%d bytes for %s", len(b), t)
		}
		if !t.Elem.Fixed {
			if err := oldBacked(t.Elem, b, t.Length); err != nil {
				return err
			}
		}
		return oldDecodeSequence(t.Elem, b, v, int(t.Length))
	case KindList, KindProgressiveList:
		n, err := oldSequenceLen(t.Elem, b)
		if err != nil {
			return err
		}
		if t.Kind == KindList && n > t.Limit {
			return errorf("", ErrListTooLong, "%d elements, limit %d", n, t.Limit)
		}
		return oldDecodeSequence(t.Elem, b, v, int(n))
	case KindContainer, KindProgressiveContainer:
		if v.Kind() == reflect.Pointer {
			p := reflect.New(t.Go.Elem())
			if err := oldDecodeFields(t, b, p.Elem()); err != nil {
				return err
			}
			v.Set(p)
			return nil
		}
		return oldDecodeFields(t, b, v)
	case KindUnion:
		if v.Kind() == reflect.Pointer {
			p := reflect.New(t.Go.Elem())
			if err := oldDecodeUnion(t, b, p.Elem()); err != nil {
				return err
			}
			v.Set(p)
			return nil
		}
		return oldDecodeUnion(t, b, v)
	case KindCompatibleUnion:
		if v.Kind() == reflect.Pointer {
			p := reflect.New(t.Go.Elem())
			if err := oldDecodeCompatibleUnion(t, b, p.Elem(), ""); err != nil {
				return err
			}
			v.Set(p)
			return nil
		}
		return oldDecodeCompatibleUnion(t, b, v, "")
	}
	return errorf("", ErrUnsupported, "kind %s", t.Kind)
}

func oldSetBytes(v reflect.Value, b []byte) {
	if v.Kind() == reflect.Array {
		reflect.Copy(v, reflect.ValueOf(b))
		return
	}
	s := reflect.MakeSlice(v.Type(), len(b), len(b))
	reflect.Copy(s, reflect.ValueOf(b))
	v.Set(s)
}

func oldDecodeBasic(t *Type, b []byte, v reflect.Value) error {
	if uint64(len(b)) != t.Size {
		return errorf("", ErrSize, "%d bytes for %s", len(b), t.Kind)
	}
	switch t.Kind {
	case KindBool:
		if b[0] > 1 {
			return errorf("", ErrBool, "byte 0x%02x", b[0])
		}
		v.SetBool(b[0] == 1)
	case KindUint8:
		v.SetUint(uint64(b[0]))
	case KindUint16:
		v.SetUint(uint64(binary.LittleEndian.Uint16(b)))
	case KindUint32:
		v.SetUint(uint64(binary.LittleEndian.Uint32(b)))
	case KindUint64:
		v.SetUint(binary.LittleEndian.Uint64(b))
	default: // uint128, uint256
		switch {
		case t.Go == uint256PtrType:
			x := new(uint256.Int)
			for i := range x {
				x[i] = binary.LittleEndian.Uint64(b[8*i:])
			}
			v.Set(reflect.ValueOf(x))
		case t.Go.Elem().Kind() == reflect.Uint64:
			for i := 0; i < v.Len(); i++ {
				v.Index(i).SetUint(binary.LittleEndian.Uint64(b[8*i:]))
			}
		default:
			reflect.Copy(v, reflect.ValueOf(b))
		}
	}
	return nil
}

// oldSequenceLen returns the element count of a list's bytes: the byte count
// over the element size, or the first offset over 4.
func oldSequenceLen(et *Type, b []byte) (uint64, error) {
	if et.Fixed {
		if uint64(len(b))%et.Size != 0 {
			return 0, errorf("", ErrSize, "%d bytes is not a multiple of the element size %d", len(b), et.Size)
		}
		return uint64(len(b)) / et.Size, nil
	}
	if len(b) == 0 {
		return 0, nil
	}
	if len(b) < 4 {
		return 0, errorf("", ErrOffset, "%d bytes cannot hold an offset", len(b))
	}
	first := binary.LittleEndian.Uint32(b)
	if first == 0 || first%4 != 0 || uint64(first) > uint64(len(b)) {
		return 0, errorf("", ErrOffset, "first offset %d with %d bytes", first, len(b))
	}
	n := uint64(first / 4)
	return n, oldBacked(et, b, n)
}

// oldBacked fails with ErrSize unless b can hold n variable-size oldElements
// of type et: an offset and at least minSize(et) bytes each. The offset
// table alone would let 4 bytes claim an element of any minimum size, and
// the element slice is made from the count before any element is read.
func oldBacked(et *Type, b []byte, n uint64) error {
	per := checked.SatAdd(4, minSize(et))
	if need, ok := checked.Mul(n, per); !ok || need > uint64(len(b)) {
		return errorf("", ErrSize, "%d bytes cannot hold %d elements of at least %d bytes", len(b), n, per)
	}
	return nil
}

// oldDecodeSequence decodes n oldElements into v (a slice, set to n oldElements,
// or an array): fixed-size ones back to back, variable-size ones through
// the offset table. The caller has checked that b can hold n oldElements.
func oldDecodeSequence(et *Type, b []byte, v reflect.Value, n int) error {
	if et.Fixed {
		if uint64(len(b)) != uint64(n)*et.Size {
			return errorf("", ErrSize, "%d bytes for %d elements of %d", len(b), n, et.Size)
		}
		g := oldElements(v, n, len(b))
		if et.Kind == KindUint8 && v.Type().Elem() == oldByteType && g.cap == n {
			// Bytes need no check: one copy instead of n reflect calls.
			reflect.Copy(v, reflect.ValueOf(b))
			return nil
		}
		for i := 0; i < n; i++ {
			if i == g.cap {
				g.grow(v)
			}
			s := uint64(i) * et.Size
			if err := oldDecode(et, b[s:s+et.Size], v.Index(i)); err != nil {
				return oldWithin(err, indexPath("", i))
			}
		}
		return nil
	}
	if n == 0 {
		if len(b) != 0 {
			return errorf("", ErrSize, "%d bytes for no elements", len(b))
		}
		oldElements(v, 0, 0)
		return nil
	}
	if len(b) < 4*n {
		return errorf("", ErrOffset, "%d bytes cannot hold %d offsets", len(b), n)
	}
	if first := binary.LittleEndian.Uint32(b); uint64(first) != uint64(4*n) {
		return errorf("", ErrOffset, "first offset %d, want %d", first, 4*n)
	}
	g := oldElements(v, n, len(b))
	for i := 0; i < n; i++ {
		start := uint64(binary.LittleEndian.Uint32(b[4*i:]))
		end := uint64(len(b))
		if i+1 < n {
			end = uint64(binary.LittleEndian.Uint32(b[4*i+4:]))
		}
		if start > end || end > uint64(len(b)) {
			return errorf(indexPath("", i), ErrOffset, "offsets %d..%d with %d bytes", start, end, len(b))
		}
		if i == g.cap {
			g.grow(v)
		}
		if err := oldDecode(et, b[start:end], v.Index(i)); err != nil {
			return oldWithin(err, indexPath("", i))
		}
	}
	return nil
}

func oldDecodeFields(t *Type, b []byte, v reflect.Value) error {
	var fixedLen uint64
	for i := range t.Fields {
		fixedLen += t.Fields[i].Type.FixedPartSize()
	}
	if uint64(len(b)) < fixedLen {
		return errorf("", ErrSize, "%d bytes, fixed part needs %d", len(b), fixedLen)
	}
	if t.Fixed && uint64(len(b)) != fixedLen {
		return errorf("", ErrSize, "%d bytes for a container of %d", len(b), fixedLen)
	}
	// First pass: fixed fields, and the offsets of variable ones.
	type span struct {
		field      int
		start, end uint64
	}
	var vars []span
	pos := uint64(0)
	for i := range t.Fields {
		f := &t.Fields[i]
		if f.Type.Fixed {
			if err := oldDecode(f.Type, b[pos:pos+f.Type.Size], structfield.Settable(v, f.Index)); err != nil {
				return oldWithin(err, "."+f.Name)
			}
			pos += f.Type.Size
			continue
		}
		off := uint64(binary.LittleEndian.Uint32(b[pos:]))
		if len(vars) == 0 && off != fixedLen {
			return errorf("."+f.Name, ErrOffset, "first offset %d, want %d", off, fixedLen)
		}
		if len(vars) > 0 {
			prev := &vars[len(vars)-1]
			if off < prev.start {
				return errorf("."+f.Name, ErrOffset, "offset %d before previous %d", off, prev.start)
			}
			prev.end = off
		}
		if off > uint64(len(b)) {
			return errorf("."+f.Name, ErrOffset, "offset %d beyond %d bytes", off, len(b))
		}
		vars = append(vars, span{field: i, start: off})
		pos += 4
	}
	if len(vars) > 0 {
		vars[len(vars)-1].end = uint64(len(b))
	}
	for _, s := range vars {
		f := &t.Fields[s.field]
		if err := oldDecode(f.Type, b[s.start:s.end], structfield.Settable(v, f.Index)); err != nil {
			return oldWithin(err, "."+f.Name)
		}
	}
	return nil
}

func oldDecodeUnion(t *Type, b []byte, v reflect.Value) error {
	if len(b) == 0 {
		return errorf("", ErrUnion, "no selector byte")
	}
	sel := b[0]
	if int(sel) >= len(t.Options) {
		return errorf("", ErrUnion, "selector %d of %d options", sel, len(t.Options))
	}
	opt := t.Options[sel]
	if opt == nil {
		if len(b) != 1 {
			return errorf("", ErrUnion, "None option followed by %d bytes", len(b)-1)
		}
		v.Field(0).SetUint(0)
		v.Field(1).Set(reflect.Zero(v.Field(1).Type()))
		return nil
	}
	val := reflect.New(opt.Go).Elem()
	if err := oldDecode(opt, b[1:], val); err != nil {
		return oldWithin(err, ".Value")
	}
	v.Field(0).SetUint(uint64(sel))
	v.Field(1).Set(val)
	return nil
}

// The decoder makes an element slice in one allocation when its Go size
// is oldWithin oldAllocPerByte bytes per input byte (plus oldAllocSlack): every
// consensus type's lists are, a []byte field costs 24 bytes per 4-byte
// offset and a union 24 per 5 bytes. Elements far larger in Go than
// serialized (ssz:"-" bulk, slice headers around one-byte bitvectors)
// start there and double as oldElements are reached, so what an input that
// fails allocates stays proportional to it and to what it decoded, and
// a valid one allocates at most twice its value's slices.
const (
	oldAllocPerByte = 8
	oldAllocSlack   = 4 << 10
)

var oldByteType = reflect.TypeFor[byte]()

// oldGrower holds the capacity of the element slice being decoded into and
// the element count it grows to; an array's has both equal, so it never
// grows.
type oldGrower struct {
	cap, n int
}

// oldElements returns the oldGrower of n oldElements decoded from inputLen bytes
// into v: an array's, or for a slice its first allocation, which it sets
// v to.
func oldElements(v reflect.Value, n, inputLen int) oldGrower {
	if v.Kind() != reflect.Slice {
		return oldGrower{cap: n, n: n}
	}
	c := n
	if size := uint64(v.Type().Elem().Size()); size > 0 {
		budget := uint64(inputLen)*oldAllocPerByte + oldAllocSlack
		if total, ok := checked.Mul(uint64(n), size); !ok || total > budget {
			c = int(max(budget/size, 1))
		}
	}
	v.Set(reflect.MakeSlice(v.Type(), c, c))
	return oldGrower{cap: c, n: n}
}

// grow doubles v (up to the n oldElements) when the next element to oldDecode
// is the first past its capacity. The callers compare before calling,
// so the per-element cost is that one comparison.
func (g *oldGrower) grow(v reflect.Value) {
	g.cap = min(2*g.cap, g.n)
	s := reflect.MakeSlice(v.Type(), g.cap, g.cap)
	reflect.Copy(s, v)
	v.Set(s)
}

// oldWithin puts prefix in front of the path of err, an *Error this oldDecode
// made (so no one else holds it), and returns err.
func oldWithin(err error, prefix string) error {
	var e *Error
	if prefix != "" && errors.As(err, &e) {
		e.Path = prefix + e.Path
	}
	return err
}

// oldDecodeCompatibleUnion decodes a selector byte and the selected option's
// bytes; empty input, a selector that is not an option and option bytes
// that do not oldDecode as the option are errors.
func oldDecodeCompatibleUnion(t *Type, b []byte, v reflect.Value, path string) error {
	if len(b) == 0 {
		return errorf(path, ErrUnion, "no selector byte")
	}
	sel := b[0]
	if int(sel) >= len(t.Options) || t.Options[sel] == nil {
		return errorf(path, ErrUnion, "selector %d is not an option", sel)
	}
	opt := t.Options[sel]
	val := reflect.New(opt.Go).Elem()
	if err := oldDecodeValue(opt, b[1:], val, sszpath.Field(path, "Data")); err != nil {
		return err
	}
	v.Field(0).SetUint(uint64(sel))
	v.Field(1).Set(val)
	return nil
}
