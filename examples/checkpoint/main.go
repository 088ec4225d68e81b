// Command checkpoint verifies a checkpoint-sync state before trusting
// it: it roots the serialized fulu BeaconState straight from its bytes
// (Plan.RootBytes, no decoding), compares the root with the state_root
// of the block header it was downloaded for, and decodes the state only
// when they match.
//
//	go run ./examples/checkpoint                      # a synthetic state and header
//	go run ./examples/checkpoint state.ssz header.ssz # your own (mainnet presets)
//
// header.ssz is a serialized BeaconBlockHeader (112 bytes). It exits 1
// when the root does not match, or when the bytes are not a valid state.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "checkpoint:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	p, err := plan.PlanFor[fulu.BeaconState]()
	if err != nil {
		return err
	}
	var stateBytes, headerBytes []byte
	switch len(args) {
	case 0:
		if stateBytes, headerBytes, err = synthesize(20_000); err != nil {
			return err
		}
	case 2:
		if stateBytes, err = os.ReadFile(args[0]); err != nil {
			return err
		}
		if headerBytes, err = os.ReadFile(args[1]); err != nil {
			return err
		}
	default:
		return errors.New("usage: checkpoint [state.ssz header.ssz]")
	}
	var header phase0.BeaconBlockHeader
	if err := ssz.Unmarshal(headerBytes, &header); err != nil {
		return fmt.Errorf("header: %w", err)
	}
	state, err := verify(p, stateBytes, header.StateRoot)
	if err != nil {
		return err
	}
	fmt.Printf("state of slot %d with %d validators verified against the header of slot %d and decoded\n",
		state.Slot, len(state.Validators), header.Slot)

	if len(args) == 0 {
		// A copy with one bit flipped must be refused before
		// anything is decoded.
		tampered := append([]byte(nil), stateBytes...)
		tampered[len(tampered)/2] ^= 1
		if _, err := verify(p, tampered, header.StateRoot); !errors.Is(err, errMismatch) {
			return fmt.Errorf("a tampered state was not refused as a mismatch: %v", err)
		}
		fmt.Println("a copy with one bit flipped is refused before decoding")
	}
	return nil
}

// errMismatch is the error of a state whose root is not the header's.
var errMismatch = errors.New("state root does not match the header")

// verify roots the serialized state from its bytes and decodes it only
// if the root is want. Bytes that are not a valid state are an error
// naming the field (the same checks the decoder makes), before any
// allocation in proportion to the state.
func verify(p *plan.Plan[fulu.BeaconState], b []byte, want phase0.Root) (*fulu.BeaconState, error) {
	root, err := p.RootBytes(b)
	if err != nil {
		return nil, fmt.Errorf("not a valid state: %w", err)
	}
	fmt.Printf("root from %d bytes: %x\n", len(b), root)
	if root != want {
		return nil, fmt.Errorf("%w: %x, header says %x", errMismatch, root, want)
	}
	s := new(fulu.BeaconState)
	if err := ssz.Unmarshal(b, s); err != nil {
		return nil, err
	}
	return s, nil
}

// synthesize returns a serialized synthetic state of n validators and a
// header whose state_root is the state's root by the reference
// implementation (ssz.HashTreeRoot of the value), an independent path
// from the one verify takes.
func synthesize(n int) (state, header []byte, err error) {
	s := fulu.SyntheticBeaconState(n, 1)
	if state, err = ssz.Marshal(s); err != nil {
		return nil, nil, err
	}
	root, err := ssz.HashTreeRoot(s, ssz.SHA256)
	if err != nil {
		return nil, nil, err
	}
	h := phase0.BeaconBlockHeader{Slot: s.Slot + 1, StateRoot: root}
	if header, err = ssz.Marshal(&h); err != nil {
		return nil, nil, err
	}
	return state, header, nil
}
