// Package difftest makes the edited states the tests and benchmarks of
// package diff and of the command's diff share: a synthetic fulu state,
// a copy with known edits of every kind a difference can be, and the
// lines the diff must print for them. Test support only.
package difftest

import (
	"fmt"
	"testing"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
)

// EditedStates returns a synthetic fulu state of n validators and a copy
// with known edits, serialized, and the lines diff must print for them,
// in tree order: a basic field, a root in a vector, a validator's
// boolean and integer, a balance, an element appended to a list and the
// list's length, a byte of a pubkey.
func EditedStates(tb testing.TB, n int) (a, b []byte, want []string) {
	tb.Helper()
	s := fulu.SyntheticBeaconState(n, 7)
	a, err := ssz.Marshal(s)
	if err != nil {
		tb.Fatal(err)
	}
	var e fulu.BeaconState
	if err := ssz.Unmarshal(a, &e); err != nil {
		tb.Fatal(err)
	}
	i := n / 2
	oldRoot := e.BlockRoots[5]
	e.Slot++
	e.BlockRoots[5][0] ^= 1
	e.Validators[7].Slashed = !e.Validators[7].Slashed
	e.Validators[i].EffectiveBalance -= 1_000_000_000
	e.Balances[i] += 123
	e.InactivityScores = append(e.InactivityScores, 9)
	e.CurrentSyncCommittee.Pubkeys[3][47] ^= 0x80
	b, err = ssz.Marshal(&e)
	if err != nil {
		tb.Fatal(err)
	}
	pk := s.CurrentSyncCommittee.Pubkeys[3]
	want = []string{
		fmt.Sprintf("slot: %d -> %d", s.Slot, e.Slot),
		fmt.Sprintf("block_roots[5]: 0x%x -> 0x%x", oldRoot[:], e.BlockRoots[5][:]),
		fmt.Sprintf("validators[7].slashed: %t -> %t", s.Validators[7].Slashed, e.Validators[7].Slashed),
		fmt.Sprintf("validators[%d].effective_balance: %d -> %d", i, s.Validators[i].EffectiveBalance, e.Validators[i].EffectiveBalance),
		fmt.Sprintf("balances[%d]: %d -> %d", i, s.Balances[i], e.Balances[i]),
		fmt.Sprintf("inactivity_scores[%d]: (absent) -> 9", len(s.InactivityScores)),
		fmt.Sprintf("inactivity_scores.__len__: %d -> %d", len(s.InactivityScores), len(e.InactivityScores)),
		fmt.Sprintf("current_sync_committee.pubkeys[3]: 0x%x -> 0x%x", pk[:], e.CurrentSyncCommittee.Pubkeys[3][:]),
	}
	return a, b, want
}

// ShrunkGloas returns a synthetic gloas state of 64 validators (a
// progressive container, its validators a progressive list) and a copy
// whose registry lost its last 4 validators and with one balance changed,
// serialized, and the lines diff must print for them.
func ShrunkGloas(tb testing.TB) (a, b []byte, want []string) {
	tb.Helper()
	s := gloas.SyntheticBeaconState(64, 3)
	a, err := ssz.Marshal(s)
	if err != nil {
		tb.Fatal(err)
	}
	var e gloas.BeaconState
	if err := ssz.Unmarshal(a, &e); err != nil {
		tb.Fatal(err)
	}
	e.Validators = e.Validators[:60]
	e.Balances[1]++
	b, err = ssz.Marshal(&e)
	if err != nil {
		tb.Fatal(err)
	}
	want = []string{
		"validators[60]: (present) -> (absent)", "validators[61]: (present) -> (absent)",
		"validators[62]: (present) -> (absent)", "validators[63]: (present) -> (absent)",
		"validators.__len__: 64 -> 60",
		fmt.Sprintf("balances[1]: %d -> %d", s.Balances[1], e.Balances[1]),
	}
	return a, b, want
}
