package cache_test

import (
	"errors"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

type shape = ssz.Union[struct {
	Nothing ssz.None
	Small   uint16
	Big     []uint64 `ssz-max:"8"`
}]

type progressiveInner struct {
	A uint16 `ssz-index:"0"`
	B uint32 `ssz-index:"2"`
}

// withOpaque holds a value the cache does not model (a union), whose
// root is cached and recomputed by the reference when its serialization
// changes, next to a progressive container, which is modelled.
type withOpaque struct {
	Head  uint64
	Shape shape
	Inner progressiveInner
	Tail  []uint64 `ssz-max:"100"`
}

func TestOpaqueFields(t *testing.T) {
	v := &withOpaque{Head: 1, Shape: shape{Selector: 1, Value: uint16(7)}, Inner: progressiveInner{A: 1, B: 2}, Tail: []uint64{1, 2, 3}}
	tr, err := cache.New[withOpaque]()
	if err != nil {
		t.Fatal(err)
	}
	for step := range 4 {
		got, err := tr.Root(v)
		if err != nil {
			t.Fatal(err)
		}
		if want := refRoot(t, v); got != want {
			t.Fatalf("step %d: %x, reference %x", step, got, want)
		}
		switch step {
		case 0:
			v.Shape = shape{Selector: 2, Value: []uint64{4, 5}}
		case 1:
			v.Inner.B = 99
		case 2:
			v.Shape = shape{}
			v.Tail = append(v.Tail, 4)
		}
	}
	if p, err := tr.Prove("Shape"); err != nil || !p.Verify(refRoot(t, v)) {
		t.Fatalf("proof of the union's root: %v", err)
	}
	// 10 is the left child of Shape (gindex 5), inside the union.
	if _, err := tr.Node(10); !errors.Is(err, proof.ErrIndex) {
		t.Fatalf("a node inside the union: %v, want ErrIndex", err)
	}
	// The progressive container is modelled: a proof reaches its fields.
	if p, err := tr.Prove("Inner.B"); err != nil || !p.Verify(refRoot(t, v)) || p.Leaf[0] != 99 {
		t.Fatalf("proof of a progressive container's field: %v", err)
	}
}

// TestOpaqueErrorPath checks that an error inside an opaque node carries
// one path, from the tree's type down into the union's value.
func TestOpaqueErrorPath(t *testing.T) {
	tr, err := cache.New[withOpaque]()
	if err != nil {
		t.Fatal(err)
	}
	v := &withOpaque{Shape: shape{Selector: 2, Value: make([]uint64, 9)}} // Big: at most 8
	_, err = tr.Root(v)
	var se *plan.Error
	if !errors.Is(err, ssz.ErrListTooLong) || !errors.As(err, &se) || se.Path != "withOpaque.Shape.Value" {
		t.Fatalf("%v, want ErrListTooLong at withOpaque.Shape.Value", err)
	}
}

// EmbLevel and embDeep put fields behind an embedded pointer: the cache
// keeps such a container as one opaque node (docs/cache.md, "Proofs").
type (
	EmbLevel struct{ A, B uint64 }
	embDeep  struct {
		*EmbLevel
		C uint8
	}
	embHolder struct {
		X uint64
		E embDeep
	}
)

// TestEmbeddedPointerContainerOpaque checks what the docs say of a
// container with a field behind an embedded pointer: its root is right
// (nil read as zero, then set), the root is provable, and no field of it
// is, from a cached tree or a sparse one (proof.ErrIndex).
func TestEmbeddedPointerContainerOpaque(t *testing.T) {
	v := &embHolder{X: 1, E: embDeep{C: 7}}
	tr, err := cache.New[embHolder]()
	if err != nil {
		t.Fatal(err)
	}
	for round := range 2 {
		want, err := ssz.HashTreeRoot(v, ssz.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := tr.Root(v); err != nil || got != want {
			t.Fatalf("round %d: Root = %x, %v; want %x", round, got, err, want)
		}
		if p, err := tr.Prove("E"); err != nil || !p.Verify(want) {
			t.Fatalf("round %d: Prove(E) = %v", round, err)
		}
		for _, path := range []string{"E.C", "E.A"} {
			if _, err := tr.Prove(path); !errors.Is(err, proof.ErrIndex) {
				t.Errorf("round %d: Prove(%s) = %v, want proof.ErrIndex", round, path, err)
			}
			if _, _, err := cache.SparseOf(v, []string{path}); !errors.Is(err, proof.ErrIndex) {
				t.Errorf("round %d: SparseOf(%s) = %v, want proof.ErrIndex", round, path, err)
			}
		}
		v.E.EmbLevel = &EmbLevel{A: 3, B: 4}
	}
}
