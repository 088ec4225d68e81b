package ssz

import (
	"encoding/binary"
	"reflect"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/memo"
)

// decType is a descriptor compiled for the codec: what decoding and
// encoding a value of it do, decided once per descriptor rather than
// per value (Go kinds, sizes, field offsets, which values are one
// copy), so the decoder walks the bytes and writes the Go memory, and
// the encoder reads it, through unsafe pointers without reflect calls
// per field or element. It holds only what the descriptor and its Go
// type say; the checks on the bytes are the decoder's (decode.go), the
// checks on values the encoder's (encode_compiled.go).
type decType struct {
	t  *Type
	op decOp
	// size is t.Size when t is fixed-size; goSize is the Go size of t.Go.
	size   uint64
	goSize uintptr
	// plain: on this host a value's Go memory is exactly its
	// serialization, and every byte string is a valid value: it decodes
	// by one copy, with no check and no allocation. Fixed-size only.
	plain bool
	// valid: every Go value of this fixed-size type encodes (it holds no
	// bool, no bitvector with unused bits, no vector or bitvector in a
	// slice, whose length is checked): the encoder's checks skip it.
	valid bool

	// Vectors and lists: the element, whether the value is a Go slice
	// (else an array), whether an element holds no pointers (its slice
	// can come from the decoder's pointer-free memory), and for
	// variable-size elements 4 + their minimum size (backed).
	elem      *decType
	slice     bool
	elemFree  bool
	elemBytes uint64

	// Pointers to containers and unions: the type pointed to and its
	// size. A container pointed to from a sequence is carved from the
	// sequence's chunks (carve.Pointees).
	target     reflect.Type
	targetSize uintptr

	// Containers: the fixed part's length, the first pass over it (fixed
	// fields and the offsets of variable ones, adjacent copies merged)
	// and the variable fields in order.
	fixedLen uint64
	ops      []fieldOp
	vars     []fieldOp

	// Unions and compatible unions: the options by selector (nil: None,
	// or no option).
	options []*decType

	// refused is CheckDescriptor's error for a descriptor that does not
	// describe its Go type (only one made by hand can fail: TypeOf builds
	// them from the Go type). Such a descriptor is not compiled: its
	// compiled form is this error alone (op opRefused), which every
	// entry point returns before it reads or writes a value.
	refused error
}

// decOp is what decoding a value of a decType does.
type decOp uint8

const (
	opRefused decOp = iota // decType.refused
	opBool
	opUint8
	opUint16
	opUint32
	opUint64
	opUintBytes  // uint128 or uint256 in a byte array
	opUintLimbs  // uint128 or uint256 in a uint64 array
	opUint256Ptr // *uint256.Int
	opBitvector  // array or slice
	opBitlist    // bitlists and progressive bitlists
	opVector     // array or slice
	opList       // lists and progressive lists
	opContainer  // containers and progressive containers held by value
	opContainerPtr
	opUnion
	opUnionPtr
	opCompatible
	opCompatiblePtr
)

// fieldOp is one step of a container's decoding, for one field (or for
// a run of adjacent plain fields merged into one copy).
type fieldOp struct {
	kind fieldKind
	// direct: no embedded pointer on the way to the field; goOff is
	// then its offset in the struct (else field's reflect index path
	// reaches it).
	direct bool
	// field is the field's index in the descriptor's Fields (its name,
	// "." + which is its step in an error's path, and index path).
	field int32
	// at is where the field starts in the fixed part; n its fixed-part
	// bytes (a copy's length).
	at, n uint64
	goOff uintptr
	node  *decType
}

// fieldKind says how a fieldOp decodes its field.
type fieldKind uint8

const (
	fieldCopy  fieldKind = iota // plain fields: one copy
	fieldBool                   // a bool: check the byte, store it
	fieldBytes                  // a fixed-size plain vector held in a slice
	fieldFixed                  // any other fixed-size field: decode
	fieldVar                    // a variable-size field's offset
)

// compiledType returns the compiled form of t, from a memo shared by
// all decodes: descriptors are immutable, and one compiled once serves
// every decode into its type.
func compiledType(t *Type) *decType {
	if d, ok := decTypes.Load(t); ok {
		return d.(*decType)
	}
	var d *decType
	if err := describes(t); err != nil {
		d = &decType{t: t, op: opRefused, refused: err}
	} else {
		d = compileType(t)
	}
	return decTypes.Store(t, d).(*decType)
}

// decTypes memoizes compiledType: *Type → *decType, at most about 4,096
// entries (each compiled with its whole subtree), bounded as minSizes is.
var decTypes = memo.New(1 << 12)

// compiler compiles one descriptor and its parts, each once (memo): a
// descriptor whose options and fields share deep types has
// exponentially many paths but only as many descriptors as it was
// built with.
type compiler struct {
	memo   map[*Type]*decType
	basics map[basicKey]*decType
}

// basicKey is what decoding a basic value depends on.
type basicKey struct {
	kind Kind
	g    reflect.Type
	size uint64
}

// compileType compiles t and its parts: t describes its Go type
// (describes), which the compiler relies on.
func compileType(t *Type) *decType {
	c := compiler{memo: map[*Type]*decType{}, basics: map[basicKey]*decType{}}
	return c.compile(t)
}

// compile compiles t, once.
func (c *compiler) compile(t *Type) *decType {
	if d, ok := c.memo[t]; ok {
		return d
	}
	if t.IsBasic() {
		// TypeOf builds a descriptor per field, but basic ones of one Go
		// type decode alike (their errors name only the kind): one
		// compiled form serves them all.
		if d, ok := c.basics[basicKey{t.Kind, t.Go, t.Size}]; ok {
			c.memo[t] = d
			return d
		}
	}
	d := &decType{t: t}
	c.memo[t] = d
	d.size, d.goSize = t.Size, t.Go.Size()
	g := t.Go
	switch t.Kind {
	case KindBool:
		d.op = opBool
	case KindUint8, KindUint16, KindUint32, KindUint64:
		d.op = opUint8 + decOp(t.Kind-KindUint8)
		d.plain = t.Kind == KindUint8 || littleEndian
		d.valid = true
	case KindUint128, KindUint256:
		d.valid = true
		switch {
		case g == uint256PtrType:
			d.op = opUint256Ptr
		case g.Elem().Kind() == reflect.Uint64:
			d.op = opUintLimbs
			d.plain = littleEndian
		default:
			d.op = opUintBytes
			d.plain = true
		}
	case KindBitvector:
		d.op = opBitvector
		d.slice = g.Kind() == reflect.Slice
		d.plain = !d.slice && t.Length%8 == 0
	case KindBitlist, KindProgressiveBitlist:
		d.op = opBitlist
		d.slice = true
	case KindVector, KindList, KindProgressiveList:
		c.sequence(d)
	case KindContainer, KindProgressiveContainer:
		d.op = opContainer
		if g.Kind() == reflect.Pointer {
			d.op = opContainerPtr
			d.pointsTo(g)
		}
		c.fields(d)
	default: // KindUnion, KindCompatibleUnion
		d.op = opUnion
		if t.Kind == KindCompatibleUnion {
			d.op = opCompatible
		}
		if g.Kind() == reflect.Pointer {
			d.op++ // opUnionPtr, opCompatiblePtr
			d.pointsTo(g)
		}
		// The encoder writes both kinds' options through these; the
		// decoder decodes a compatible union's through decodeValue.
		d.options = make([]*decType, len(t.Options))
		for i, o := range t.Options {
			if o != nil {
				d.options[i] = c.compile(o)
			}
		}
	}
	if t.IsBasic() {
		c.basics[basicKey{t.Kind, t.Go, t.Size}] = d
	}
	// A copy of the serialization writes the Go value's memory: only
	// where they are the same size.
	d.plain = d.plain && d.size == uint64(d.goSize)
	d.valid = (d.valid || d.plain) && t.Fixed
	return d
}

// pointsTo records the type a pointer type g points to.
func (d *decType) pointsTo(g reflect.Type) {
	d.target = g.Elem()
	d.targetSize = d.target.Size()
}

// sequence compiles a vector or a list.
func (c *compiler) sequence(d *decType) {
	t, g := d.t, d.t.Go
	d.op = opVector
	if t.Kind != KindVector {
		d.op = opList
	}
	d.elem = c.compile(t.Elem)
	d.slice = g.Kind() == reflect.Slice
	d.elemFree = !hasPointers(g.Elem())
	if !t.Elem.Fixed {
		d.elemBytes = checked.SatAdd(4, minSize(t.Elem))
	}
	d.plain = d.op == opVector && !d.slice && d.elem.plain
	d.valid = d.op == opVector && !d.slice && d.elem.valid
}

// fields compiles a container's fields: their places in the struct
// (through the reflect index path, as structfield does, so a field
// behind an embedded pointer is reached as the reflect decoder reached
// it) and the first and second pass over them.
func (c *compiler) fields(d *decType) {
	t := d.t
	st := t.Go
	if st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	plain := littleEndian && d.op == opContainer
	valid := true
	var at uint64
	vars := 0
	for i := range t.Fields {
		if !t.Fields[i].Type.Fixed {
			vars++
		}
	}
	d.ops = make([]fieldOp, 0, len(t.Fields))
	d.vars = make([]fieldOp, 0, vars)
	for i := range t.Fields {
		f := &t.Fields[i]
		off, direct, _, _, _ := fieldPlace(st, f.Index)
		n := c.compile(f.Type)
		valid = valid && n.valid
		op := fieldOp{direct: direct, field: int32(i), at: at, n: f.Type.FixedPartSize(), goOff: off, node: n}
		plain = plain && direct && n.plain && off == uintptr(at)
		switch {
		case !f.Type.Fixed:
			op.kind = fieldVar
			d.vars = append(d.vars, op)
		case direct && n.plain:
			op.kind = fieldCopy
			if k := len(d.ops) - 1; k >= 0 && d.ops[k].kind == fieldCopy &&
				d.ops[k].at+d.ops[k].n == at && d.ops[k].goOff+uintptr(d.ops[k].n) == off {
				// Adjacent in the bytes and in the struct: one copy. A copy
				// cannot fail, so merging moves no error.
				d.ops[k].n += op.n
				at += op.n
				continue
			}
		case direct && n.op == opBool:
			op.kind = fieldBool
		case direct && n.op == opVector && n.slice && n.elem.plain && n.elemFree &&
			n.t.Size == n.t.Length*uint64(n.elem.goSize):
			op.kind = fieldBytes
		default:
			op.kind = fieldFixed
		}
		d.ops = append(d.ops, op)
		at += op.n
	}
	d.fixedLen = at
	// Plain: every field a copy at its own offset, and no Go byte that
	// is not a field's (padding, skipped or unexported fields).
	d.plain = plain && t.Fixed && at == t.Size && uintptr(at) == st.Size()
	d.valid = valid && t.Fixed
}

// fieldPlace follows a field's reflect index path from struct type st
// as TypeOf builds it: every step but the last an embedded struct whose
// fields TypeOf describes as the container's own (embeddedStruct: held
// by value, or by a pointer if exported), the last an exported field.
// It returns the field's offset and whether it is direct (no embedded
// pointer on the way; the offset is then from the struct's start), its
// type, and the embedded struct types crossed; ok is false for a path
// that names no such field. Reflect marks a value reached through an
// unexported field that is not embedded read-only, for good: a path
// through one would make reflect's setters and Interface panic.
func fieldPlace(st reflect.Type, index []int) (off uintptr, direct bool, ft reflect.Type, via []reflect.Type, ok bool) {
	direct, ft = true, st
	for i, x := range index {
		if ft.Kind() != reflect.Struct || x < 0 || x >= ft.NumField() {
			return 0, false, nil, nil, false
		}
		sf := ft.Field(x)
		off += sf.Offset
		if i == len(index)-1 {
			return off, direct, sf.Type, via, sf.IsExported()
		}
		et, ptr, err := embeddedStruct(sf, "")
		if et == nil || err != nil {
			return 0, false, nil, nil, false
		}
		direct = direct && !ptr
		ft = et
		via = append(via, et)
	}
	return 0, false, nil, nil, false // no step
}

// hasPointers reports whether a value of Go type t holds pointers: its
// memory must then be allocated typed, for the collector to scan.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Pointer, reflect.Slice, reflect.Interface, reflect.Map, reflect.String,
		reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	}
	return false
}

// littleEndian reports whether the host stores integers little-endian,
// as SSZ serializes them: where it does, runs of unsigned integers and
// bools are copied as memory.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1
