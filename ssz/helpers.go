package ssz

import (
	"fmt"
	"reflect"

	"github.com/lanehash/lanehash/internal/checked"
)

// IsBasic reports whether t is an SSZ basic type: boolean or an unsigned
// integer (uint128 and uint256 included). Basic values are packed into
// chunks; everything else is hashed as its own subtree.
func (t *Type) IsBasic() bool {
	switch t.Kind {
	case KindBool, KindUint8, KindUint16, KindUint32, KindUint64, KindUint128, KindUint256:
		return true
	}
	return false
}

// ChunkCount is the spec's chunk_count: the number of leaf chunks the
// type's Merkle tree is padded to (before mix-ins). Vectors and lists of
// basic values count packed chunks of their length or limit; composite
// vectors and lists count one chunk per element; bitfields count 256 bits
// per chunk; containers count one chunk per field. Progressive types and
// unions have no fixed chunk count and return 0.
func (t *Type) ChunkCount() uint64 {
	switch {
	case t.IsBasic():
		return 1
	}
	switch t.Kind {
	case KindBitvector:
		return checked.CeilDiv(t.Length, 256)
	case KindBitlist:
		return checked.CeilDiv(t.Limit, 256)
	case KindVector:
		return seqChunks(t.Elem, t.Length)
	case KindList:
		return seqChunks(t.Elem, t.Limit)
	case KindContainer:
		return uint64(len(t.Fields))
	}
	return 0
}

func seqChunks(et *Type, n uint64) uint64 {
	if !et.IsBasic() {
		return n
	}
	return checked.CeilDiv(n, 32/et.Size)
}

// FixedPartSize is the number of bytes the type takes in the fixed part of
// an enclosing container or sequence: its size when fixed, else 4 (an
// offset).
func (t *Type) FixedPartSize() uint64 {
	if t.Fixed {
		return t.Size
	}
	return 4
}

// AppendBasic appends the SSZ serialization of the basic value v (of Go
// type t.Go) to dst; concatenated basic values padded to 32 bytes are the
// spec's pack. It fails for non-basic types, a descriptor that does not
// describe its Go type (CheckDescriptor's error) or a value of another
// type, each an *Error wrapping ErrValue.
func AppendBasic(dst []byte, t *Type, v reflect.Value) ([]byte, error) {
	if _, err := checkedType(t); err != nil {
		return dst, err
	}
	if !t.IsBasic() {
		return dst, errorf("", ErrValue, "AppendBasic on non-basic %s", t.Go)
	}
	if !v.IsValid() || v.Type() != t.Go {
		return dst, errorf("", ErrValue, "value does not have type %s", t.Go)
	}
	return appendBasic(dst, t, v)
}

// String names the kind, as the spec writes it.
func (k Kind) String() string {
	names := [...]string{"invalid", "boolean", "uint8", "uint16", "uint32", "uint64", "uint128", "uint256",
		"Vector", "List", "Bitvector", "Bitlist", "Container", "Union",
		"ProgressiveList", "ProgressiveBitlist", "ProgressiveContainer", "CompatibleUnion"}
	if int(k) < len(names) {
		return names[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// String describes the type in the spec's notation, for example
// "List[uint64, 1024]". Element types nested deeper than eight levels
// are written "…", so that a descriptor made by hand that contains
// itself is still written in a few bytes.
func (t *Type) String() string { return t.str(8) }

// str is String with depth levels of element types left to write.
func (t *Type) str(depth int) string {
	if t == nil {
		return "<nil>"
	}
	if depth == 0 {
		return "…"
	}
	switch t.Kind {
	case KindVector:
		return fmt.Sprintf("Vector[%s, %d]", t.Elem.str(depth-1), t.Length)
	case KindList:
		return fmt.Sprintf("List[%s, %d]", t.Elem.str(depth-1), t.Limit)
	case KindProgressiveList:
		return fmt.Sprintf("ProgressiveList[%s]", t.Elem.str(depth-1))
	case KindBitvector:
		return fmt.Sprintf("Bitvector[%d]", t.Length)
	case KindBitlist:
		return fmt.Sprintf("Bitlist[%d]", t.Limit)
	case KindContainer, KindProgressiveContainer, KindUnion, KindCompatibleUnion:
		g := t.Go
		if g == nil { // a descriptor made by hand
			return t.Kind.String() + "(no Go type)"
		}
		if g.Kind() == reflect.Pointer {
			g = g.Elem()
		}
		return t.Kind.String() + "(" + g.String() + ")"
	}
	return t.Kind.String()
}
