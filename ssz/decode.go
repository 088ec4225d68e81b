package ssz

import (
	"encoding/binary"
	"math"
	"reflect"
	"strings"
	"unsafe"

	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/internal/carve"
	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/memo"
	"github.com/lanehash/lanehash/internal/structfield"
)

// Unmarshal decodes the SSZ bytes b into v, which must be a non-nil
// pointer. Decoding is strict: every offset, length, limit, delimiter bit,
// unused bitvector bit, boolean byte and union selector is checked, and
// trailing bytes are an error. It allocates no more than the input
// justifies: a small multiple of len(b) plus the decoded value's own
// heap (element counts are checked against each element's minimum
// serialized size before any slice is made; docs/guarantees.md).
//
// The values a sequence's pointers point to (a state's validators) are
// carved from chunks of up to 16 KiB of values, and pointer-free
// slices (bitlists, byte vectors held in slices, short integer lists)
// from blocks of up to 4 KiB, rather than allocated one by one. Each is
// a value of its own (a slice's capacity is its length, so appending
// to it copies), but one kept alive keeps its chunk or block alive, and
// it is not the start of an allocation: runtime.SetFinalizer must not
// be given it (the runtime throws), runtime.AddCleanup and weak
// pointers take it. The first decode into a type compiles the type's
// decoder, which is kept (as TypeOf keeps descriptors).
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
// was built for. On error v may be partly written. A descriptor that
// does not describe its Go type (nil, or one made by hand that
// contradicts it) is CheckDescriptor's error, an *Error wrapping
// ErrValue, before anything is decoded.
func UnmarshalValue(t *Type, b []byte, v reflect.Value) error {
	n, err := checkedType(t)
	if err != nil {
		return err
	}
	if !v.IsValid() || v.Type() != t.Go {
		return errorf("", ErrValue, "value does not have type %s", t.Go)
	}
	if !v.CanSet() {
		return errorf("", ErrValue, "value of type %s is not settable", t.Go)
	}
	d := decoder{inputLen: len(b)}
	if err := d.decode(n, b, v.Addr().UnsafePointer()); err != nil {
		return joinWhole(err, rootPath(t))
	}
	return nil
}

// decodeValue decodes b into v, an addressable value of type t.Go (a
// compatible union's option: decodeCompatibleUnion), its error an
// *Error whose path starts with path.
func decodeValue(t *Type, b []byte, v reflect.Value, path string) error {
	d := decoder{inputLen: len(b)}
	return joinWhole(d.decode(compiledType(t), b, v.Addr().UnsafePointer()), path)
}

// decoder is the state of one decode: the input's length and the
// pointer-free memory it hands out in pieces (free). The rest is in the
// compiled descriptors.
type decoder struct {
	inputLen int
	blocks   carve.Blocks
}

// decode decodes b into the value of type n.t.Go at p. Its errors' paths
// are relative to that value: each caller records its own step (step)
// and UnmarshalValue joins them once, so no path is built for a value
// that decodes. Every check and error is the reflect decoder's that it
// replaced, in the same order (TestDecoderMatchesOracle).
func (d *decoder) decode(n *decType, b []byte, p unsafe.Pointer) error {
	t := n.t
	if n.op >= opBool && n.op <= opUint256Ptr && uint64(len(b)) != n.size {
		return errorf("", ErrSize, "%d bytes for %s", len(b), t.Kind)
	}
	switch n.op {
	case opBool:
		if b[0] > 1 {
			return errorf("", ErrBool, "byte 0x%02x", b[0])
		}
		*(*bool)(p) = b[0] == 1
	case opUint8:
		*(*uint8)(p) = b[0]
	case opUint16:
		*(*uint16)(p) = binary.LittleEndian.Uint16(b)
	case opUint32:
		*(*uint32)(p) = binary.LittleEndian.Uint32(b)
	case opUint64:
		*(*uint64)(p) = binary.LittleEndian.Uint64(b)
	case opUintBytes:
		copy(bytesAt(p, len(b)), b)
	case opUintLimbs:
		for i := 0; i < len(b)/8; i++ {
			*(*uint64)(unsafe.Add(p, 8*i)) = binary.LittleEndian.Uint64(b[8*i:])
		}
	case opUint256Ptr:
		x := new(uint256.Int)
		for i := range x {
			x[i] = binary.LittleEndian.Uint64(b[8*i:])
		}
		*(**uint256.Int)(p) = x
	case opBitvector:
		if uint64(len(b)) != t.Size {
			return errorf("", ErrSize, "%d bytes for a bitvector of %d", len(b), t.Size)
		}
		if extra := t.Length % 8; extra != 0 && b[len(b)-1]>>extra != 0 {
			return errorf("", ErrBitvector, "bits set beyond bit %d", t.Length)
		}
		d.setBytes(n, b, p)
	case opBitlist:
		if len(b) == 0 {
			return errorf("", ErrBitlist, "empty bitlist has no delimiter bit")
		}
		if _, err := bitlistLen(t, b, ""); err != nil {
			return err
		}
		d.setBytes(n, b, p)
	case opVector:
		if t.Elem.Fixed && uint64(len(b)) != t.Size {
			return errorf("", ErrSize, "%d bytes for %s", len(b), t)
		}
		if !t.Elem.Fixed {
			if err := backed(n, b, t.Length); err != nil {
				return err
			}
		}
		return d.sequence(n, b, p, int(t.Length))
	case opList:
		count, err := sequenceLen(n, b)
		if err != nil {
			return err
		}
		if t.Kind == KindList && count > t.Limit {
			return errorf("", ErrListTooLong, "%d elements, limit %d", count, t.Limit)
		}
		return d.sequence(n, b, p, int(count))
	case opContainer:
		return d.fields(n, b, p)
	case opContainerPtr:
		// The value is made anew and set only once it decoded, as the
		// reflect decoder did: a pointer to a half-decoded value is never
		// left behind.
		obj := reflect.New(n.target).UnsafePointer()
		if err := d.fields(n, b, obj); err != nil {
			return err
		}
		*(*unsafe.Pointer)(p) = obj
	case opUnion, opCompatible:
		return d.union(n, b, reflect.NewAt(t.Go, p).Elem())
	case opUnionPtr, opCompatiblePtr:
		obj := reflect.New(n.target)
		if err := d.union(n, b, obj.Elem()); err != nil {
			return err
		}
		*(*unsafe.Pointer)(p) = obj.UnsafePointer()
	default: // opRefused, which the entry points return first
		return n.refused
	}
	return nil
}

// bytesAt is the n bytes of Go memory at p.
func bytesAt[N int | uint64](p unsafe.Pointer, n N) []byte {
	return unsafe.Slice((*byte)(p), n)
}

// sliceHeader is the memory of a Go slice of any element type.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// setBytes sets the bitvector or bitlist at p to a copy of b.
func (d *decoder) setBytes(n *decType, b []byte, p unsafe.Pointer) {
	if !n.slice {
		copy(bytesAt(p, len(b)), b)
		return
	}
	data := d.free(uint64(len(b)))
	copy(bytesAt(data, len(b)), b)
	carve.SetSlice(p, data, len(b))
}

// sequenceLen returns the element count of a list's bytes: the byte count
// over the element size, or the first offset over 4.
func sequenceLen(n *decType, b []byte) (uint64, error) {
	et := n.elem.t
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
	count := uint64(first / 4)
	return count, backed(n, b, count)
}

// backed fails with ErrSize unless b can hold count variable-size
// elements of the sequence n: an offset and at least minSize bytes
// each (n.elemBytes). The offset table alone would let 4 bytes claim an
// element of any minimum size, and the element slice is made from the
// count before any element is read.
func backed(n *decType, b []byte, count uint64) error {
	per := n.elemBytes
	if need, ok := checked.Mul(count, per); !ok || need > uint64(len(b)) {
		return errorf("", ErrSize, "%d bytes cannot hold %d elements of at least %d bytes", len(b), count, per)
	}
	return nil
}

// sequence decodes count elements of the vector or list n into the
// array or slice at p (a slice is set to count elements): fixed-size
// ones back to back, variable-size ones through the offset table. The
// caller has checked that b can hold count elements.
func (d *decoder) sequence(n *decType, b []byte, p unsafe.Pointer, count int) error {
	et := n.elem
	var a carve.Pointees
	if et.t.Fixed {
		if uint64(len(b)) != uint64(count)*et.t.Size {
			return errorf("", ErrSize, "%d bytes for %d elements of %d", len(b), count, et.t.Size)
		}
		base, g := d.elements(n, p, count, len(b))
		if g.cap == count {
			switch {
			case et.plain:
				// The elements' memory is their serialization: one copy.
				copy(bytesAt(base, len(b)), b)
				return nil
			case et.op == opBool:
				// Bools too, once every byte is 0 or 1; before a bad one
				// the elements are written, as one by one.
				for i, c := range b {
					if c > 1 {
						copy(bytesAt(base, i), b[:i])
						return step(errorf("", ErrBool, "byte 0x%02x", c), indexStep(i))
					}
				}
				copy(bytesAt(base, len(b)), b)
				return nil
			}
		}
		size := et.t.Size
		for i := 0; i < count; i++ {
			if i == g.cap {
				base = g.grow(n, p)
			}
			s := uint64(i) * size
			if err := d.element(et, b[s:s+size], unsafe.Add(base, uintptr(i)*et.goSize), &a, count-i); err != nil {
				return step(err, indexStep(i))
			}
		}
		return nil
	}
	if count == 0 {
		if len(b) != 0 {
			return errorf("", ErrSize, "%d bytes for no elements", len(b))
		}
		d.elements(n, p, 0, 0)
		return nil
	}
	if len(b) < 4*count {
		return errorf("", ErrOffset, "%d bytes cannot hold %d offsets", len(b), count)
	}
	if first := binary.LittleEndian.Uint32(b); uint64(first) != uint64(4*count) {
		return errorf("", ErrOffset, "first offset %d, want %d", first, 4*count)
	}
	base, g := d.elements(n, p, count, len(b))
	for i := 0; i < count; i++ {
		start := uint64(binary.LittleEndian.Uint32(b[4*i:]))
		end := uint64(len(b))
		if i+1 < count {
			end = uint64(binary.LittleEndian.Uint32(b[4*i+4:]))
		}
		if start > end || end > uint64(len(b)) {
			return step(errorf("", ErrOffset, "offsets %d..%d with %d bytes", start, end, len(b)), indexStep(i))
		}
		if i == g.cap {
			base = g.grow(n, p)
		}
		if err := d.element(et, b[start:end], unsafe.Add(base, uintptr(i)*et.goSize), &a, count-i); err != nil {
			return step(err, indexStep(i))
		}
	}
	return nil
}

// element decodes b into the sequence element at p, left elements
// (this one included) before the sequence ends. A pointer to a
// container points into the sequence's chunks (a).
func (d *decoder) element(et *decType, b []byte, p unsafe.Pointer, a *carve.Pointees, left int) error {
	if et.op != opContainerPtr {
		return d.decode(et, b, p)
	}
	obj := a.Next(et.target, left)
	if err := d.fields(et, b, obj); err != nil {
		return err
	}
	*(*unsafe.Pointer)(p) = obj
	return nil
}

// fields decodes a container's bytes into the struct at p: first the
// fixed part in field order (fixed-size fields, and the offsets of the
// variable-size ones, checked as they are read), then the variable-size
// fields in order.
func (d *decoder) fields(n *decType, b []byte, p unsafe.Pointer) error {
	if uint64(len(b)) < n.fixedLen {
		return errorf("", ErrSize, "%d bytes, fixed part needs %d", len(b), n.fixedLen)
	}
	if n.t.Fixed && uint64(len(b)) != n.fixedLen {
		return errorf("", ErrSize, "%d bytes for a container of %d", len(b), n.fixedLen)
	}
	if n.plain {
		copy(bytesAt(p, len(b)), b)
		return nil
	}
	if len(n.vars) == 0 {
		return d.fixedPart(n, b, p, nil)
	}
	// The variable fields' offsets, on the stack for most containers.
	var room [8]uint64
	offs := room[:]
	if len(n.vars) > len(room) {
		offs = make([]uint64, len(n.vars))
	}
	if err := d.fixedPart(n, b, p, offs); err != nil {
		return err
	}
	for k := range n.vars {
		op := &n.vars[k]
		end := uint64(len(b))
		if k+1 < len(n.vars) {
			end = offs[k+1]
		}
		if err := d.decode(op.node, b[offs[k]:end], fieldAt(n, op, p)); err != nil {
			return step(err, fieldStep(n, op))
		}
	}
	return nil
}

// fixedPart is the first pass of fields: the fixed part in field order,
// fixed-size fields decoded and the variable-size fields' offsets
// checked as they are read and stored in offs (one per variable field).
func (d *decoder) fixedPart(n *decType, b []byte, p unsafe.Pointer, offs []uint64) error {
	k := 0 // variable fields read
	for i := range n.ops {
		op := &n.ops[i]
		switch op.kind {
		case fieldCopy:
			copy(bytesAt(unsafe.Add(p, op.goOff), op.n), b[op.at:op.at+op.n])
		case fieldBool:
			c := b[op.at]
			if c > 1 {
				return step(errorf("", ErrBool, "byte 0x%02x", c), fieldStep(n, op))
			}
			*(*bool)(unsafe.Add(p, op.goOff)) = c == 1
		case fieldBytes:
			data := d.free(op.n)
			copy(bytesAt(data, op.n), b[op.at:op.at+op.n])
			carve.SetSlice(unsafe.Add(p, op.goOff), data, int(op.node.t.Length))
		case fieldFixed:
			if err := d.decode(op.node, b[op.at:op.at+op.n], fieldAt(n, op, p)); err != nil {
				return step(err, fieldStep(n, op))
			}
		case fieldVar:
			off := uint64(binary.LittleEndian.Uint32(b[op.at:]))
			if k == 0 && off != n.fixedLen {
				return step(errorf("", ErrOffset, "first offset %d, want %d", off, n.fixedLen), fieldStep(n, op))
			}
			if k > 0 && off < offs[k-1] {
				return step(errorf("", ErrOffset, "offset %d before previous %d", off, offs[k-1]), fieldStep(n, op))
			}
			if off > uint64(len(b)) {
				return step(errorf("", ErrOffset, "offset %d beyond %d bytes", off, len(b)), fieldStep(n, op))
			}
			offs[k] = off
			k++
		}
	}
	return nil
}

// fieldStep is the step of op's field in an error's path.
func fieldStep(n *decType, op *fieldOp) string { return "." + n.t.Fields[op.field].Name }

// fieldAt returns the address of a field of the struct at p. A field
// behind embedded pointers is reached as structfield.Settable reaches
// it, allocating the nil ones on the way, when it is decoded.
func fieldAt(n *decType, op *fieldOp, p unsafe.Pointer) unsafe.Pointer {
	if op.direct {
		return unsafe.Add(p, op.goOff)
	}
	st := n.t.Go
	if st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	return structfield.Settable(reflect.NewAt(st, p).Elem(), n.t.Fields[op.field].Index).Addr().UnsafePointer()
}

// union decodes a selector byte and the selected option's bytes into
// the Union or CompatibleUnion v (settable). Options are rare enough to
// be set through reflect: the option value is boxed in an interface.
func (d *decoder) union(n *decType, b []byte, v reflect.Value) error {
	t := n.t
	if t.Kind == KindCompatibleUnion {
		// Its own decoder, which decodes the option through decodeValue.
		return decodeCompatibleUnion(t, b, v, "")
	}
	if len(b) == 0 {
		return errorf("", ErrUnion, "no selector byte")
	}
	sel := b[0]
	if int(sel) >= len(t.Options) {
		return errorf("", ErrUnion, "selector %d of %d options", sel, len(t.Options))
	}
	opt := n.options[sel]
	if opt == nil {
		if len(b) != 1 {
			return errorf("", ErrUnion, "None option followed by %d bytes", len(b)-1)
		}
		v.Field(0).SetUint(0)
		v.Field(1).Set(reflect.Zero(v.Field(1).Type()))
		return nil
	}
	val := reflect.New(opt.t.Go)
	if err := d.decode(opt, b[1:], val.UnsafePointer()); err != nil {
		return step(err, ".Value")
	}
	v.Field(0).SetUint(uint64(sel))
	v.Field(1).Set(val.Elem())
	return nil
}

// joinWhole returns err, the decoder's, as the *Error it carries with
// its path joined under root: root, the steps from the outermost in,
// then the path the error was made with. The decoder's paths are kept
// whole, as they always were (docs/guarantees.md), not bounded as the
// encoder's (joinSteps): it builds one only for the error it returns.
func joinWhole(err error, root string) error {
	switch e := err.(type) {
	case nil:
		return nil
	case *stepError:
		var sb strings.Builder
		n := len(root) + len(e.err.Path)
		for _, s := range e.steps {
			n += len(s)
		}
		sb.Grow(n)
		sb.WriteString(root)
		for i := len(e.steps) - 1; i >= 0; i-- {
			sb.WriteString(e.steps[i])
		}
		sb.WriteString(e.err.Path)
		e.err.Path = sb.String()
		return e.err
	case *Error:
		e.Path = root + e.Path
		return e
	}
	return err
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
	return minSizes.Store(t, minSizeOf(t)).(uint64)
}

// MinSize returns the fewest bytes a serialized value of t takes
// (saturating at the largest uint64): the bound Unmarshal checks an
// element count against before it allocates, and the one every other
// reader of serialized values (plan's RootBytes) must check the same way
// to refuse the same inputs. For a descriptor that does not describe
// its Go type (CheckDescriptor's error; nil, or one made by hand) it
// returns the largest uint64, the bound no input meets, rather than
// walk parts that may be missing or contain themselves.
func MinSize(t *Type) uint64 {
	if _, err := checkedType(t); err != nil {
		return math.MaxUint64
	}
	return minSize(t)
}

// minSizes memoizes minSize: *Type → uint64 (descriptors are
// immutable), at most about 16,384 entries: descriptors dropped from
// TypeOf's cache are built again as new *Type values, so the memo is
// bounded rather than kept growing with them.
var minSizes = memo.New(1 << 14)

// minSizeOf computes minSize of a variable-size t, its parts through
// minSize.
func minSizeOf(t *Type) uint64 {
	part := func(t *Type) uint64 {
		if t.Fixed {
			return t.Size
		}
		return checked.SatAdd(4, minSize(t))
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
			n = checked.SatAdd(n, part(t.Fields[i].Type))
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
		return checked.SatAdd(1, least)
	}
	return 0 // lists
}
