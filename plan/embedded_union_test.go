package plan

import (
	"crypto/sha256"
	"encoding/binary"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/ssz"
)

type (
	embedOptions struct {
		Small uint64
		Big   uint32
	}
	embedsUnion struct {
		ssz.Union[embedOptions]
		Extra uint64
	}
	embedsUnionPtr struct {
		Extra uint64
		*ssz.Union[embedOptions]
	}
	// embedsEmbedder's embedded struct is inlined, as any embedded
	// struct: its fields are the union and Extra.
	embedsEmbedder struct {
		embedsUnion
		Last uint64
	}
	embedsCompatible struct {
		*ssz.CompatibleUnion[struct {
			Small uint64 `ssz-index:"1"`
		}]
		Extra uint64
	}
)

// TestEmbeddedUnionIsAField: a struct that embeds a Union (or a
// CompatibleUnion, by value or pointer) has the union's methods by
// promotion, but it is a container whose field is the union, and its
// other fields count. Each root is computed here with crypto/sha256 from
// the SSZ definitions: a union's root is H(root(value), selector), a
// uint64's root its 8 little-endian bytes in a chunk.
func TestEmbeddedUnionIsAField(t *testing.T) {
	chunk := func(x uint64) (c [32]byte) {
		binary.LittleEndian.PutUint64(c[:], x)
		return c
	}
	pair := func(a, b [32]byte) [32]byte { return sha256.Sum256(append(a[:], b[:]...)) }
	union := pair(chunk(5), chunk(0)) // selector 0 (Small), value 5
	compatible := pair(chunk(5), chunk(1))

	t.Run("value", func(t *testing.T) {
		checkEmbeddedUnion(t, &embedsUnion{ssz.Union[embedOptions]{Selector: 0, Value: uint64(5)}, 7},
			pair(union, chunk(7)))
	})
	t.Run("pointer", func(t *testing.T) {
		checkEmbeddedUnion(t, &embedsUnionPtr{7, &ssz.Union[embedOptions]{Selector: 0, Value: uint64(5)}},
			pair(chunk(7), union))
	})
	t.Run("within an embedded struct", func(t *testing.T) {
		checkEmbeddedUnion(t, &embedsEmbedder{embedsUnion{ssz.Union[embedOptions]{Selector: 0, Value: uint64(5)}, 7}, 9},
			pair(pair(union, chunk(7)), pair(chunk(9), [32]byte{})))
	})
	t.Run("compatible union", func(t *testing.T) {
		v := &embedsCompatible{Extra: 7}
		v.CompatibleUnion = &ssz.CompatibleUnion[struct {
			Small uint64 `ssz-index:"1"`
		}]{Variant: 1, Data: uint64(5)}
		checkEmbeddedUnion(t, v, pair(compatible, chunk(7)))
	})
}

// checkEmbeddedUnion checks v's type is a container and v's root is want
// by the reference, by a plan, and by a plan after an SSZ round trip.
func checkEmbeddedUnion[T any](t *testing.T, v *T, want [32]byte) {
	t.Helper()
	desc, err := ssz.TypeOf(reflect.TypeFor[T]())
	if err != nil {
		t.Fatalf("TypeOf: %v", err)
	}
	if desc.Kind != ssz.KindContainer {
		t.Fatalf("TypeOf: %s, want a container", desc.Kind)
	}
	if ref, err := ssz.HashTreeRoot(v, ssz.SHA256); err != nil || ref != want {
		t.Fatalf("ssz.HashTreeRoot: %x, %v; want %x", ref, err, want)
	}
	p, err := PlanFor[T]()
	if err != nil {
		t.Fatalf("PlanFor: %v", err)
	}
	if got, err := p.Root(v); err != nil || got != want {
		t.Fatalf("Root: %x, %v; want %x", got, err, want)
	}
	b, err := ssz.Marshal(v)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	back := new(T)
	if err := ssz.Unmarshal(b, back); err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	if got, err := p.Root(back); err != nil || got != want {
		t.Fatalf("Root after a round trip: %x, %v; want %x", got, err, want)
	}
}
