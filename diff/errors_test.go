package diff_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/diff"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/internal/sszvalidate"
	"github.com/lanehash/lanehash/internal/sszwalk"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// decoderError is ssz.UnmarshalValue's error for b, a serialization of
// T: the error Bytes must wrap.
func decoderError[T any](b []byte) error {
	t, err := ssz.TypeFor[T]()
	if err != nil {
		return err
	}
	return ssz.UnmarshalValue(t, b, reflect.New(t.Go).Elem())
}

// sentinel returns the ssz sentinel err wraps.
func sentinel(err error) error {
	for _, s := range []error{ssz.ErrOffset, ssz.ErrSize, ssz.ErrListTooLong, ssz.ErrBitlist, ssz.ErrBitvector, ssz.ErrBool, ssz.ErrUnion} {
		if errors.Is(err, s) {
			return s
		}
	}
	return nil
}

// TestBadInputs checks that an input the decoder rejects (truncated,
// a byte appended, an offset or a boolean broken) is an *InputError
// naming that input and wrapping the decoder's own error: the same
// sentinel and the same *ssz.Error path, through Bytes and Serialized,
// with the other input good or bad too.
func TestBadInputs(t *testing.T) {
	good, err := ssz.Marshal(fulu.SyntheticBeaconState(16, 2))
	if err != nil {
		t.Fatal(err)
	}
	st, err := ssz.TypeFor[fulu.BeaconState]()
	if err != nil {
		t.Fatal(err)
	}
	flipped := func(off int, bit byte) []byte {
		b := append([]byte(nil), good...)
		b[off] ^= bit
		return b
	}
	// The first validator's slashed byte: the state's validators list
	// starts at its offset; a validator is 121 bytes, slashed at 88.
	vals, err := fieldOffset(st, good, "Validators")
	if err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string][]byte{
		"truncated":      good[:len(good)-3],
		"appended":       append(append([]byte(nil), good...), 0),
		"empty":          {},
		"offset":         flipped(fixedOffsetPos(st), 0x40),
		"boolean":        flipped(vals+88, 2),
		"first byte set": flipped(0, 0), // unchanged: a control
	} {
		derr := decoderError[fulu.BeaconState](bad)
		if name == "first byte set" {
			if derr != nil {
				t.Fatalf("control: %v", derr)
			}
			continue
		}
		if derr == nil {
			t.Fatalf("%s: the decoder accepts it", name)
		}
		var se *ssz.Error
		if !errors.As(derr, &se) || sentinel(derr) == nil {
			t.Fatalf("%s: decoder error %T %v", name, derr, derr)
		}
		for which, in := range [][2][]byte{{bad, good}, {good, bad}} {
			for _, call := range []func() error{
				func() error { _, _, err := diff.Bytes[fulu.BeaconState](in[0], in[1]); return err },
				func() error { _, _, err := diff.Serialized(st, in[0], in[1]); return err },
				func() error { _, _, err := diff.Serialized(st, in[0], in[1], plan.WithWorkers(1)); return err },
			} {
				err := call()
				var ie *diff.InputError
				var ge *ssz.Error
				if !errors.As(err, &ie) || ie.Input != which || !errors.As(err, &ge) || ge.Path != se.Path ||
					!errors.Is(err, sentinel(derr)) || err.Error() != ie.Error() {
					t.Errorf("%s as input %d: %v (%#v), want an *InputError of input %d wrapping %v", name, which, err, err, which, derr)
				}
			}
		}
		_, _, err := diff.Bytes[fulu.BeaconState](bad, bad)
		var ie *diff.InputError
		if !errors.As(err, &ie) || ie.Input != 0 || !errors.Is(err, sentinel(derr)) {
			t.Errorf("%s as both inputs: %v", name, err)
		}
	}
}

// fieldOffset returns where field name of container st starts in b.
func fieldOffset(st *ssz.Type, b []byte, name string) (int, error) {
	pos := 0
	for _, f := range st.Fields {
		if f.Type.Fixed {
			pos += int(f.Type.Size)
			continue
		}
		off := int(b[pos]) | int(b[pos+1])<<8 | int(b[pos+2])<<16 | int(b[pos+3])<<24
		if f.Name == name {
			return off, nil
		}
		pos += 4
	}
	return 0, errors.New("no variable-size field " + name)
}

// fixedOffsetPos returns the position of the second offset of container
// st's fixed part (the first variable-size field's is checked against the
// fixed part's size, the second only against its neighbours).
func fixedOffsetPos(st *ssz.Type) int {
	pos, n := 0, 0
	for _, f := range st.Fields {
		if f.Type.Fixed {
			pos += int(f.Type.Size)
			continue
		}
		if n == 1 {
			return pos + 3 // the offset's high byte
		}
		n++
		pos += 4
	}
	return 0
}

// TestBadValues checks that a value the encoder rejects is an
// *InputError wrapping the encoder's error, for either input.
func TestBadValues(t *testing.T) {
	good := phase0.Validator{EffectiveBalance: 1}
	bad := phase0.Validator{WithdrawalCredentials: make([]byte, 31)}
	for which, in := range [][2]*phase0.Validator{{&bad, &good}, {&good, &bad}} {
		_, _, err := diff.Values(in[0], in[1])
		var ie *diff.InputError
		if !errors.As(err, &ie) || ie.Input != which || !errors.Is(err, ssz.ErrSize) {
			t.Errorf("input %d bad: %v, want an *InputError of input %d wrapping ssz.ErrSize", which, err, which)
		}
	}
}

// TestOptions checks the options: bad ones are an ErrOption from every
// entry point, the diff's own option is refused by plan and cache by
// name, and the hashing options change nothing.
func TestOptions(t *testing.T) {
	a, b := &phase0.Validator{Slashed: true}, &phase0.Validator{}
	st, err := ssz.TypeFor[phase0.Validator]()
	if err != nil {
		t.Fatal(err)
	}
	ab, _ := ssz.Marshal(a)
	bb, _ := ssz.Marshal(b)
	for name, opts := range map[string][]diff.Option{
		"WithMax(-1)":            {diff.WithMax(-1)},
		"WithMax twice":          {diff.WithMax(1), diff.WithMax(2)},
		"nil option":             {nil},
		"cache.WithMode":         {cache.WithMode(cache.Marked)},
		"WithWorkers(-1)":        {plan.WithWorkers(-1)},
		"WithKernel of no hash":  {plan.WithKernel("md5/x")},
		"WithSpec(nil)":          {plan.WithSpec(nil)},
		"WithSpec on Serialized": {plan.WithSpec(ssz.MinimalSpec())},
	} {
		_, _, errV := diff.Values(a, b, opts...)
		_, _, errB := diff.Bytes[phase0.Validator](ab, bb, opts...)
		_, _, errS := diff.Serialized(st, ab, bb, opts...)
		if name == "WithSpec on Serialized" {
			if errV != nil || errB != nil {
				t.Errorf("%s: Values %v, Bytes %v: want no error", name, errV, errB)
			}
			errV, errB = errS, errS
		}
		for _, err := range []error{errV, errB, errS} {
			if !errors.Is(err, diff.ErrOption) || !errors.Is(err, plan.ErrOption) {
				t.Errorf("%s: %v, want an ErrOption", name, err)
			}
		}
	}
	if _, err := plan.PlanFor[phase0.Validator](diff.WithMax(1)); !errors.Is(err, plan.ErrOption) {
		t.Errorf("PlanFor(diff.WithMax): %v", err)
	}
	if _, err := cache.New[phase0.Validator](diff.WithMax(1)); !errors.Is(err, cache.ErrOption) {
		t.Errorf("cache.New(diff.WithMax): %v", err)
	}
	if _, _, err := diff.Serialized(nil, ab, bb); !errors.Is(err, ssz.ErrValue) {
		t.Errorf("Serialized(nil type): %v", err)
	}
	ds, n, err := diff.Values(a, b, plan.WithKernel("keccak256/genericx1"), plan.WithWorkers(1), diff.WithMax(1), diff.WithMax(1))
	if err != nil || n != 1 || len(ds) != 1 || ds[0].String() != "slashed: true -> false" {
		t.Errorf("hashing options: %q, %d, %v", lines(ds), n, err)
	}
}

// FuzzBytes diffs arbitrary bytes as two fulu block bodies (minimal
// preset), seeded with valid serializations and their mutations: never a
// panic; an error exactly when the decoder rejects an input (an
// *InputError of the first bad one); nothing listed for equal inputs.
func FuzzBytes(f *testing.F) {
	spec := ssz.MinimalSpec()
	st, err := ssz.TypeFor[fulu.BeaconBlockBody](ssz.WithSpec(spec))
	if err != nil {
		f.Fatal(err)
	}
	a, b := randomBodies(f, spec)
	f.Add(a, b)
	f.Add(a, a)
	f.Add(a[:len(a)/2], b)
	f.Add(b, append(append([]byte(nil), b...), 1))
	f.Add([]byte{}, []byte{0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, a, b []byte) {
		ds, n, err := diff.Serialized(st, a, b)
		errA, errB := sszvalidate.Validate(st, a), sszvalidate.Validate(st, b)
		if (err == nil) != (errA == nil && errB == nil) {
			t.Fatalf("diff %v; validation %v, %v", err, errA, errB)
		}
		var ie *diff.InputError
		if err != nil && (!errors.As(err, &ie) || (ie.Input == 0) != (errA != nil)) {
			t.Fatalf("error %v (%T), inputs valid: %t, %t", err, err, errA == nil, errB == nil)
		}
		if err == nil && string(a) == string(b) && (n != 0 || len(ds) != 0) {
			t.Fatalf("equal inputs: %q", lines(ds))
		}
		if err == nil && string(a) != string(b) && n == 0 {
			t.Fatalf("different valid inputs, nothing listed")
		}
	})
}

// randomBodies returns two random fulu block bodies (minimal preset),
// serialized.
func randomBodies(tb testing.TB, spec ssz.SpecValues) (a, b []byte) {
	st, err := ssz.TypeFor[fulu.BeaconBlockBody](ssz.WithSpec(spec))
	if err != nil {
		tb.Fatal(err)
	}
	var out [2][]byte
	for i := range out {
		v := reflect.New(st.Go).Elem()
		src := &sszrand.Filler{Rand: sszrand.NewRand(uint64(i) + 40), MaxList: 4, MaxBits: 100}
		if err := sszwalk.Fill(st, v, src); err != nil {
			tb.Fatal(err)
		}
		if out[i], err = ssz.MarshalValue(st, v); err != nil {
			tb.Fatal(err)
		}
	}
	return out[0], out[1]
}
