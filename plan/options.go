package plan

import (
	"fmt"
	"strings"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// Option configures PlanFor.
type Option func(*config)

type config struct {
	hash    lanes.Hash
	hashSet bool // WithHash was given
	kernel  string
	workers int
	spec    ssz.SpecValues
	impl    sched.Kernel // a kernel given directly (tests use reference kernels of any width)
}

// withKernelImpl hashes with k instead of a lanes kernel.
func withKernelImpl(k sched.Kernel) Option { return func(c *config) { c.impl = k } }

// WithHash selects the hash function: lanes.SHA256 (the default) or
// lanes.Keccak256.
func WithHash(h lanes.Hash) Option { return func(c *config) { c.hash, c.hashSet = h, true } }

// WithKernel forces the kernel of that name (see lanes.Kernels), for
// example "sha256/avx512x16"; the default "" picks the fastest kernel
// this CPU runs (or the one LANEHASH_KERNEL names). The name's prefix
// names the hash function, so WithKernel("keccak256/avx2x4") alone
// hashes with Keccak-256; with WithHash, the two must agree.
func WithKernel(name string) Option { return func(c *config) { c.kernel = name } }

// WithWorkers sets how many goroutines one call may use; n ≤ 0 (the
// default) means GOMAXPROCS at the time of the call.
func WithWorkers(n int) Option { return func(c *config) { c.workers = n } }

// WithSpec sets the spec values that dynssz-size and dynssz-max tags are
// evaluated with, such as ssz.MinimalSpec(); the default is mainnet.
func WithSpec(s ssz.SpecValues) Option { return func(c *config) { c.spec = s } }

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
		return fmt.Errorf("plan: kernel %q: WithKernel infers the hash function from the name's prefix, which must be \"sha256/\" or \"keccak256/\"", c.kernel)
	case c.hashSet && h != c.hash:
		return fmt.Errorf("plan: kernel %q computes %s, but WithHash asks for %s (WithKernel infers the hash from the kernel's name)", c.kernel, h, c.hash)
	}
	c.hash = h
	return nil
}
