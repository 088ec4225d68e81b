package cache

import (
	"crypto/sha256"
	"reflect"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestElemPlanMatchesReference checks that a tree roots its fixed-size elements with the plan it compiles itself (a
// Validator registry and a vector of roots get one; the lockstep path is
// taken, not the static program) and that the plan's roots are the
// reference's, for SHA-256 and Keccak-256.
func TestElemPlanMatchesReference(t *testing.T) {
	vals := phase0.RandomValidators(70, 5)
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		hs, err := newHasher(h, "")
		if err != nil {
			t.Fatal(err)
		}
		c := &ctx{hasher: hs}
		typ, err := ssz.TypeOfTagged(reflect.TypeFor[[]*phase0.Validator](), `ssz-max:"1099511627776"`)
		if err != nil {
			t.Fatal(err)
		}
		n, err := newSeq(c, typ, "Validators")
		if err != nil {
			t.Fatal(err)
		}
		s := n.(*seq)
		if s.rooter == nil {
			t.Fatalf("%v: the registry's elements are not rooted by the tree's own plan", h)
		}
		ptrs := make([]unsafe.Pointer, len(vals))
		for i := range vals {
			ptrs[i] = unsafe.Pointer(&vals[i])
		}
		got := make([]byte, 32*len(vals))
		if err := s.rooter.roots(ptrs, got); err != nil {
			t.Fatal(err)
		}
		for i := range vals {
			want, err := ssz.HashTreeRoot(&vals[i], ssz.Hash(h))
			if err != nil {
				t.Fatal(err)
			}
			if [32]byte(got[32*i:]) != want {
				t.Fatalf("%v: element %d: plan %x, reference %x", h, i, got[32*i:32*i+32], want)
			}
		}
	}
	// A vector of roots: its elements are their own roots.
	hs, _ := newHasher(lanes.SHA256, "")
	c := &ctx{hasher: hs}
	rt, err := ssz.TypeOf(reflect.TypeFor[phase0.Root]())
	if err != nil {
		t.Fatal(err)
	}
	r := c.elemPlan(rt)
	if r == nil {
		t.Fatal("no plan for a Root")
	}
	root := phase0.Root(sha256.Sum256([]byte("root")))
	var got [32]byte
	if err := r.roots([]unsafe.Pointer{unsafe.Pointer(&root)}, got[:]); err != nil || got != root {
		t.Fatalf("root of a Root: %x (%v), want %x", got, err, root)
	}
}
