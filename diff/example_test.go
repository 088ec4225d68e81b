package diff_test

import (
	"errors"
	"fmt"
	"log"

	"github.com/lanehash/lanehash/diff"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

// Two states whose roots disagree: the diff names the fields and list
// elements that differ, to the leaves, with both values.
func ExampleValues() {
	ours := fulu.SyntheticBeaconState(1000, 1)
	theirs := fulu.SyntheticBeaconState(1000, 1)
	theirs.Validators[513].EffectiveBalance -= 1_000_000_000
	theirs.Balances = append(theirs.Balances, 32_000_000_000)

	diffs, total, err := diff.Values(ours, theirs)
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range diffs {
		fmt.Println(d)
	}
	fmt.Println(total, "differences")
	// Output:
	// validators[513].effective_balance: 32000000000 -> 31000000000
	// balances[1000]: (absent) -> 32000000000
	// balances.__len__: 1000 -> 1001
	// 3 differences
}

// Two serializations, such as two clients' states for one slot: both are
// validated as strictly as the decoder, then compared without decoding.
// WithMax keeps the first differences; the count is still all of them.
func ExampleBytes() {
	s := fulu.SyntheticBeaconState(64, 2)
	a, err := ssz.Marshal(s)
	if err != nil {
		log.Fatal(err)
	}
	s.Slot++
	s.Validators[7].Slashed = true
	s.InactivityScores[9] = 4
	b, err := ssz.Marshal(s)
	if err != nil {
		log.Fatal(err)
	}
	diffs, total, err := diff.Bytes[fulu.BeaconState](a, b, diff.WithMax(2))
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range diffs {
		fmt.Printf("%s (%d bytes -> %d bytes)\n", d.Path, len(d.A), len(d.B))
	}
	fmt.Println(total-len(diffs), "more")

	// A truncated input: the decoder's own error, which input, and its
	// class, read with errors.As and errors.Is, never from the text.
	_, _, err = diff.Bytes[fulu.BeaconState](a, b[:len(b)-1])
	var ie *diff.InputError
	fmt.Println(err)
	fmt.Println(errors.As(err, &ie) && ie.Input == 1, errors.Is(err, ssz.ErrSize))
	// Output:
	// slot (8 bytes -> 8 bytes)
	// validators[7].slashed (1 bytes -> 1 bytes)
	// 1 more
	// diff: input b: ssz: BeaconState.PendingConsolidations: wrong size: 127 bytes is not a multiple of the element size 16
	// true true
}
