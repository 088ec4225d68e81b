// Command minimal hashes a value of the minimal preset, the one the
// consensus spec tests and local devnets use. One Go type serves both
// presets: its dynssz tags name spec values (SLOTS_PER_HISTORICAL_ROOT
// is 8192 on mainnet, 64 on minimal), and plan.WithSpec says which
// values to use.
//
//	go run ./examples/minimal
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "minimal:", err)
		os.Exit(1)
	}
}

func run() error {
	minimal := ssz.MinimalSpec()
	slots := int(minimal["SLOTS_PER_HISTORICAL_ROOT"])
	batch := phase0.HistoricalBatch{
		BlockRoots: make([]phase0.Root, slots),
		StateRoots: make([]phase0.Root, slots),
	}
	for i := range slots {
		batch.BlockRoots[i][0] = byte(i)
		batch.StateRoots[i][31] = byte(i)
	}
	fmt.Printf("HistoricalBatch with %d block roots and %d state roots (SLOTS_PER_HISTORICAL_ROOT = %d on minimal, %d on mainnet)\n",
		slots, slots, slots, ssz.MainnetSpec()["SLOTS_PER_HISTORICAL_ROOT"])

	p, err := plan.PlanFor[phase0.HistoricalBatch](plan.WithSpec(minimal))
	if err != nil {
		return err
	}
	root, err := p.Root(&batch)
	if err != nil {
		return err
	}
	want, err := ssz.HashTreeRoot(&batch, ssz.SHA256, ssz.WithSpec(minimal))
	if err != nil {
		return err
	}
	if root != want {
		return fmt.Errorf("minimal root %x differs from the reference %x", root, want)
	}
	fmt.Printf("  minimal root  %x  (matches the reference)\n", root)

	// A mainnet plan (the default) expects 8192 roots per vector and
	// says so, naming the field, rather than hashing the wrong tree.
	mainnet, err := plan.PlanFor[phase0.HistoricalBatch]()
	if err != nil {
		return err
	}
	_, err = mainnet.Root(&batch)
	fmt.Printf("  mainnet plan  %v\n", err)
	if !errors.Is(err, ssz.ErrSize) {
		return fmt.Errorf("mainnet plan on a minimal value: got %v, want an ssz.ErrSize error", err)
	}
	return nil
}
