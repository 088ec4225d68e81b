// Command kernels lists the hashing kernels this build knows, which of
// them this CPU runs and which one the automatic choice takes, then
// hashes the same values on every kernel this CPU runs and checks that
// the roots agree with the reference.
//
//	go run ./examples/kernels
//	LANEHASH_KERNEL=sha256/genericx1 go run ./examples/kernels   # force the automatic choice
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

func main() {
	if err := run(4096); err != nil {
		fmt.Fprintln(os.Stderr, "kernels:", err)
		os.Exit(1)
	}
}

func run(n int) error {
	if v := os.Getenv(lanes.EnvKernel); v != "" {
		fmt.Printf("%s=%s forces the automatic choice\n", lanes.EnvKernel, v)
	}
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		auto, err := lanes.Select(h, "")
		if err != nil {
			return err
		}
		fmt.Printf("%s: automatic choice %s\n", h, auto.Name())
	}

	vals := phase0.RandomValidators(n, 11)
	want := make(map[lanes.Hash][32]byte)
	for h, ref := range map[lanes.Hash]ssz.Hash{lanes.SHA256: ssz.SHA256, lanes.Keccak256: ssz.Keccak256} {
		root, err := ssz.HashTreeRoot(&vals[n-1], ref)
		if err != nil {
			return err
		}
		want[h] = root
	}

	fmt.Printf("\n%-22s %5s  %-9s  %s\n", "kernel", "lanes", "runs here", "ns per validator")
	roots := make([][32]byte, n)
	for _, k := range lanes.Kernels() {
		if !k.Available {
			fmt.Printf("%-22s %5d  no\n", k.Name, k.Width)
			continue
		}
		// WithKernel forces one kernel for this plan only.
		p, err := plan.PlanFor[phase0.Validator](plan.WithHash(k.Hash), plan.WithKernel(k.Name), plan.WithWorkers(1))
		if err != nil {
			return err
		}
		start := time.Now()
		if err := p.RootAll(roots, vals); err != nil {
			return err
		}
		took := time.Since(start)
		if roots[n-1] != want[k.Hash] {
			return fmt.Errorf("%s: root %x differs from the reference %x", k.Name, roots[n-1], want[k.Hash])
		}
		fmt.Printf("%-22s %5d  yes        %6.0f\n", k.Name, k.Width, float64(took.Nanoseconds())/float64(n))
	}
	fmt.Println("\nevery kernel this CPU runs gave the reference's root")
	return nil
}
