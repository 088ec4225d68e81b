package ssz

import "reflect"

// Kind is the SSZ kind of a type descriptor.
type Kind uint8

// The SSZ kinds. Byte vectors and byte lists are Vector and List of
// Uint8; the Go representation tells them apart from other vectors.
const (
	KindInvalid Kind = iota
	KindBool
	KindUint8
	KindUint16
	KindUint32
	KindUint64
	KindUint128
	KindUint256
	KindVector               // Vector[Elem, Length]
	KindList                 // List[Elem, Limit]
	KindBitvector            // Bitvector[Length]
	KindBitlist              // Bitlist[Limit]
	KindContainer            // Container{Fields}
	KindUnion                // Union[Options...]
	KindProgressiveList      // ProgressiveList[Elem] (EIP-7916)
	KindProgressiveBitlist   // ProgressiveBitlist (EIP-7916)
	KindProgressiveContainer // ProgressiveContainer(active_fields) (EIP-7495)
	KindCompatibleUnion      // CompatibleUnion({selector: type}) (EIP-8016)
)

// Type describes how one Go type maps to SSZ. Descriptors are built by
// TypeOf and are immutable afterwards; they are shared by the codec, the
// reference hash and the plan compiler.
type Type struct {
	Kind Kind
	// Go is the Go type this descriptor was built for. For a pointer to a
	// struct or Union it is the pointer type (the Fields describe the
	// struct; a nil pointer stands for the zero value), and for
	// *uint256.Int it is that pointer type (nil is zero).
	Go reflect.Type

	// Elem is the element type of a Vector, List or ProgressiveList.
	Elem *Type
	// Length is the element count of a Vector or the bit count of a
	// Bitvector.
	Length uint64
	// Limit is the maximum element count of a List or the maximum bit
	// count of a Bitlist.
	Limit uint64

	// Fields are a Container's or ProgressiveContainer's fields, in SSZ
	// order (embedded Go structs inlined, ssz:"-" fields left out).
	Fields []Field
	// ActiveFields is a ProgressiveContainer's active_fields bitvector,
	// one bool per position (len(ActiveFields) ≥ len(Fields)).
	ActiveFields []bool

	// Options are a Union's or CompatibleUnion's options, by selector. In
	// a Union a nil entry is the None option (only allowed at selector 0);
	// in a CompatibleUnion it is a selector that is not an option (0 never
	// is).
	Options []*Type

	// Fixed reports whether the type has a fixed serialized size, and
	// Size is that size in bytes (0 when not Fixed).
	Fixed bool
	Size  uint64
}

// Field is one field of a container.
type Field struct {
	// Name is the Go field name; Path is the full path used in errors
	// (for example "BeaconState.Validators[].Pubkey").
	Name string
	Path string
	// SpecName is the field's name in the consensus specification when
	// the Go field carries it in a json tag (go-eth2-client's types do:
	// PublicKey has json:"pubkey"), and "" otherwise. Proof paths accept
	// it beside Name; hashing and encoding ignore it.
	SpecName string
	// Index is the reflect index path from the outer struct, through
	// embedded structs, to this field (for reflect.Value.FieldByIndex).
	Index []int
	// Offset is the field's byte offset inside the outer Go struct, valid
	// when no embedded pointer is crossed (Direct).
	Offset uintptr
	Direct bool
	Type   *Type
}
