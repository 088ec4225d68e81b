package plan

import (
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// Option configures PlanFor.
type Option func(*config)

type config struct {
	hash    lanes.Hash
	kernel  string
	workers int
	spec    ssz.SpecValues
	impl    sched.Kernel // a kernel given directly (tests use reference kernels of any width)
}

// withKernelImpl hashes with k instead of a lanes kernel.
func withKernelImpl(k sched.Kernel) Option { return func(c *config) { c.impl = k } }

// WithHash selects the hash function: lanes.SHA256 (the default) or
// lanes.Keccak256.
func WithHash(h lanes.Hash) Option { return func(c *config) { c.hash = h } }

// WithKernel forces the kernel of that name (see lanes.Kernels), for
// example "sha256/avx512x16"; the default "" picks the fastest kernel
// this CPU runs (or the one LANEHASH_KERNEL names).
func WithKernel(name string) Option { return func(c *config) { c.kernel = name } }

// WithWorkers sets how many goroutines one call may use; n ≤ 0 (the
// default) means GOMAXPROCS at the time of the call.
func WithWorkers(n int) Option { return func(c *config) { c.workers = n } }

// WithSpec sets the spec values that dynssz-size and dynssz-max tags are
// evaluated with, such as ssz.MinimalSpec(); the default is mainnet.
func WithSpec(s ssz.SpecValues) Option { return func(c *config) { c.spec = s } }
