package plan

import (
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// ErrOption reports options of PlanFor that cannot be honoured or that
// contradict each other: a nil Option, a Hash that is not one of the
// defined ones, a kernel name that names no hash function, names none
// of its kernels or disagrees with WithHash, a negative worker count,
// WithSpec(nil), or one option given twice with different values. The
// error says which option; for an unknown kernel it also wraps
// lanes.ErrUnknownKernel.
var ErrOption = errors.New("plan: bad option")

// Option configures PlanFor.
type Option func(*config)

type config struct {
	hash    lanes.Hash
	hashSet bool // WithHash was given
	kernel  string
	workers int
	spec    ssz.SpecValues
	impl    sched.Kernel // a kernel given directly (tests use reference kernels of any width)

	given map[string]bool // options seen, to find one given twice
	err   error           // the first bad option, reported by configure
}

// configure applies opts and checks them, so that PlanFor refuses bad
// options before compiling anything.
func configure(opts []Option) (config, error) {
	var c config
	for i, o := range opts {
		if o == nil {
			return c, fmt.Errorf("%w: option %d is nil", ErrOption, i)
		}
		o(&c)
	}
	if c.err != nil {
		return c, c.err
	}
	return c, c.check()
}

// set records that option name was given; same says whether its value
// equals the one it already had, if it was given before. A different
// value is an error: which of the two the caller meant is unknowable.
func (c *config) set(name string, same bool) {
	if c.given[name] && !same && c.err == nil {
		c.err = fmt.Errorf("%w: %s given twice with different values", ErrOption, name)
	}
	if c.given == nil {
		c.given = map[string]bool{}
	}
	c.given[name] = true
}

// withKernelImpl hashes with k instead of a lanes kernel.
func withKernelImpl(k sched.Kernel) Option {
	// Kernels need not be comparable, so any second one conflicts.
	return func(c *config) { c.set("withKernelImpl", false); c.impl = k }
}

// WithHash selects the hash function: lanes.SHA256 (the default) or
// lanes.Keccak256; any other value is an ErrOption.
func WithHash(h lanes.Hash) Option {
	return func(c *config) { c.set("WithHash", c.hash == h); c.hash, c.hashSet = h, true }
}

// WithKernel forces the kernel of that name (see lanes.Kernels), for
// example "sha256/avx512x16"; the default "" picks the fastest kernel
// this CPU runs (or the one LANEHASH_KERNEL names). The name's prefix
// names the hash function, so WithKernel("keccak256/avx2x4") alone
// hashes with Keccak-256; with WithHash, the two must agree (else an
// ErrOption). A name no kernel has is an ErrOption wrapping
// lanes.ErrUnknownKernel; a kernel this CPU cannot run is
// lanes.ErrUnavailable.
func WithKernel(name string) Option {
	return func(c *config) { c.set("WithKernel", c.kernel == name); c.kernel = name }
}

// WithWorkers sets how many goroutines one call may use; 0 (the
// default) means GOMAXPROCS at the time of the call, and a negative n is
// an ErrOption. A count above the work a call has is harmless: no call
// starts more goroutines than it has work for.
func WithWorkers(n int) Option {
	return func(c *config) { c.set("WithWorkers", c.workers == n); c.workers = n }
}

// WithSpec sets the spec values that dynssz-size and dynssz-max tags are
// evaluated with, such as ssz.MinimalSpec(); the default is mainnet.
// WithSpec(nil) is an ErrOption (leave the option out for mainnet); a
// spec that lacks a value the type's tags name is ssz.ErrSpec, naming
// the field.
func WithSpec(s ssz.SpecValues) Option {
	return func(c *config) { c.set("WithSpec", maps.Equal(c.spec, s)); c.spec = s }
}

// check validates the options against each other and sets c.hash from
// the kernel name, when one is given.
func (c *config) check() error {
	switch {
	case c.hash != lanes.SHA256 && c.hash != lanes.Keccak256:
		return fmt.Errorf("%w: WithHash(%s): the hash is lanes.SHA256 or lanes.Keccak256", ErrOption, c.hash)
	case c.workers < 0:
		return fmt.Errorf("%w: WithWorkers(%d): a worker count is 0 (GOMAXPROCS) or more", ErrOption, c.workers)
	case c.given["WithSpec"] && c.spec == nil:
		return fmt.Errorf("%w: WithSpec(nil): leave the option out for the mainnet values", ErrOption)
	case c.impl != nil && c.kernel != "":
		return fmt.Errorf("%w: a kernel given twice (by name %q and directly)", ErrOption, c.kernel)
	case c.impl != nil && c.hashSet && c.impl.Hash() != c.hash:
		return fmt.Errorf("%w: the kernel given computes %s, but WithHash asks for %s", ErrOption, c.impl.Hash(), c.hash)
	}
	return c.resolveHash()
}

// hashOf returns the hash function a kernel name starts with
// ("sha256/...", "keccak256/...").
func hashOf(kernel string) (lanes.Hash, bool) {
	prefix, _, _ := strings.Cut(kernel, "/")
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		if prefix == h.String() {
			return h, true
		}
	}
	return 0, false
}

// resolveHash sets c.hash from the kernel name, when one is given, and
// reports a name that names no hash or disagrees with WithHash.
func (c *config) resolveHash() error {
	if c.kernel == "" {
		return nil
	}
	h, ok := hashOf(c.kernel)
	switch {
	case !ok:
		return fmt.Errorf("%w: kernel %q: WithKernel infers the hash function from the name's prefix, which must be \"sha256/\" or \"keccak256/\"", ErrOption, c.kernel)
	case c.hashSet && h != c.hash:
		return fmt.Errorf("%w: kernel %q computes %s, but WithHash asks for %s (WithKernel infers the hash from the kernel's name)", ErrOption, c.kernel, h, c.hash)
	}
	c.hash = h
	return nil
}

// selectKernel returns the lanes kernel the options ask for. An unknown
// name is an option error as well as lanes.ErrUnknownKernel.
func (c *config) selectKernel() (*lanes.Kernel, error) {
	k, err := lanes.Select(c.hash, c.kernel)
	switch {
	case errors.Is(err, lanes.ErrUnknownKernel):
		return nil, fmt.Errorf("%w: WithKernel: %w", ErrOption, err)
	case err != nil:
		return nil, fmt.Errorf("plan: %w", err)
	}
	return k, nil
}
