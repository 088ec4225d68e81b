// Command errors shows how lanehash reports values it cannot hash and
// types it cannot describe: errors are values with the element index and
// the field path, classified with errors.As (their type) and errors.Is
// (a sentinel), never by their text.
//
//	go run ./examples/errors
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Votes has a list limit small enough to exceed.
type Votes struct {
	Votes []phase0.Checkpoint `ssz-max:"2"`
}

// Unhashable has a field SSZ has no type for.
type Unhashable struct {
	Name string
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "errors:", err)
		os.Exit(1)
	}
}

func run() error {
	// A value that cannot be hashed: a *plan.Error names the element and
	// the field, and wraps an ssz sentinel.
	vals := phase0.RandomValidators(4, 1)
	vals[2].WithdrawalCredentials = vals[2].WithdrawalCredentials[:20] // must be 32 bytes
	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		return err
	}
	_, err = p.Roots(vals)
	var pe *plan.Error
	if !errors.As(err, &pe) || pe.Index != 2 || !errors.Is(err, ssz.ErrSize) {
		return fmt.Errorf("short credentials: got %v, want a *plan.Error at element 2 wrapping ssz.ErrSize", err)
	}
	fmt.Printf("bad value     %v\n", err)
	fmt.Printf("              *plan.Error: element %d, field %q; errors.Is(err, ssz.ErrSize) = true\n", pe.Index, pe.Path)

	p2, err := plan.PlanFor[Votes]()
	if err != nil {
		return err
	}
	_, err = p2.Root(&Votes{Votes: make([]phase0.Checkpoint, 3)})
	if !errors.As(err, &pe) || !errors.Is(err, ssz.ErrListTooLong) {
		return fmt.Errorf("long list: got %v, want a *plan.Error wrapping ssz.ErrListTooLong", err)
	}
	fmt.Printf("list too long %v\n", err)

	// A type SSZ cannot describe fails when the plan is compiled, with
	// an *ssz.Error naming the field.
	_, err = plan.PlanFor[Unhashable]()
	var se *ssz.Error
	if !errors.As(err, &se) || !errors.Is(err, ssz.ErrUnsupported) {
		return fmt.Errorf("string field: got %v, want an *ssz.Error wrapping ssz.ErrUnsupported", err)
	}
	fmt.Printf("bad type      %v\n", err)
	fmt.Printf("              *ssz.Error: path %q\n", se.Path)

	// The reference decoder reports the same way.
	err = ssz.Unmarshal(make([]byte, 5), &phase0.Checkpoint{})
	if !errors.As(err, &se) || !errors.Is(err, ssz.ErrSize) {
		return fmt.Errorf("short bytes: got %v, want an *ssz.Error wrapping ssz.ErrSize", err)
	}
	fmt.Printf("bad bytes     %v\n", err)

	// Asking for a kernel this build does not have.
	_, err = plan.PlanFor[phase0.Validator](plan.WithKernel("sha256/nosuchx64"))
	if !errors.Is(err, lanes.ErrUnknownKernel) {
		return fmt.Errorf("unknown kernel: got %v, want lanes.ErrUnknownKernel", err)
	}
	fmt.Printf("bad kernel    %v\n", err)
	fmt.Println("every error carried its type and sentinel")
	return nil
}
