package plan

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Types whose root is their own bytes, padded to a chunk: Root copies
// them straight into the result (sched's chunk path), not through Run.
type (
	chunkU128 struct {
		X [16]byte `ssz-type:"uint128"`
	}
	chunkU128W struct {
		X [2]uint64 `ssz-type:"uint128"`
	}
	chunkOneBool struct{ B bool }
	chunkOneU64  struct{ A uint64 }
	chunkOneRoot struct{ R phase0.Root }
	chunkBits4   struct {
		Bits [1]byte `ssz-type:"bitvector" ssz-bitsize:"4"`
	}
)

// TestChunkRoots roots random values of every kind of type whose root
// is its own bytes (basic values, vectors of at most a chunk, uint128,
// containers of one such field, a bitvector) with Root, RootAll and the
// core that the any-typed entry (lanehash.HashTreeRoot) uses, for both hashes, and compares each
// with the reference ssz.HashTreeRootValue; the zero value, a nil
// pointer included, roots as the reference's zero.
func TestChunkRoots(t *testing.T) {
	testChunkRoots[bool](t)
	testChunkRoots[uint8](t)
	testChunkRoots[uint16](t)
	testChunkRoots[uint32](t)
	testChunkRoots[uint64](t)
	testChunkRoots[[32]byte](t)
	testChunkRoots[[4]byte](t)
	testChunkRoots[[20]byte](t)
	testChunkRoots[[4]uint64](t)
	testChunkRoots[[3]uint16](t)
	testChunkRoots[[5]bool](t)
	testChunkRoots[phase0.Version](t)
	testChunkRoots[phase0.Root](t)
	testChunkRoots[chunkU128](t)
	testChunkRoots[chunkU128W](t)
	testChunkRoots[chunkOneBool](t)
	testChunkRoots[chunkOneU64](t)
	testChunkRoots[chunkOneRoot](t)
	testChunkRoots[chunkBits4](t)
}

func testChunkRoots[T any](t *testing.T) {
	t.Helper()
	gt := reflect.TypeFor[T]()
	typ, err := ssz.TypeOf(gt)
	if err != nil {
		t.Fatalf("%v: %v", gt, err)
	}
	const values = 16
	vals := make([]T, values)
	fl := sszrand.Filler{Rand: sszrand.NewRand(uint64(gt.Size()) + 7), MaxList: 4, MaxBits: 64}
	for i := 1; i < values; i++ { // value 0 stays the zero value
		fl.Fill(typ, reflect.ValueOf(&vals[i]).Elem())
	}
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		p, err := PlanFor[T](WithHash(h))
		if err != nil {
			t.Fatalf("%v: %v", gt, err)
		}
		all := make([][32]byte, values)
		if err := p.RootAll(all, vals); err != nil {
			t.Fatalf("%v %s: RootAll: %v", gt, h, err)
		}
		var c core
		if err := c.init(gt, []Option{WithHash(h)}); err != nil {
			t.Fatalf("%v %s: %v", gt, h, err)
		}
		for i := range vals {
			want, err := ssz.HashTreeRootValue(typ, reflect.ValueOf(vals[i]), h)
			if err != nil {
				t.Fatalf("%v value %d: reference: %v", gt, i, err)
			}
			got, err := p.Root(&vals[i])
			if err != nil || got != want || all[i] != want {
				t.Errorf("%v %s value %d: Root %x, %v; RootAll %x; reference %x", gt, h, i, got, err, all[i], want)
			}
			if got, err := c.rootOfValue(reflect.ValueOf(&vals[i]).Elem()); err != nil || got != want {
				t.Errorf("%v %s value %d: core Root %x, %v; reference %x", gt, h, i, got, err, want)
			}
		}
		zero, err := ssz.HashTreeRootValue(typ, reflect.Zero(gt), h)
		if err != nil {
			t.Fatalf("%v: reference of the zero value: %v", gt, err)
		}
		if got, err := p.Root(nil); err != nil || got != zero {
			t.Errorf("%v %s: Root(nil) %x, %v; reference of the zero value %x", gt, h, got, err, zero)
		}
	}
}

// TestChunkRootBadBytes gives Root values whose bytes no Go code can
// write (a boolean byte above 1, a bitvector's padding bits set) and
// checks that each is the error RootAll reports for the same value (the
// same sentinel, path and message, without RootAll's index) and the
// reference rejects, with a zero root: the straight copy must not root what the checks refuse.
func TestChunkRootBadBytes(t *testing.T) {
	var b bool
	*(*byte)(unsafe.Pointer(&b)) = 2
	checkChunkBad(t, b, ssz.ErrBool)
	var one chunkOneBool
	*(*byte)(unsafe.Pointer(&one.B)) = 0x81
	checkChunkBad(t, one, ssz.ErrBool)
	var bools [5]bool
	*(*byte)(unsafe.Pointer(&bools[3])) = 7
	checkChunkBad(t, bools, ssz.ErrBool)
	checkChunkBad(t, chunkBits4{Bits: [1]byte{0x1f}}, ssz.ErrBitvector)
}

func checkChunkBad[T any](t *testing.T, v T, sentinel error) {
	t.Helper()
	gt := reflect.TypeFor[T]()
	typ, err := ssz.TypeOf(gt)
	if err != nil {
		t.Fatalf("%v: %v", gt, err)
	}
	if _, err := ssz.HashTreeRootValue(typ, reflect.ValueOf(v), lanes.SHA256); err == nil {
		t.Fatalf("%v %v: the reference roots it; the test's value is not bad", gt, v)
	}
	p, err := PlanFor[T]()
	if err != nil {
		t.Fatalf("%v: %v", gt, err)
	}
	root, err := p.Root(&v)
	allErr := p.RootAll(make([][32]byte, 1), []T{v})
	if err == nil || allErr == nil {
		t.Fatalf("%v %x: Root %x, %v; RootAll %v: want errors", gt, bytesOf(&v), root, err, allErr)
	}
	if root != ([32]byte{}) {
		t.Errorf("%v: Root returned %x with its error", gt, root)
	}
	var pe, ae *Error
	if !errors.As(err, &pe) || !errors.As(allErr, &ae) || !errors.Is(err, sentinel) ||
		pe.Index != -1 || ae.Index != 0 || pe.Path != ae.Path || fmt.Sprint(pe.Err) != fmt.Sprint(ae.Err) {
		t.Errorf("%v: Root's error %q, RootAll's %q: want the same *Error (no index for Root), wrapping %v", gt, err, allErr, sentinel)
	}
}

func bytesOf[T any](v *T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(v)), unsafe.Sizeof(*v))
}

// BenchmarkRootNoHash roots values whose root is their own bytes (a
// uint64, a Root, a one-field container) with the plan's Root: all it
// costs is the path to the copy.
func BenchmarkRootNoHash(b *testing.B) {
	benchRootNoHash(b, "uint64", uint64(7))
	benchRootNoHash(b, "Root", phase0.Root{1, 2, 3})
	benchRootNoHash(b, "struct{uint64}", chunkOneU64{A: 9})
}

func benchRootNoHash[T any](b *testing.B, name string, v T) {
	b.Run("type="+name, func(b *testing.B) {
		p, err := PlanFor[T]()
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := p.Root(&v); err != nil {
				b.Fatal(err)
			}
		}
	})
}
