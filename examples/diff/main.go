// Command diff shows package diff on a state-root mismatch: two fulu
// BeaconStates that differ in a few places (a validator's balance, a
// slashing, an appended inactivity score), their roots, and the paths
// where they differ, from the values and from their SSZ bytes. Each
// listed path is then checked against the states' Merkle trees (the node
// there differs), and the roots against the reference implementation.
//
//	go run ./examples/diff -n 100000
package main

import (
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/diff"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

func main() {
	n := flag.Int("n", 20_000, "validators")
	flag.Parse()
	ours := fulu.SyntheticBeaconState(*n, 1)
	theirs := fulu.SyntheticBeaconState(*n, 1)
	i := *n / 2
	theirs.Validators[i].EffectiveBalance -= 1_000_000_000
	theirs.Validators[7].Slashed = !theirs.Validators[7].Slashed
	theirs.InactivityScores = append(theirs.InactivityScores, 3)

	p, err := plan.PlanFor[fulu.BeaconState]()
	if err != nil {
		log.Fatal(err)
	}
	ra, err := p.Root(ours)
	if err != nil {
		log.Fatal(err)
	}
	rb, err := p.Root(theirs)
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range []struct {
		s    *fulu.BeaconState
		root [32]byte
	}{{ours, ra}, {theirs, rb}} {
		ref, err := ssz.HashTreeRoot(c.s, ssz.SHA256)
		if err != nil || ref != c.root {
			log.Fatalf("plan root %x, reference %x (%v)", c.root, ref, err)
		}
	}
	fmt.Printf("ours   %x\ntheirs %x\n\n", ra, rb)

	// From the values: both are serialized, then compared.
	t0 := time.Now()
	diffs, total, err := diff.Values(ours, theirs)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("diff.Values, %v:\n", time.Since(t0).Round(time.Millisecond))
	for _, d := range diffs {
		fmt.Println(" ", d)
	}

	// From the bytes (two clients' state dumps): validated as strictly as
	// the decoder, compared without decoding; WithMax keeps the first.
	a, err := ssz.Marshal(ours)
	if err != nil {
		log.Fatal(err)
	}
	b, err := ssz.Marshal(theirs)
	if err != nil {
		log.Fatal(err)
	}
	t0 = time.Now()
	first, total2, err := diff.Bytes[fulu.BeaconState](a, b, diff.WithMax(2))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("\ndiff.Bytes with WithMax(2), %v (%d MB each): the first %d of %d\n",
		time.Since(t0).Round(time.Millisecond), len(a)>>20, len(first), total2)
	for _, d := range first {
		fmt.Printf("  %s: %d bytes -> %d bytes\n", d.Path, len(d.A), len(d.B))
	}
	if total2 != total || len(first) != 2 || first[0].String() != diffs[0].String() {
		log.Fatal("diff.Bytes and diff.Values disagree")
	}

	// Each path is a proof path: the node there differs between the trees.
	ta, _, err := cache.TreeOf(ours)
	if err != nil {
		log.Fatal(err)
	}
	tb, _, err := cache.TreeOf(theirs)
	if err != nil {
		log.Fatal(err)
	}
	st, err := ssz.TypeFor[fulu.BeaconState]()
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range diffs {
		g, err := proof.GIndexOf(st, d.Path)
		if err != nil {
			log.Fatal(err)
		}
		na, errA := ta.Node(g)
		nb, errB := tb.Node(g)
		if errA != nil || errB != nil || na == nb {
			log.Fatalf("%s (gindex %d): nodes %x, %x (%v, %v): want two different nodes", d.Path, g, na, nb, errA, errB)
		}
	}
	fmt.Printf("\nevery path's node differs between the two trees (%d checked)\n", len(diffs))
}
