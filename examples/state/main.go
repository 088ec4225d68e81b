// Command state computes the hash_tree_root of a whole fulu BeaconState
// (a synthetic one, with a registry, balances, participation flags and
// inactivity scores of the same size) and checks it against the reference.
//
//	go run ./examples/state
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

func main() {
	if err := run(20_000); err != nil {
		fmt.Fprintln(os.Stderr, "state:", err)
		os.Exit(1)
	}
}

func run(n int) error {
	state := fulu.SyntheticBeaconState(n, 1)

	p, err := plan.PlanFor[fulu.BeaconState]()
	if err != nil {
		return err
	}
	// The first call also sizes the plan's buffers; a plan kept for the
	// life of the program pays that once, so time the second call.
	start := time.Now()
	if _, err := p.Root(state); err != nil {
		return err
	}
	first := time.Since(start)
	p.ResetStats()
	start = time.Now()
	root, err := p.Root(state)
	if err != nil {
		return err
	}
	took := time.Since(start)
	st := p.Stats()
	fmt.Printf("fulu BeaconState, %d validators, kernel %s\n", len(state.Validators), p.Kernel())
	fmt.Printf("  state root  %x\n", root)
	fmt.Printf("  plan        %s (%.0f ns per validator; the first call took %s), %d pair hashes, lockstep lane fill %.3f\n",
		took.Round(time.Microsecond), float64(took.Nanoseconds())/float64(n), first.Round(time.Millisecond), st.Pairs(), st.LaneFill())

	start = time.Now()
	want, err := ssz.HashTreeRoot(state, ssz.SHA256)
	if err != nil {
		return err
	}
	ref := time.Since(start)
	fmt.Printf("  reference   %s (ssz.HashTreeRoot, one pair at a time: %.0f× the plan's time)\n", ref.Round(time.Millisecond), float64(ref)/float64(took))
	if root != want {
		return fmt.Errorf("state root %x differs from the reference %x", root, want)
	}
	fmt.Println("the state root matches the reference")
	return nil
}
