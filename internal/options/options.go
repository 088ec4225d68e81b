// Package options is the one option model of plan, cache and diff:
// plan.Option, cache.Option and diff.Option are aliases of Option, so
// that WithHash, WithKernel, WithSpec and WithWorkers are defined once
// (here; plan exports them), infer and check the same way, and fail with the same
// ErrOption wherever they are given. It lives under internal/ because
// Config is the options' state, not an API: callers build options only
// through the exported With functions of plan, cache and diff.
//
// Why here: dependencies point down (cache uses plan, plan uses sched and
// lanes), so the shared type must sit below plan; the hashing options
// are defined on it here, plan exports them, and cache and diff re-use
// them, adding their own (cache's WithMode and WithUpperLevelsOnly,
// diff's WithMax) as extensions that PlanFor and each other refuse.
package options

import (
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// ErrOption is plan.ErrOption and cache.ErrOption: one sentinel, so that
// errors.Is classifies an option error alike from either package.
var ErrOption = errors.New("bad option")

// Option configures a plan or a cached tree.
type Option func(*Config)

// Ext is an option of a package above plan (cache's WithMode, diff's
// WithMax): Name for errors, Value to find it given twice with another
// value, Apply for that package to type-assert (Exts) and run.
type Ext struct {
	Name  string
	Value any
	Apply any
}

// Extension returns the Option that adds extension name (qualified,
// "cache.WithMode") with value and apply, a function of the package's own
// type that sets its state.
func Extension(name string, value, apply any) Option {
	return func(c *Config) { c.Ext = append(c.Ext, Ext{Name: name, Value: value, Apply: apply}) }
}

// Exts returns the Apply functions of the extensions in c, in the order
// given, each checked to be one of the caller's (an A): an extension of
// another package (cache.WithMode given to diff) or one given twice with
// different values is an ErrOption, prefixed with pkg and naming fn, the
// function it was given to.
func Exts[A any](c Config, pkg, fn string) ([]A, error) {
	var out []A
	seen := map[string]any{}
	for _, e := range c.Ext {
		a, ok := e.Apply.(A)
		if !ok {
			return nil, fmt.Errorf("%s: %w: %s is not an option of %s", pkg, ErrOption, e.Name, fn)
		}
		if v, ok := seen[e.Name]; ok && v != e.Value {
			return nil, fmt.Errorf("%s: %w: %s given twice with different values", pkg, ErrOption, e.Name)
		}
		seen[e.Name] = e.Value
		out = append(out, a)
	}
	return out, nil
}

// Config is the state the options build.
type Config struct {
	Hash    lanes.Hash
	HashSet bool // WithHash was given
	Kernel  string
	Workers int
	Spec    ssz.SpecValues
	Impl    sched.Kernel // a kernel given directly (plan's tests use reference kernels of any width)
	Ext     []Ext        // other packages' options, in the order given

	given map[string]bool // options seen, to find one given twice
	err   error           // the first bad option, reported by Apply
}

// Apply applies opts and checks them: a nil option, an option given twice
// with different values, or options that contradict each other are an
// ErrOption, before anything is compiled or built. pkg ("plan", "cache")
// prefixes the error.
func Apply(pkg string, opts []Option) (Config, error) {
	var c Config
	for i, o := range opts {
		if o == nil {
			return c, fmt.Errorf("%s: %w: option %d is nil", pkg, ErrOption, i)
		}
		o(&c)
	}
	err := c.err
	if err == nil {
		err = c.check()
	}
	if err != nil {
		return c, fmt.Errorf("%s: %w", pkg, err)
	}
	return c, nil
}

// Set records that option name was given; same says whether its value
// equals the one it already had, if it was given before. A different
// value is an error: which of the two the caller meant is unknowable.
func (c *Config) Set(name string, same bool) {
	if c.given[name] && !same && c.err == nil {
		c.err = fmt.Errorf("%w: %s given twice with different values", ErrOption, name)
	}
	if c.given == nil {
		c.given = map[string]bool{}
	}
	c.given[name] = true
}

// The hashing options, defined once (plan re-exports them; cache takes
// plan's).

// WithHash selects the hash function.
func WithHash(h lanes.Hash) Option {
	return func(c *Config) { c.Set("WithHash", c.Hash == h); c.Hash, c.HashSet = h, true }
}

// WithKernel forces the kernel of that name.
func WithKernel(name string) Option {
	return func(c *Config) { c.Set("WithKernel", c.Kernel == name); c.Kernel = name }
}

// WithWorkers sets how many goroutines one call may use.
func WithWorkers(n int) Option {
	return func(c *Config) { c.Set("WithWorkers", c.Workers == n); c.Workers = n }
}

// WithSpec sets the spec values dynssz tags are evaluated with.
func WithSpec(s ssz.SpecValues) Option {
	return func(c *Config) { c.Set("WithSpec", maps.Equal(c.Spec, s)); c.Spec = s }
}

// WithKernelImpl hashes with k instead of a lanes kernel.
func WithKernelImpl(k sched.Kernel) Option {
	// Kernels need not be comparable, so any second one conflicts.
	return func(c *Config) { c.Set("withKernelImpl", false); c.Impl = k }
}

// check validates the options against each other and sets c.Hash from
// the kernel name, when one is given.
func (c *Config) check() error {
	switch {
	case c.Hash != lanes.SHA256 && c.Hash != lanes.Keccak256:
		return fmt.Errorf("%w: WithHash(%s): the hash is lanes.SHA256 or lanes.Keccak256", ErrOption, c.Hash)
	case c.Workers < 0:
		return fmt.Errorf("%w: WithWorkers(%d): a worker count is 0 (GOMAXPROCS) or more", ErrOption, c.Workers)
	case c.given["WithSpec"] && c.Spec == nil:
		return fmt.Errorf("%w: WithSpec(nil): leave the option out for the mainnet values", ErrOption)
	case c.Impl != nil && c.Kernel != "":
		return fmt.Errorf("%w: a kernel given twice (by name %q and directly)", ErrOption, c.Kernel)
	case c.Impl != nil && c.HashSet && c.Impl.Hash() != c.Hash:
		return fmt.Errorf("%w: the kernel given computes %s, but WithHash asks for %s", ErrOption, c.Impl.Hash(), c.Hash)
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

// resolveHash sets c.Hash from the kernel name, when one is given, and
// reports a name that names no hash or disagrees with WithHash.
func (c *Config) resolveHash() error {
	if c.Kernel == "" {
		return nil
	}
	h, ok := hashOf(c.Kernel)
	switch {
	case !ok:
		return fmt.Errorf("%w: kernel %q: WithKernel infers the hash function from the name's prefix, which must be \"sha256/\" or \"keccak256/\"", ErrOption, c.Kernel)
	case c.HashSet && h != c.Hash:
		return fmt.Errorf("%w: kernel %q computes %s, but WithHash asks for %s (WithKernel infers the hash from the kernel's name)", ErrOption, c.Kernel, h, c.Hash)
	}
	c.Hash = h
	return nil
}

// KernelError classifies an error of lanes.Select for the options that
// led to it: an unknown name is an ErrOption as well as
// lanes.ErrUnknownKernel; any other (lanes.ErrUnavailable: a kernel this
// CPU cannot run) is prefixed with the package's name only.
func KernelError(pkg string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, lanes.ErrUnknownKernel):
		return fmt.Errorf("%s: %w: WithKernel: %w", pkg, ErrOption, err)
	}
	return fmt.Errorf("%s: %w", pkg, err)
}

// SelectKernel returns the lanes kernel c asks for, with KernelError's
// classification.
func (c *Config) SelectKernel(pkg string) (*lanes.Kernel, error) {
	k, err := lanes.Select(c.Hash, c.Kernel)
	if err != nil {
		return nil, KernelError(pkg, err)
	}
	return k, nil
}

// Reject returns the ErrOption of the first extension given to a package
// that takes none (PlanFor given cache.WithMode).
func (c *Config) Reject(pkg string) error {
	if len(c.Ext) == 0 {
		return nil
	}
	return fmt.Errorf("%s: %w: %s is not an option of %s", pkg, ErrOption, c.Ext[0].Name, pkg)
}
