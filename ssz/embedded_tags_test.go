package ssz_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/ssz"
)

type taggedInner struct {
	X uint64
	Z uint16
}

// Tags on the embedding of a struct whose fields are inlined.
type (
	inlinedSize struct {
		taggedInner `ssz-size:"4"`
		Y           uint8
	}
	inlinedMax struct {
		taggedInner `ssz-max:"4"`
		Y           uint8
	}
	inlinedBitsize struct {
		taggedInner `ssz-bitsize:"9"`
		Y           uint8
	}
	inlinedBitlist struct {
		taggedInner `ssz:"bitlist"`
		Y           uint8
	}
	inlinedIndex struct {
		taggedInner `ssz-index:"7"`
		Y           uint8
	}
	inlinedNestedType struct {
		taggedInner `ssz-type:"?,list"`
		Y           uint8
	}
	inlinedDynamic struct {
		taggedInner `dynssz-size:"NOT_A_SPEC_VALUE+1" ssz-size:"3"`
		Y           uint8
	}
	// inlinedAuto's tags ask for nothing: it is inlined as untagged.
	inlinedAuto struct {
		taggedInner `ssz-size:"?" ssz-type:"auto"`
		Y           uint8
	}
	// unexportedTyped asks for its unexported embedded struct to be one
	// field, which unexported fields are not.
	unexportedTyped struct {
		taggedInner `ssz-type:"container"`
		Y           uint8
	}
	unexportedProgressive struct {
		taggedInner `ssz-type:"progressive-container"`
		Y           uint8
	}
	// unexportedList's embedded list type is unexported: left out,
	// whatever its tags ask.
	unexportedList struct {
		hiddenList `ssz-max:"8"`
		Y          uint8
	}
	hiddenList []uint64
)

// TestTagsOnInlinedStructRefused: an embedded struct's fields are
// inlined, so a tag on the embedding describes nothing; it is ErrTag,
// as the same tag on a named field of a struct type is, not ignored.
// A tag on an unexported embedded field asks for a field that is left
// out (an ssz-type on a struct, which untagged is inlined; any tag on
// another type): ErrTag too, where it dropped X from the root.
func TestTagsOnInlinedStructRefused(t *testing.T) {
	for _, typ := range []reflect.Type{
		reflect.TypeFor[inlinedSize](), reflect.TypeFor[inlinedMax](), reflect.TypeFor[inlinedBitsize](),
		reflect.TypeFor[inlinedBitlist](), reflect.TypeFor[inlinedIndex](), reflect.TypeFor[inlinedNestedType](),
		reflect.TypeFor[inlinedDynamic](), reflect.TypeFor[unexportedTyped](), reflect.TypeFor[unexportedProgressive](),
		reflect.TypeFor[unexportedList](),
	} {
		if d, err := ssz.TypeOf(typ); !errors.Is(err, ssz.ErrTag) {
			t.Errorf("%v: TypeOf = %v, %v; want ErrTag", typ, d, err)
		}
	}
	if _, err := ssz.HashTreeRoot(&unexportedList{hiddenList: hiddenList{1}}, ssz.SHA256); !errors.Is(err, ssz.ErrTag) {
		t.Errorf("HashTreeRoot of a value with a tagged unexported embedded list: %v, want ErrTag", err)
	}
	d, err := ssz.TypeOf(reflect.TypeFor[inlinedAuto]())
	if err != nil || len(d.Fields) != 3 {
		t.Fatalf("inlinedAuto: TypeOf = %v, %v; want the three inlined fields", d, err)
	}
}

// CompatibleUnion has the layout and name dynamic-ssz's compatible
// union has, but its descriptor type is nil.
type CompatibleUnion[T any] struct {
	Variant uint8
	Data    any
}

func (*CompatibleUnion[T]) GetDescriptorType() reflect.Type { return nil }

// TypeWrapper has dynamic-ssz's TypeWrapper layout: Data, described by
// the tags of D's one field.
type TypeWrapper[D, T any] struct {
	Data T
}

func (*TypeWrapper[D, T]) GetDescriptorType() reflect.Type { return reflect.TypeFor[D]() }

type wrappedBytes = TypeWrapper[struct {
	Data []byte `ssz-max:"32"`
}, []byte]

// TestDescriptorWrappers: a compatible union whose GetDescriptorType
// returns nil is ErrTag from TypeOf (it dereferenced the nil type), and
// its hand-made descriptor ErrValue from CheckDescriptor; a TypeWrapper,
// whose Data's tags are D's, is ErrUnsupported, not a container of one
// field (the right root, but four bytes more of serialization for a
// variable-size Data, and D's tags unread).
func TestDescriptorWrappers(t *testing.T) {
	nilDesc := reflect.TypeFor[CompatibleUnion[uint8]]()
	if d, err := ssz.TypeOf(nilDesc); !errors.Is(err, ssz.ErrTag) {
		t.Errorf("TypeOf(%v) = %v, %v; want ErrTag", nilDesc, d, err)
	}
	hand := &ssz.Type{Kind: ssz.KindCompatibleUnion, Go: nilDesc, Options: []*ssz.Type{nil, {Kind: ssz.KindUint8, Go: reflect.TypeFor[uint8](), Fixed: true, Size: 1}}}
	if err := ssz.CheckDescriptor(hand); !errors.Is(err, ssz.ErrValue) {
		t.Errorf("CheckDescriptor of a compatible union with a nil descriptor type: %v, want ErrValue", err)
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[wrappedBytes](), reflect.TypeFor[struct{ W wrappedBytes }]()} {
		if d, err := ssz.TypeOf(typ); !errors.Is(err, ssz.ErrUnsupported) {
			t.Errorf("TypeOf(%v) = %v, %v; want ErrUnsupported", typ, d, err)
		}
	}
}

// TestBitvectorArraySize: a byte array's ssz-size is its length in
// bytes for a bitvector as for a vector; another size is ErrTag, where a
// bitvector array ignored it (a [4]byte tagged ssz-size:"2" was 32 bits).
func TestBitvectorArraySize(t *testing.T) {
	type (
		wrongSize struct {
			B [4]byte `ssz-type:"bitvector" ssz-size:"2"`
		}
		rightSize struct {
			B [4]byte `ssz-type:"bitvector" ssz-size:"4" ssz-bitsize:"27"`
		}
	)
	if d, err := ssz.TypeOf(reflect.TypeFor[wrongSize]()); !errors.Is(err, ssz.ErrTag) {
		t.Errorf("ssz-size 2 on a [4]byte bitvector: %v, %v; want ErrTag", d, err)
	}
	d, err := ssz.TypeOf(reflect.TypeFor[rightSize]())
	if err != nil || d.Fields[0].Type.Kind != ssz.KindBitvector || d.Fields[0].Type.Length != 27 {
		t.Errorf("ssz-size 4 on a [4]byte bitvector of 27 bits: %v, %v", d, err)
	}
}
