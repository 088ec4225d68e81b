// Command bytes computes validator roots straight from SSZ bytes — a
// registry as it sits inside a serialized beacon state, 121 bytes per
// validator — without decoding them into Go values first.
//
//	go run ./examples/bytes
package main

import (
	"fmt"
	"os"

	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

func main() {
	if err := run(1000); err != nil {
		fmt.Fprintln(os.Stderr, "bytes:", err)
		os.Exit(1)
	}
}

func run(n int) error {
	// Serialize a registry the way a state holds it: fixed-size
	// elements back to back.
	var registry []byte
	for _, v := range phase0.RandomValidators(n, 7) {
		b, err := ssz.Marshal(&v)
		if err != nil {
			return err
		}
		registry = append(registry, b...)
	}
	fmt.Printf("%d validators, %d bytes (%d each)\n", n, len(registry), len(registry)/n)

	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		return err
	}
	roots := make([][32]byte, n)
	if err := p.RootAllBytes(roots, registry); err != nil {
		return err
	}

	// Check every root: decode each element and hash it with the
	// reference.
	size := len(registry) / n
	for i := range n {
		var v phase0.Validator
		if err := ssz.Unmarshal(registry[i*size:(i+1)*size], &v); err != nil {
			return fmt.Errorf("element %d: %w", i, err)
		}
		want, err := ssz.HashTreeRoot(&v, ssz.SHA256)
		if err != nil {
			return err
		}
		if roots[i] != want {
			return fmt.Errorf("element %d: root %x differs from the reference %x", i, roots[i], want)
		}
	}
	fmt.Printf("  root of element 0    %x\n", roots[0])
	fmt.Printf("  root of element %d  %x\n", n-1, roots[n-1])
	fmt.Printf("all %d roots match the reference on the decoded values\n", n)

	// Bytes that are not whole elements are an error, not a guess.
	err = p.RootAllBytes(roots, registry[:len(registry)-1])
	fmt.Printf("one byte short: %v\n", err)
	if err == nil {
		return fmt.Errorf("a truncated registry was accepted")
	}
	return nil
}
