// Command keccak hashes the same registry with SHA-256 (what Ethereum's
// consensus layer uses) and with Keccak-256 (legacy Ethereum padding, as
// execution-layer tooling uses), and checks both against the reference.
//
//	go run ./examples/keccak
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

// Registry is a container whose only field is the registry: its root is
// the registry's root, which lets the reference hash the list.
type Registry struct {
	Validators []phase0.Validator `ssz-max:"1099511627776"`
}

func main() {
	if err := run(10_000); err != nil {
		fmt.Fprintln(os.Stderr, "keccak:", err)
		os.Exit(1)
	}
}

func run(n int) error {
	vals := phase0.RandomValidators(n, 3)
	fmt.Printf("registry of %d validators\n", n)
	var times [2]time.Duration
	for i, h := range []struct {
		lanes lanes.Hash
		ref   ssz.Hash
	}{{lanes.SHA256, ssz.SHA256}, {lanes.Keccak256, ssz.Keccak256}} {
		p, err := plan.PlanFor[Registry](plan.WithHash(h.lanes))
		if err != nil {
			return err
		}
		reg := &Registry{Validators: vals}
		start := time.Now()
		root, err := p.Root(reg)
		if err != nil {
			return err
		}
		times[i] = time.Since(start)
		want, err := ssz.HashTreeRoot(reg, h.ref)
		if err != nil {
			return err
		}
		if root != want {
			return fmt.Errorf("%s: root %x differs from the reference %x", h.lanes, root, want)
		}
		fmt.Printf("  %-9s  %x  %6.0f ns per validator on %s\n", h.lanes, root, float64(times[i].Nanoseconds())/float64(n), p.Kernel())
	}
	fmt.Printf("Keccak-256 takes %.2f× SHA-256's time here; both roots match the reference\n", float64(times[1])/float64(times[0]))
	return nil
}
