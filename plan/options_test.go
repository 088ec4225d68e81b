package plan

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched/schedtest"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestWithKernelInfersTheHash checks that a kernel name alone selects
// its hash function (every available kernel, roots against the
// reference of that hash), that WithHash must agree with it, and that a
// name without a hash prefix is refused with an error saying why.
func TestWithKernelInfersTheHash(t *testing.T) {
	v := phase0.RandomValidators(1, 4)[0]
	for _, info := range lanes.Kernels() {
		if !info.Available {
			continue
		}
		p, err := PlanFor[phase0.Validator](WithKernel(info.Name))
		if err != nil {
			t.Fatalf("%s: %v", info.Name, err)
		}
		if r, err := p.Root(&v); err != nil || r != reference(t, &v, info.Hash) {
			t.Fatalf("%s alone: root %x, %v; want the %s reference", info.Name, r, err, info.Hash)
		}
		other := lanes.SHA256
		if info.Hash == lanes.SHA256 {
			other = lanes.Keccak256
		}
		_, err = PlanFor[phase0.Validator](WithKernel(info.Name), WithHash(other))
		if !errors.Is(err, ErrOption) {
			t.Fatalf("%s with WithHash(%s): err = %v, want ErrOption", info.Name, other, err)
		}
	}
	if _, err := PlanFor[phase0.Validator](WithKernel("avx2x8")); !errors.Is(err, ErrOption) {
		t.Fatalf("a name without a hash prefix: err = %v, want ErrOption", err)
	}
}

// TestOptionsValidated checks that every option PlanFor cannot honour,
// alone or with another, is an ErrOption at PlanFor (an unknown kernel
// also lanes.ErrUnknownKernel), and that the combinations that make
// sense still plan and hash to the reference. Before, a nil option
// panicked, and WithWorkers(-1), WithSpec(nil) and two different
// WithHash were taken (the last one winning).
func TestOptionsValidated(t *testing.T) {
	minimal := ssz.MinimalSpec()
	impl := schedtest.New(lanes.SHA256, 4)
	for _, c := range []struct {
		name string
		opts []Option
		also error
	}{
		{"nil option", []Option{WithWorkers(1), nil}, nil},
		{"undefined hash", []Option{WithHash(lanes.Hash(7))}, nil},
		{"undefined hash with a kernel", []Option{WithHash(lanes.Hash(7)), WithKernel("sha256/genericx1")}, nil},
		{"kernel naming no hash", []Option{WithKernel("genericx1")}, nil},
		{"kernel of the other hash", []Option{WithHash(lanes.Keccak256), WithKernel("sha256/genericx1")}, nil},
		{"unknown kernel", []Option{WithKernel("sha256/nosuchx9")}, lanes.ErrUnknownKernel},
		{"negative workers", []Option{WithWorkers(-1)}, nil},
		{"nil spec", []Option{WithSpec(nil)}, nil},
		{"two hashes", []Option{WithHash(lanes.SHA256), WithHash(lanes.Keccak256)}, nil},
		{"two kernels", []Option{WithKernel("sha256/genericx1"), WithKernel("sha256/auto")}, nil},
		{"two worker counts", []Option{WithWorkers(1), WithWorkers(2)}, nil},
		{"two specs", []Option{WithSpec(minimal), WithSpec(ssz.MainnetSpec())}, nil},
		{"a kernel by name and directly", []Option{WithKernel("sha256/genericx1"), withKernelImpl(impl)}, nil},
		{"a direct kernel of the other hash", []Option{WithHash(lanes.Keccak256), withKernelImpl(impl)}, nil},
	} {
		_, err := runPlanFor(c.opts)
		if !errors.Is(err, ErrOption) || c.also != nil && !errors.Is(err, c.also) {
			t.Errorf("%s: %v, want ErrOption (and %v)", c.name, err, c.also)
		}
	}
	v := phase0.RandomValidators(1, 5)[0]
	for _, c := range []struct {
		name string
		opts []Option
		hash lanes.Hash
	}{
		{"no options", nil, lanes.SHA256},
		{"the same option twice", []Option{WithHash(lanes.Keccak256), WithHash(lanes.Keccak256), WithWorkers(2), WithWorkers(2), WithSpec(minimal), WithSpec(ssz.MinimalSpec())}, lanes.Keccak256},
		{"default workers", []Option{WithWorkers(0)}, lanes.SHA256},
		{"more workers than work", []Option{WithWorkers(math.MaxInt)}, lanes.SHA256},
		{"a kernel and its hash", []Option{WithKernel("keccak256/genericx1"), WithHash(lanes.Keccak256)}, lanes.Keccak256},
		{"a direct kernel and its hash", []Option{WithHash(lanes.SHA256), withKernelImpl(impl)}, lanes.SHA256},
	} {
		p, err := runPlanFor(c.opts)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if r, err := p.Root(&v); err != nil || r != reference(t, &v, c.hash) {
			t.Errorf("%s: root %x, %v; want the %s reference", c.name, r, err, c.hash)
		}
	}
}

// runPlanFor plans a Validator with opts, turning a panic into an error
// (a nil option panicked before it was checked).
func runPlanFor(opts []Option) (p *Plan[phase0.Validator], err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return PlanFor[phase0.Validator](opts...)
}
