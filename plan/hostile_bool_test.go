package plan

import (
	"errors"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// setByte stores c in the byte of the bool b: the value a zero-copy
// decoder that does not check produces from a serialized boolean above
// 1. Go itself never makes such a bool.
func setByte(b *bool, c byte) { *(*byte)(unsafe.Pointer(b)) = c }

type boolsEverywhere struct {
	A uint64
	V [3]bool
	L []bool `ssz-max:"40"`
	B bool
}

// TestBoolAboveOne: a Go bool whose byte is above 1 is ssz.ErrBool from
// every entry point, named by its path and index, wherever the bool is:
// a container field, an element of a bool vector or list, a top-level
// bool, a validator's Slashed in a registry. Before, the program hashed
// the raw byte, a root of no valid value (the reference, which read the
// bool through reflect, called it true; it refuses it too now); the same
// values with their bytes 0 or 1 still give the reference's root.
func TestBoolAboveOne(t *testing.T) {
	good := boolsEverywhere{A: 7, V: [3]bool{true, false, true}, L: []bool{true, true, false}, B: true}
	p, err := PlanFor[boolsEverywhere]()
	if err != nil {
		t.Fatal(err)
	}
	want, err := ssz.HashTreeRoot(&good, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := p.Root(&good); err != nil || got != want {
		t.Fatalf("valid bools: %x, %v; want %x", got, err, want)
	}
	for _, c := range []struct {
		name, path string
		bad        func(*boolsEverywhere)
	}{
		{"field", ".B", func(v *boolsEverywhere) { setByte(&v.B, 2) }},
		{"vector element", ".V[1]", func(v *boolsEverywhere) { setByte(&v.V[1], 0x80) }},
		{"list element", ".L[2]", func(v *boolsEverywhere) { setByte(&v.L[2], 0xff) }},
	} {
		v := good
		v.L = append([]bool(nil), good.L...)
		c.bad(&v)
		checkBool(t, c.name+": Root", func() error { _, err := p.Root(&v); return err }, c.path)
		vals := []boolsEverywhere{good, v}
		checkBool(t, c.name+": RootAll", func() error {
			return p.RootAll(make([][32]byte, 2), vals)
		}, c.path)
	}

	bp, err := PlanFor[bool]()
	if err != nil {
		t.Fatal(err)
	}
	bools := []bool{true, false, true, true}
	type boolList struct {
		L []bool `ssz-max:"1024"`
	}
	wantList, err := ssz.HashTreeRoot(&boolList{bools}, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := bp.ListRoot(bools, 1024); err != nil || got != wantList {
		t.Fatalf("ListRoot of valid bools: %x, %v; want %x", got, err, wantList)
	}
	setByte(&bools[3], 3)
	checkBool(t, "ListRoot of bools", func() error { _, err := bp.ListRoot(bools, 1024); return err }, "")
	// A root returned beside an error is zero: the raw byte's chunk is
	// the root of no valid value, whatever a caller that ignores the
	// error does with it.
	if r, err := bp.Root(&bools[3]); err == nil || r != [32]byte{} {
		t.Errorf("Root of a bool byte of 3: %x, %v; want the zero root and an error", r, err)
	}
	if r, err := bp.ListRoot(bools, 1024); err == nil || r != [32]byte{} {
		t.Errorf("ListRoot with a bool byte of 3: %x, %v; want the zero root and an error", r, err)
	}
	checkBool(t, "RootAll of bools", func() error { return bp.RootAll(make([][32]byte, 4), bools) }, "")

	vp, err := PlanFor[phase0.Validator]()
	if err != nil {
		t.Fatal(err)
	}
	reg := phase0.RandomValidators(100, 3)
	setByte(&reg[57].Slashed, 2)
	var pe *Error
	_, err = vp.ListRoot(reg, 1<<40)
	if !errors.Is(err, ssz.ErrBool) || !errors.As(err, &pe) || pe.Index != 57 {
		t.Fatalf("registry with a Slashed byte of 2: %v, want ssz.ErrBool at index 57", err)
	}
}

// checkBool runs f and checks it fails with ssz.ErrBool in a *plan.Error
// whose path ends in path.
func checkBool(t *testing.T, name string, f func() error, path string) {
	t.Helper()
	err := f()
	var pe *Error
	if !errors.Is(err, ssz.ErrBool) || !errors.As(err, &pe) {
		t.Errorf("%s: %v, want ssz.ErrBool", name, err)
		return
	}
	if len(pe.Path) < len(path) || pe.Path[len(pe.Path)-len(path):] != path {
		t.Errorf("%s: path %q, want it to end in %q (%v)", name, pe.Path, path, err)
	}
}
