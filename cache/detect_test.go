package cache_test

import (
	"errors"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// pointersTo returns pointers to the elements of vals: a registry as the
// ecosystem's types hold it.
func pointersTo(vals []phase0.Validator) (ptrs []*phase0.Validator) {
	for i := range vals {
		ptrs = append(ptrs, &vals[i])
	}
	return ptrs
}

// TestDetectEveryByte changes, in place, every byte of the Go memory a
// Validator serializes from (its fields and its credentials' array), one
// at a time, in a registry of pointers (elements in blocks, some of them
// nil, and a credentials slice left empty for the zero vector), and checks
// that Detect finds each change: the root equals the reference after every
// change and after it is undone. In-place changes are what a compare from
// Go memory must see without any mark.
func TestDetectEveryByte(t *testing.T) {
	vals := phase0.RandomValidators(53, 7) // more than a few blocks, one partial
	ptrs := pointersTo(vals)
	ptrs[5] = nil                       // the zero validator
	vals[9].WithdrawalCredentials = nil // the zero vector
	l, err := cache.NewList[*phase0.Validator](registryLimit)
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string) {
		t.Helper()
		got, err := l.Root(ptrs)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if want := refListRoot(t, ptrs, `ssz-max:"1099511627776"`); got != want {
			t.Fatalf("%s: root %x, reference %x", what, got, want)
		}
	}
	check("first root")
	r := rand.New(rand.NewPCG(1, 2))
	for _, i := range []int{0, 15, 16, 31, 32, 52} {
		v := ptrs[i]
		mem := unsafe.Slice((*byte)(unsafe.Pointer(v)), unsafe.Sizeof(*v))
		for off := range mem {
			// The credentials' slice header and the padding after Slashed
			// are not serialized; Slashed must stay a boolean.
			if off >= int(unsafe.Offsetof(v.WithdrawalCredentials)) && off < int(unsafe.Offsetof(v.EffectiveBalance)) ||
				off > int(unsafe.Offsetof(v.Slashed)) && off < int(unsafe.Offsetof(v.ActivationEligibilityEpoch)) {
				continue
			}
			old := mem[off]
			if off == int(unsafe.Offsetof(v.Slashed)) {
				mem[off] ^= 1
			} else {
				mem[off] ^= byte(1 + r.IntN(255))
			}
			check("changed byte")
			mem[off] = old
			check("restored byte")
		}
		for j := range v.WithdrawalCredentials {
			v.WithdrawalCredentials[j] ^= 0x80
			check("changed credentials byte")
			v.WithdrawalCredentials[j] ^= 0x80
			check("restored credentials byte")
		}
	}
	// Credentials emptied (the zero vector) and filled again.
	wc := vals[3].WithdrawalCredentials
	vals[3].WithdrawalCredentials = nil
	check("empty credentials")
	vals[3].WithdrawalCredentials = wc
	check("credentials back")
}

// TestDetectHostileElement checks that a value Detect finds changed in
// Go memory is checked before it is stored: a boolean that is neither 0
// nor 1, credentials of the wrong length. The error names the element,
// the tree keeps its last state, and the value put right roots to the
// reference.
func TestDetectHostileElement(t *testing.T) {
	vals := phase0.RandomValidators(40, 3)
	ptrs := pointersTo(vals)
	l, err := cache.NewList[*phase0.Validator](registryLimit)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Root(ptrs); err != nil {
		t.Fatal(err)
	}
	v := ptrs[21]
	slashed := (*byte)(unsafe.Pointer(&v.Slashed))
	*slashed = 2
	if _, err := l.Root(ptrs); !errors.Is(err, ssz.ErrBool) {
		t.Fatalf("boolean 2: %v, want ssz.ErrBool", err)
	}
	*slashed = 0
	wc := v.WithdrawalCredentials
	v.WithdrawalCredentials = wc[:31]
	if _, err := l.Root(ptrs); !errors.Is(err, ssz.ErrSize) {
		t.Fatalf("31-byte credentials: %v, want ssz.ErrSize", err)
	}
	v.WithdrawalCredentials = wc
	got, err := l.Root(ptrs)
	if err != nil {
		t.Fatal(err)
	}
	if want := refListRoot(t, ptrs, `ssz-max:"1099511627776"`); got != want {
		t.Fatalf("root %x, reference %x", got, want)
	}
}
