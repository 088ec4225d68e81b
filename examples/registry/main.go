// Command registry computes the root of a validator registry, the
// List[Validator, 2^40] inside every beacon state, from types shaped like
// go-eth2-client's (a []*phase0.Validator, WithdrawalCredentials as a
// []byte), straight from the pointers (RootAllPtr, ListRootPtr), and
// checks it against the reference implementation.
//
//	go run ./examples/registry
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// registryLimit is VALIDATOR_REGISTRY_LIMIT, the registry's list limit.
const registryLimit = 1 << 40

func main() {
	if err := run(20_000); err != nil {
		fmt.Fprintln(os.Stderr, "registry:", err)
		os.Exit(1)
	}
}

func run(n int) error {
	// Beacon clients hold the registry as pointers; RandomValidators
	// stands in for the ones a beacon node would return.
	values := phase0.RandomValidators(n, 2026)
	validators := make([]*phase0.Validator, n)
	for i := range values {
		validators[i] = &values[i]
	}

	// Compile the plan once: it is safe for concurrent use and meant to
	// be kept for the life of the program.
	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		return err
	}

	// One root per validator, straight from the pointers.
	roots := make([][32]byte, n)
	start := time.Now()
	if err := p.RootAllPtr(roots, validators); err != nil {
		return err
	}
	perValidator := time.Since(start)

	// The registry root, from the same pointers: the element roots
	// merkleized to depth 40, with the length mixed in. (ListRoot takes
	// a []phase0.Validator.)
	start = time.Now()
	registryRoot, err := p.ListRootPtr(validators, registryLimit)
	if err != nil {
		return err
	}
	registry := time.Since(start)

	fmt.Printf("%d validators on kernel %s (%d lanes)\n", n, p.Kernel(), p.Width())
	fmt.Printf("  validator 0 root  %x  (RootAllPtr: %s for all %d)\n", roots[0], perValidator.Round(time.Microsecond), n)
	fmt.Printf("  registry root     %x  (ListRootPtr: %s, %.0f ns per validator)\n",
		registryRoot, registry.Round(time.Microsecond), float64(registry.Nanoseconds())/float64(n))

	// The reference hashes the same values one pair at a time, the way
	// the consensus specification describes it.
	start = time.Now()
	want, err := ssz.HashTreeRoot(&struct {
		Validators []*phase0.Validator `ssz-max:"1099511627776"`
	}{validators}, ssz.SHA256) // a one-field container's root is its field's root
	if err != nil {
		return err
	}
	fmt.Printf("  reference         %x  (ssz.HashTreeRoot: %s)\n", want, time.Since(start).Round(time.Millisecond))
	if registryRoot != want {
		return fmt.Errorf("registry root %x differs from the reference %x", registryRoot, want)
	}
	for _, i := range []int{0, n / 2, n - 1} {
		w, err := ssz.HashTreeRoot(validators[i], ssz.SHA256)
		if err != nil {
			return err
		}
		if roots[i] != w {
			return fmt.Errorf("validator %d: root %x differs from the reference %x", i, roots[i], w)
		}
	}
	fmt.Println("the registry root and validators 0, n/2 and n-1 match the reference")
	return nil
}
