package plan

import (
	"errors"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// wantExact checks that err is an *Error (errors.As) with exactly this
// index and path, wrapping sentinel (errors.Is), and that its message
// holds the path and, when given, the text.
func wantExact(t *testing.T, entry string, err error, index int, path string, sentinel error, text string) {
	t.Helper()
	var pe *Error
	if !errors.As(err, &pe) {
		t.Errorf("%s: %v (%T), want a *plan.Error", entry, err, err)
		return
	}
	if pe.Index != index || pe.Path != path || !errors.Is(err, sentinel) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), text) {
		t.Errorf("%s: %v (index %d, path %q), want index %d, path %q, wrapping %v, saying %q", entry, err, pe.Index, pe.Path, index, path, sentinel, text)
	}
}

// TestErrorAtEveryEntryPoint: every entry point of a plan returns a bad
// value as the one *Error, with the element index as a value (-1 for a
// single value) and the indexed path, wrapping the ssz sentinel: the
// value entry points, the list roots (an element, and a list past its
// limit), and the bytes entry points (a boolean names its byte).
func TestErrorAtEveryEntryPoint(t *testing.T) {
	vp, err := PlanFor[phase0.Validator]()
	if err != nil {
		t.Fatal(err)
	}
	vals := phase0.RandomValidators(5, 8)
	vals[2].WithdrawalCredentials = vals[2].WithdrawalCredentials[:31]
	ptrs := make([]*phase0.Validator, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	const elemPath = "Validator.WithdrawalCredentials"
	dst := make([][32]byte, len(vals))
	wantExact(t, "Root", func() error { _, err := vp.Root(&vals[2]); return err }(), -1, elemPath, ssz.ErrSize, "")
	wantExact(t, "RootAll", vp.RootAll(dst, vals), 2, elemPath, ssz.ErrSize, "element 2")
	wantExact(t, "RootAllPtr", vp.RootAllPtr(dst, ptrs), 2, elemPath, ssz.ErrSize, "element 2")
	wantExact(t, "Roots", func() error { _, err := vp.Roots(vals); return err }(), 2, elemPath, ssz.ErrSize, "")
	wantExact(t, "ListRoot", func() error { _, err := vp.ListRoot(vals, 1<<40); return err }(), 2, elemPath, ssz.ErrSize, "")
	wantExact(t, "ListRootPtr", func() error { _, err := vp.ListRootPtr(ptrs, 1<<40); return err }(), 2, elemPath, ssz.ErrSize, "")
	wantExact(t, "ProgressiveListRoot", func() error { _, err := vp.ProgressiveListRoot(vals); return err }(), 2, elemPath, ssz.ErrSize, "")
	wantExact(t, "ProgressiveListRootPtr", func() error { _, err := vp.ProgressiveListRootPtr(ptrs); return err }(), 2, elemPath, ssz.ErrSize, "")

	// A list past its limit has no element at fault: the path is the
	// list's SSZ type.
	vals[2].WithdrawalCredentials = make([]byte, 32)
	wantExact(t, "ListRoot past the limit", func() error { _, err := vp.ListRoot(vals, 4); return err }(), -1, "List[Validator, 4]", ssz.ErrListTooLong, "5 elements")
	wantExact(t, "ListRootPtr past the limit", func() error { _, err := vp.ListRootPtr(ptrs, 4); return err }(), -1, "List[Validator, 4]", ssz.ErrListTooLong, "5 elements")

	// Inside a state, the list index is in the path.
	sp, err := PlanFor[fulu.BeaconState]()
	if err != nil {
		t.Fatal(err)
	}
	s := fulu.SyntheticBeaconState(10, 1)
	s.Validators[2].WithdrawalCredentials = s.Validators[2].WithdrawalCredentials[:31]
	wantExact(t, "Root of a state", func() error { _, err := sp.Root(s); return err }(), -1, "BeaconState.Validators[2].WithdrawalCredentials", ssz.ErrSize, "")

	// Bytes: a boolean above 1 names its byte, in a fixed part and in a
	// packed list.
	ser := marshalAll(t, vals)
	one := append([]byte(nil), ser[:121]...)
	one[88] = 2 // Slashed
	wantExact(t, "RootBytes", func() error { _, err := vp.RootBytes(one); return err }(), -1, "Validator.Slashed", ssz.ErrBool, "byte 0x02")
	bad := append([]byte(nil), ser...)
	bad[3*121+88] = 0x81
	wantExact(t, "RootAllBytes", vp.RootAllBytes(dst, bad), 3, "Validator.Slashed", ssz.ErrBool, "byte 0x81")
	type bools struct {
		A uint64
		B []bool `ssz-max:"8"`
	}
	bp, err := PlanFor[bools]()
	if err != nil {
		t.Fatal(err)
	}
	enc, err := ssz.Marshal(&bools{B: []bool{true, false, true}})
	if err != nil {
		t.Fatal(err)
	}
	enc[len(enc)-2] = 7
	wantExact(t, "RootBytes, packed", func() error { _, err := bp.RootBytes(enc); return err }(), -1, "bools.B[1]", ssz.ErrBool, "byte 0x07")
	// The decoder says the same of the same bytes.
	var dec bools
	if err := ssz.Unmarshal(enc, &dec); !errors.Is(err, ssz.ErrBool) || !strings.Contains(err.Error(), "bools.B[1]") || !strings.Contains(err.Error(), "byte 0x07") {
		t.Errorf("ssz.Unmarshal: %v", err)
	}
}

// marshalAll is the serializations of vals back to back (a serialized
// list of fixed-size elements).
func marshalAll(t *testing.T, vals []phase0.Validator) []byte {
	t.Helper()
	var ser []byte
	for i := range vals {
		b, err := ssz.Marshal(&vals[i])
		if err != nil {
			t.Fatal(err)
		}
		ser = append(ser, b...)
	}
	return ser
}
