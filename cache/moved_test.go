package cache_test

import (
	"errors"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// ptrRegistry holds validators behind pointers, as go-eth2-client's
// BeaconState does, in a list and in a vector.
type ptrRegistry struct {
	Slot uint64
	L    []*phase0.Validator `ssz-max:"1024"`
	V    [4]*phase0.Validator
}

func validator(i int) *phase0.Validator {
	return &phase0.Validator{
		Pubkey:                     phase0.BLSPubKey{byte(i), 1},
		WithdrawalCredentials:      make([]byte, 32),
		EffectiveBalance:           32e9 + phase0.Gwei(i),
		ActivationEligibilityEpoch: phase0.Epoch(i),
		ExitEpoch:                  phase0.Epoch(1<<20 + i),
		WithdrawableEpoch:          phase0.Epoch(1<<21 + i),
	}
}

// cacheModes are the three configurations a value-level test runs in.
var cacheModes = []struct {
	name string
	opts []cache.Option
}{
	{"detect", nil},
	{"marked", []cache.Option{cache.WithMode(cache.Marked)}},
	{"upper", []cache.Option{cache.WithUpperLevelsOnly()}},
}

// TestProofsNeverReadMovedMemory (issue #30, class 2): after a Root, an
// element of a []*T or [N]*T retargeted to another object or set to nil
// makes every proof through it ErrChanged — in Marked mode, where the
// insides of an element are read from the value, and in an
// upper-levels-only tree, where element roots are too — never a proof
// built from the new target. Proofs that do not pass through it still
// verify against the last root. Before the fix the proofs of the moved
// elements were built from the new targets and did not verify.
func TestProofsNeverReadMovedMemory(t *testing.T) {
	edits := []struct {
		name  string
		edit  func(v *ptrRegistry)
		moved []string // paths through the moved elements
	}{
		{"list element retargeted", func(v *ptrRegistry) { v.L[5] = validator(100) }, []string{"L[5].EffectiveBalance", "L[5].Pubkey", "L[5]"}},
		{"list element set to nil", func(v *ptrRegistry) { v.L[2] = nil }, []string{"L[2].ExitEpoch", "L[2]"}},
		{"list element written in place", func(v *ptrRegistry) { v.L[3].EffectiveBalance++ }, []string{"L[3].EffectiveBalance", "L[3]"}},
		{"vector element retargeted", func(v *ptrRegistry) { v.V[1] = validator(101) }, []string{"V[1].WithdrawableEpoch", "V[1]"}},
		{"vector element set to nil", func(v *ptrRegistry) { v.V[3] = nil }, []string{"V[3].Slashed", "V[3]"}},
	}
	for _, m := range cacheModes {
		for _, e := range edits {
			t.Run(m.name+"/"+e.name, func(t *testing.T) {
				tr, err := cache.New[ptrRegistry](m.opts...)
				if err != nil {
					t.Fatal(err)
				}
				v := &ptrRegistry{Slot: 9}
				for i := range 11 {
					v.L = append(v.L, validator(i))
				}
				for i := range v.V {
					v.V[i] = validator(50 + i)
				}
				root, err := tr.Root(v)
				if err != nil {
					t.Fatal(err)
				}
				e.edit(v)
				paths := append([]string{"Slot", "L[0].EffectiveBalance", "L[10].Slashed", "V[0].Pubkey", "L[4].ExitEpoch", "V[2].ExitEpoch"}, e.moved...)
				for _, path := range paths {
					p, err := tr.Prove(path)
					if err != nil {
						if !errors.Is(err, cache.ErrChanged) {
							t.Errorf("Prove(%s): %v, want a proof or cache.ErrChanged", path, err)
						}
						continue
					}
					if !p.Verify(root) {
						t.Errorf("Prove(%s): a proof that does not verify against the last root, no error", path)
					}
				}
				for _, path := range []string{"L[0].EffectiveBalance", "L[10].Slashed", "V[0].Pubkey"} {
					if _, err := tr.Prove(path); err != nil && m.name != "upper" {
						t.Errorf("Prove(%s), away from the change: %v", path, err)
					}
				}
			})
		}
	}
}

// TestChangedKeptWithValueError (issue #30, class 3): a proof request
// after a list on its path grew past its limit, or a vector held as a
// slice lost an element, is both cache.ErrChanged (the value is not the
// last root's) and the value error (a *plan.Error wrapping
// ssz.ErrListTooLong or ssz.ErrSize): a server that roots again on
// ErrChanged does so. Before the fix only the value error was visible.
func TestChangedKeptWithValueError(t *testing.T) {
	type state struct {
		L []phase0.Validator `ssz-max:"8"`
		V []phase0.Validator `ssz-size:"4"`
		B []uint64           `ssz-max:"8"`
	}
	for _, c := range []struct {
		name     string
		opts     []cache.Option
		edit     func(v *state)
		path     string
		sentinel error
	}{
		{"marked, list past its limit", []cache.Option{cache.WithMode(cache.Marked)}, func(v *state) { v.L = append(v.L, make([]phase0.Validator, 6)...) }, "L[1].EffectiveBalance", ssz.ErrListTooLong},
		{"marked, vector lost an element", []cache.Option{cache.WithMode(cache.Marked)}, func(v *state) { v.V = v.V[:3] }, "V[0].ExitEpoch", ssz.ErrSize},
		{"upper, list past its limit", []cache.Option{cache.WithUpperLevelsOnly()}, func(v *state) { v.L = append(v.L, make([]phase0.Validator, 6)...) }, "L[1]", ssz.ErrListTooLong},
		{"upper, basic list past its limit", []cache.Option{cache.WithUpperLevelsOnly()}, func(v *state) { v.B = append(v.B, 1, 2, 3, 4, 5, 6, 7) }, "B[0]", ssz.ErrListTooLong},
		{"upper, vector lost an element", []cache.Option{cache.WithUpperLevelsOnly()}, func(v *state) { v.V = v.V[:1] }, "V[0].ExitEpoch", ssz.ErrSize},
		// Found by TestEditKinds (seeds 247, 306): the sibling's root is
		// read from the value, which is invalid now.
		{"upper, the sibling invalid", []cache.Option{cache.WithUpperLevelsOnly()}, func(v *state) { v.L[1].WithdrawalCredentials = v.L[1].WithdrawalCredentials[:5] }, "L[0]", ssz.ErrSize},
		{"marked, the element invalid", []cache.Option{cache.WithMode(cache.Marked)}, func(v *state) { v.L[2].WithdrawalCredentials = v.L[2].WithdrawalCredentials[:5] }, "L[2].Slashed", ssz.ErrSize},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr, err := cache.New[state](c.opts...)
			if err != nil {
				t.Fatal(err)
			}
			v := &state{L: make([]phase0.Validator, 3), V: make([]phase0.Validator, 4), B: []uint64{1, 2}}
			for i := range v.L {
				v.L[i].EffectiveBalance = phase0.Gwei(i + 1)
				v.L[i].WithdrawalCredentials = make([]byte, 32)
			}
			if _, err := tr.Root(v); err != nil {
				t.Fatal(err)
			}
			c.edit(v)
			_, err = tr.Prove(c.path)
			var pe *plan.Error
			if !errors.Is(err, cache.ErrChanged) || !errors.Is(err, c.sentinel) || !errors.As(err, &pe) {
				t.Errorf("Prove(%s): %v; want cache.ErrChanged and a *plan.Error wrapping %v", c.path, err, c.sentinel)
			}
			_, err = tr.ProveMulti(c.path, "L[0]")
			if !errors.Is(err, cache.ErrChanged) || !errors.Is(err, c.sentinel) {
				t.Errorf("ProveMulti(%s): %v; want cache.ErrChanged and %v", c.path, err, c.sentinel)
			}
		})
	}
}
