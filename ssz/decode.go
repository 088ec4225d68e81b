package ssz

import (
	"encoding/binary"
	"errors"
	"math"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/structfield"
)

// Unmarshal decodes the SSZ bytes b into v, which must be a non-nil
// pointer. Decoding is strict: every offset, length, limit, delimiter bit,
// unused bitvector bit, boolean byte and union selector is checked, and
// trailing bytes are an error. It allocates no more than the input
// justifies: a small multiple of len(b) plus the decoded value's own
// heap (element counts are checked against each element's minimum
// serialized size before any slice is made; docs/guarantees.md).
func Unmarshal(b []byte, v any, opts ...Option) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return errorf("", ErrValue, "Unmarshal needs a non-nil pointer, not %T", v)
	}
	t, err := TypeOf(rv.Type().Elem(), opts...)
	if err != nil {
		return err
	}
	return UnmarshalValue(t, b, rv.Elem())
}

// UnmarshalValue decodes b into v, an addressable value of the Go type t
// was built for. On error v may be partly written.
func UnmarshalValue(t *Type, b []byte, v reflect.Value) error {
	if !v.IsValid() || v.Type() != t.Go {
		return errorf("", ErrValue, "value does not have type %s", t.Go)
	}
	if !v.CanSet() {
		return errorf("", ErrValue, "value of type %s is not settable", t.Go)
	}
	return within(decode(t, b, v), rootPath(t))
}

// decodeValue decodes b into v, its errors' paths starting with path.
func decodeValue(t *Type, b []byte, v reflect.Value, path string) error {
	return within(decode(t, b, v), path)
}

// decode decodes b into v. Its errors' paths are relative to v (""
// names v itself); each caller puts its own step in front of them, so
// the path strings are built only for an error, never per value.
func decode(t *Type, b []byte, v reflect.Value) error {
	if t.IsBasic() {
		return decodeBasic(t, b, v)
	}
	switch t.Kind {
	case KindBitvector:
		if uint64(len(b)) != t.Size {
			return errorf("", ErrSize, "%d bytes for a bitvector of %d", len(b), t.Size)
		}
		if extra := t.Length % 8; extra != 0 && b[len(b)-1]>>extra != 0 {
			return errorf("", ErrBitvector, "bits set beyond bit %d", t.Length)
		}
		setBytes(v, b)
		return nil
	case KindBitlist, KindProgressiveBitlist:
		if len(b) == 0 {
			return errorf("", ErrBitlist, "empty bitlist has no delimiter bit")
		}
		if _, err := bitlistLen(t, b, ""); err != nil {
			return err
		}
		setBytes(v, b)
		return nil
	case KindVector:
		if t.Elem.Fixed && uint64(len(b)) != t.Size {
			return errorf("", ErrSize, "%d bytes for %s", len(b), t)
		}
		if !t.Elem.Fixed {
			if err := backed(t.Elem, b, t.Length); err != nil {
				return err
			}
		}
		return decodeSequence(t.Elem, b, v, int(t.Length))
	case KindList, KindProgressiveList:
		n, err := sequenceLen(t.Elem, b)
		if err != nil {
			return err
		}
		if t.Kind == KindList && n > t.Limit {
			return errorf("", ErrListTooLong, "%d elements, limit %d", n, t.Limit)
		}
		return decodeSequence(t.Elem, b, v, int(n))
	case KindContainer, KindProgressiveContainer:
		if v.Kind() == reflect.Pointer {
			p := reflect.New(t.Go.Elem())
			if err := decodeFields(t, b, p.Elem()); err != nil {
				return err
			}
			v.Set(p)
			return nil
		}
		return decodeFields(t, b, v)
	case KindUnion:
		if v.Kind() == reflect.Pointer {
			p := reflect.New(t.Go.Elem())
			if err := decodeUnion(t, b, p.Elem()); err != nil {
				return err
			}
			v.Set(p)
			return nil
		}
		return decodeUnion(t, b, v)
	case KindCompatibleUnion:
		if v.Kind() == reflect.Pointer {
			p := reflect.New(t.Go.Elem())
			if err := decodeCompatibleUnion(t, b, p.Elem(), ""); err != nil {
				return err
			}
			v.Set(p)
			return nil
		}
		return decodeCompatibleUnion(t, b, v, "")
	}
	return errorf("", ErrUnsupported, "kind %s", t.Kind)
}

func setBytes(v reflect.Value, b []byte) {
	if v.Kind() == reflect.Array {
		reflect.Copy(v, reflect.ValueOf(b))
		return
	}
	s := reflect.MakeSlice(v.Type(), len(b), len(b))
	reflect.Copy(s, reflect.ValueOf(b))
	v.Set(s)
}

func decodeBasic(t *Type, b []byte, v reflect.Value) error {
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

// sequenceLen returns the element count of a list's bytes: the byte count
// over the element size, or the first offset over 4.
func sequenceLen(et *Type, b []byte) (uint64, error) {
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
	return n, backed(et, b, n)
}

// backed fails with ErrSize unless b can hold n variable-size elements
// of type et: an offset and at least minSize(et) bytes each. The offset
// table alone would let 4 bytes claim an element of any minimum size, and
// the element slice is made from the count before any element is read.
func backed(et *Type, b []byte, n uint64) error {
	per := satAdd(4, minSize(et))
	if need, ok := checked.Mul(n, per); !ok || need > uint64(len(b)) {
		return errorf("", ErrSize, "%d bytes cannot hold %d elements of at least %d bytes", len(b), n, per)
	}
	return nil
}

// decodeSequence decodes n elements into v (a slice, set to n elements,
// or an array): fixed-size ones back to back, variable-size ones through
// the offset table. The caller has checked that b can hold n elements.
func decodeSequence(et *Type, b []byte, v reflect.Value, n int) error {
	if et.Fixed {
		if uint64(len(b)) != uint64(n)*et.Size {
			return errorf("", ErrSize, "%d bytes for %d elements of %d", len(b), n, et.Size)
		}
		g := elements(v, n, len(b))
		if et.Kind == KindUint8 && v.Type().Elem() == byteType && g.cap == n {
			// Bytes need no check: one copy instead of n reflect calls.
			reflect.Copy(v, reflect.ValueOf(b))
			return nil
		}
		for i := 0; i < n; i++ {
			if i == g.cap {
				g.grow(v)
			}
			s := uint64(i) * et.Size
			if err := decode(et, b[s:s+et.Size], v.Index(i)); err != nil {
				return within(err, indexPath("", i))
			}
		}
		return nil
	}
	if n == 0 {
		if len(b) != 0 {
			return errorf("", ErrSize, "%d bytes for no elements", len(b))
		}
		elements(v, 0, 0)
		return nil
	}
	if len(b) < 4*n {
		return errorf("", ErrOffset, "%d bytes cannot hold %d offsets", len(b), n)
	}
	if first := binary.LittleEndian.Uint32(b); uint64(first) != uint64(4*n) {
		return errorf("", ErrOffset, "first offset %d, want %d", first, 4*n)
	}
	g := elements(v, n, len(b))
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
		if err := decode(et, b[start:end], v.Index(i)); err != nil {
			return within(err, indexPath("", i))
		}
	}
	return nil
}

func decodeFields(t *Type, b []byte, v reflect.Value) error {
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
			if err := decode(f.Type, b[pos:pos+f.Type.Size], structfield.Settable(v, f.Index)); err != nil {
				return within(err, "."+f.Name)
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
		if err := decode(f.Type, b[s.start:s.end], structfield.Settable(v, f.Index)); err != nil {
			return within(err, "."+f.Name)
		}
	}
	return nil
}

func decodeUnion(t *Type, b []byte, v reflect.Value) error {
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
	if err := decode(opt, b[1:], val); err != nil {
		return within(err, ".Value")
	}
	v.Field(0).SetUint(uint64(sel))
	v.Field(1).Set(val)
	return nil
}

// The decoder makes an element slice in one allocation when its Go size
// is within allocPerByte bytes per input byte (plus allocSlack): every
// consensus type's lists are, a []byte field costs 24 bytes per 4-byte
// offset and a union 24 per 5 bytes. Elements far larger in Go than
// serialized (ssz:"-" bulk, slice headers around one-byte bitvectors)
// start there and double as elements are reached, so what an input that
// fails allocates stays proportional to it and to what it decoded, and
// a valid one allocates at most twice its value's slices.
const (
	allocPerByte = 8
	allocSlack   = 4 << 10
)

var byteType = reflect.TypeFor[byte]()

// grower holds the capacity of the element slice being decoded into and
// the element count it grows to; an array's has both equal, so it never
// grows.
type grower struct {
	cap, n int
}

// elements returns the grower of n elements decoded from inputLen bytes
// into v: an array's, or for a slice its first allocation, which it sets
// v to.
func elements(v reflect.Value, n, inputLen int) grower {
	if v.Kind() != reflect.Slice {
		return grower{cap: n, n: n}
	}
	c := n
	if size := uint64(v.Type().Elem().Size()); size > 0 {
		budget := uint64(inputLen)*allocPerByte + allocSlack
		if total, ok := checked.Mul(uint64(n), size); !ok || total > budget {
			c = int(max(budget/size, 1))
		}
	}
	v.Set(reflect.MakeSlice(v.Type(), c, c))
	return grower{cap: c, n: n}
}

// grow doubles v (up to the n elements) when the next element to decode
// is the first past its capacity. The callers compare before calling,
// so the per-element cost is that one comparison.
func (g *grower) grow(v reflect.Value) {
	g.cap = min(2*g.cap, g.n)
	s := reflect.MakeSlice(v.Type(), g.cap, g.cap)
	reflect.Copy(s, v)
	v.Set(s)
}

// minSize returns the fewest bytes a serialized value of t takes, at
// most math.MaxUint64: its size if fixed; for a variable one, 0 for a
// list, 1 for a bitlist (the delimiter) or a union (the selector, plus
// its smallest option), and for a container or vector the sum over its
// parts, an offset plus the part's minimum for each variable one.
//
// It is memoized per descriptor: the walk visits every path through the
// type, which for options and fields sharing deep types is exponential
// in its depth, and a list's bytes pay for its minimum, not for the
// walk (a union's minimum is that of its smallest option).
func minSize(t *Type) uint64 {
	if t.Fixed {
		return t.Size
	}
	if n, ok := minSizes.Load(t); ok {
		return n.(uint64)
	}
	n := minSizeOf(t)
	if _, loaded := minSizes.LoadOrStore(t, n); !loaded && minSizeCount.Add(1) > maxMinSizes {
		// Descriptors dropped from TypeOf's cache are built again as new
		// *Type values, so the memo is emptied at its bound rather than
		// kept growing with them; it is only a memo.
		minSizes.Range(func(k, _ any) bool {
			minSizes.Delete(k)
			return true
		})
		minSizeCount.Store(0)
	}
	return n
}

// MinSize returns the fewest bytes a serialized value of t takes
// (saturating at the largest uint64): the bound Unmarshal checks an
// element count against before it allocates, and the one every other
// reader of serialized values (plan's RootBytes) must check the same way
// to refuse the same inputs.
func MinSize(t *Type) uint64 { return minSize(t) }

// minSizes memoizes minSize: *Type → uint64 (descriptors are
// immutable), at most about maxMinSizes entries.
var (
	minSizes     sync.Map
	minSizeCount atomic.Int64
)

// maxMinSizes bounds minSizes; a variable so the tests can lower it.
var maxMinSizes int64 = 1 << 14

// minSizeOf computes minSize of a variable-size t, its parts through
// minSize.
func minSizeOf(t *Type) uint64 {
	part := func(t *Type) uint64 {
		if t.Fixed {
			return t.Size
		}
		return satAdd(4, minSize(t))
	}
	switch t.Kind {
	case KindBitlist, KindProgressiveBitlist:
		return 1
	case KindVector:
		n, ok := checked.Mul(t.Length, part(t.Elem))
		if !ok {
			return math.MaxUint64
		}
		return n
	case KindContainer, KindProgressiveContainer:
		var n uint64
		for i := range t.Fields {
			n = satAdd(n, part(t.Fields[i].Type))
		}
		return n
	case KindUnion, KindCompatibleUnion:
		least := uint64(math.MaxUint64)
		for _, o := range t.Options {
			switch {
			case o == nil && t.Kind == KindUnion: // None
				least = 0
			case o != nil:
				least = min(least, minSize(o))
			}
		}
		return satAdd(1, least)
	}
	return 0 // lists
}

// satAdd returns a+b, or math.MaxUint64 if that wraps.
func satAdd(a, b uint64) uint64 {
	if s, ok := checked.Add(a, b); ok {
		return s
	}
	return math.MaxUint64
}

// within puts prefix in front of the path of err, an *Error this decode
// made (so no one else holds it), and returns err.
func within(err error, prefix string) error {
	var e *Error
	if prefix != "" && errors.As(err, &e) {
		e.Path = prefix + e.Path
	}
	return err
}
