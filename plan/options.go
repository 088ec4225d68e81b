package plan

import (
	"github.com/lanehash/lanehash/internal/options"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// ErrOption reports options that cannot be honoured or that contradict
// each other: a nil Option, a Hash that is not one of the defined ones, a
// kernel name that names no hash function, names none of its kernels or
// disagrees with WithHash, a negative worker count, WithSpec(nil), one
// option given twice with different values, or an option of cache.New
// given to PlanFor. The error says which option; for an unknown kernel it
// also wraps lanes.ErrUnknownKernel. It is the same value as
// cache.ErrOption: the options are one model (see Option).
var ErrOption = options.ErrOption

// Option configures PlanFor, and cache.New and cache.NewList: the
// options of this package (WithHash, WithKernel, WithWorkers, WithSpec)
// are the one definition both packages take, with the same inference and
// the same errors, so one list of options can configure a plan and a
// cached tree alike. cache adds options of its own (cache.WithMode, ...),
// which PlanFor refuses with an ErrOption. The type is an alias of an
// internal one because dependencies point down (cache uses plan); its
// state is not API: build Options only with the With functions.
type Option = options.Option

// configure applies opts and checks them, so that PlanFor refuses bad
// options before compiling anything.
func configure(opts []Option) (options.Config, error) {
	c, err := options.Apply("plan", opts)
	if err != nil {
		return c, err
	}
	return c, c.Reject("PlanFor")
}

// withKernelImpl hashes with k instead of a lanes kernel.
func withKernelImpl(k sched.Kernel) Option { return options.WithKernelImpl(k) }

// WithHash selects the hash function: lanes.SHA256 (the default) or
// lanes.Keccak256; any other value is an ErrOption.
func WithHash(h lanes.Hash) Option { return options.WithHash(h) }

// WithKernel forces the kernel of that name (see lanes.Kernels), for
// example "sha256/avx512x16"; the default "" picks the fastest kernel
// this CPU runs (or the one LANEHASH_KERNEL names). The name's prefix
// names the hash function, so WithKernel("keccak256/avx2x4") alone
// hashes with Keccak-256; with WithHash, the two must agree (else an
// ErrOption). A name no kernel has is an ErrOption wrapping
// lanes.ErrUnknownKernel; a kernel this CPU cannot run is
// lanes.ErrUnavailable.
func WithKernel(name string) Option { return options.WithKernel(name) }

// WithWorkers sets how many goroutines one call may use; 0 (the
// default) means GOMAXPROCS at the time of the call, and a negative n is
// an ErrOption. A count above the work a call has is harmless: no call
// starts more goroutines than it has work for. (A cached tree hashes on
// the calling goroutine today, which every count allows.)
func WithWorkers(n int) Option { return options.WithWorkers(n) }

// WithSpec sets the spec values that dynssz-size and dynssz-max tags are
// evaluated with, such as ssz.MinimalSpec(); the default is mainnet.
// WithSpec(nil) is an ErrOption (leave the option out for mainnet); a
// spec that lacks a value the type's tags name is ssz.ErrSpec, naming
// the field.
func WithSpec(s ssz.SpecValues) Option { return options.WithSpec(s) }
