// Command cachedroot shows what a cached root saves: it hashes a
// validator registry once, then changes 1% of the validators a few times
// and compares each cached root with a full root of the same values (time,
// pairs hashed, and that the roots agree). Then it does the same for a
// fulu BeaconState after a block's worth of changes.
//
//	go run ./examples/cachedroot -n 200000
package main

import (
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"time"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

func main() {
	n := flag.Int("n", 100_000, "validators")
	flag.Parse()
	if err := registry(*n); err != nil {
		log.Fatal(err)
	}
	if err := state(*n); err != nil {
		log.Fatal(err)
	}
}

func registry(n int) error {
	vals := phase0.RandomValidators(n, 1)
	p, err := plan.PlanFor[phase0.Validator](plan.WithWorkers(1))
	if err != nil {
		return err
	}
	reg, err := cache.NewList[phase0.Validator](1<<40, cache.WithMode(cache.Marked))
	if err != nil {
		return err
	}
	t0 := time.Now()
	if _, err := reg.Root(vals); err != nil {
		return err
	}
	st := reg.Stats()
	fmt.Printf("registry of %d validators: first root %v, %d pairs, cache holds %.1f MiB\n",
		n, time.Since(t0).Round(time.Millisecond), st.PairsHashed, float64(st.Bytes)/(1<<20))
	r := rand.New(rand.NewPCG(1, 2))
	fmt.Println("round  changed  cached      pairs     full        x-faster  equal")
	for round := 1; round <= 4; round++ {
		for range n / 100 {
			i := r.IntN(n)
			vals[i].EffectiveBalance -= 1e9
			reg.Mark(i)
		}
		reg.ResetStats()
		t0 := time.Now()
		cached, err := reg.Root(vals)
		if err != nil {
			return err
		}
		dc := time.Since(t0)
		t0 = time.Now()
		full, err := p.ListRoot(vals, 1<<40)
		if err != nil {
			return err
		}
		df := time.Since(t0)
		fmt.Printf("%5d  %7d  %-10v  %8d  %-10v  %8.1f  %v\n", round, n/100, dc.Round(time.Microsecond),
			reg.Stats().PairsHashed, df.Round(time.Microsecond), float64(df)/float64(dc), cached == full)
	}
	return nil
}

func state(n int) error {
	s := fulu.SyntheticBeaconState(n, 1)
	tree, err := cache.New[fulu.BeaconState](cache.WithMode(cache.Marked))
	if err != nil {
		return err
	}
	// Field handles, resolved once: each change below is one Mark call,
	// and a bad mark is returned by the next Root.
	balances, participation := tree.MustField("Balances"), tree.MustField("CurrentEpochParticipation")
	blockRoots, stateRoots := tree.MustField("BlockRoots"), tree.MustField("StateRoots")
	slotField, validators := tree.MustField("Slot"), tree.MustField("Validators")
	if _, err := tree.Root(s); err != nil {
		return err
	}
	// One block: a few hundred balances, one slot's participation flags,
	// the block and state roots, the slot and header, a few validators.
	r := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		i := r.IntN(n)
		s.Balances[i] += 1000
		balances.Mark(i)
	}
	for range n / 32 {
		i := r.IntN(n)
		s.CurrentEpochParticipation[i] |= 0b111
		participation.Mark(i)
	}
	slot := int(s.Slot) % len(s.BlockRoots)
	s.BlockRoots[slot][0]++
	s.StateRoots[slot][0]++
	blockRoots.Mark(slot)
	stateRoots.Mark(slot)
	s.Slot++
	slotField.MarkAll()
	for range 4 {
		i := r.IntN(n)
		s.Validators[i].Slashed = true
		validators.Mark(i)
	}
	tree.ResetStats()
	t0 := time.Now()
	cached, err := tree.Root(s)
	if err != nil {
		return err
	}
	dc := time.Since(t0)
	sp, err := plan.PlanFor[fulu.BeaconState](plan.WithWorkers(1))
	if err != nil {
		return err
	}
	t0 = time.Now()
	full, err := sp.Root(s)
	if err != nil {
		return err
	}
	df := time.Since(t0)
	fmt.Printf("\nfulu state with %d validators, one block of changes:\n", n)
	fmt.Printf("  cached root %v (%d pairs), full root %v, equal: %v\n",
		dc.Round(time.Microsecond), tree.Stats().PairsHashed, df.Round(time.Microsecond), cached == full)
	return nil
}
