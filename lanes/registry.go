package lanes

import (
	"fmt"
	"os"
	"strings"
)

// EnvKernel is the environment variable that forces the automatic
// choice: a kernel name such as "sha256/avx2x8", or a comma-separated
// list with at most one name per hash function. Names of other hash
// functions are ignored by Select for a given hash function.
const EnvKernel = "LANEHASH_KERNEL"

// KernelInfo describes one kernel known on this GOARCH.
type KernelInfo struct {
	// Name is the kernel's name, as accepted by Select.
	Name string
	// Hash is the hash function the kernel computes.
	Hash Hash
	// Width is the kernel's lane width W.
	Width int
	// Available reports whether this CPU and OS can run the kernel.
	Available bool
	// Missing lists the CPU features the kernel lacks, comma-separated;
	// empty when Available.
	Missing string
	// MeasuredOnly reports a kernel the static table never chooses: the
	// automatic kernel uses it only where calibration measures it
	// clearly faster (Arm's SHA3 Keccak outside darwin).
	MeasuredOnly bool
}

// entry is one registered kernel.
type entry struct {
	kernel  *Kernel
	missing string // "" when this CPU can run the kernel

	// narrow marks a kernel that is fast at one or two pairs (SHA-NI):
	// the static table sends short Pairs remainders, and batches filling
	// less than half of the lanes, to the first available one, and only
	// narrow kernels are calibration's candidates for those two uses.
	narrow bool
	// narrowBelow is, for a wide kernel, the measured pair count below
	// which a remainder after its full batches is faster on the narrow
	// kernel than masked on this one (see docs/kernels.md).
	narrowBelow int
	// narrowFaster marks a wide kernel whose Pairs is slower than the
	// narrow kernel's even on full batches (AVX2 against SHA-NI): the
	// static table then runs all of Pairs on the narrow kernel and keeps
	// this one for Lockstep only.
	narrowFaster bool
	// measuredOnly keeps a kernel out of the static table: the automatic
	// kernel uses it only when calibration measures it clearly faster.
	// It marks kernels whose speed differs by core more than by feature
	// (Arm's SHA3 instructions lose to scalar Keccak on Neoverse-V2 and
	// win on Apple cores), where a guess from the feature bits alone
	// would be wrong on some CPUs.
	measuredOnly bool
	// ownTails marks a kernel whose Pairs already runs a remainder below
	// its width on a narrow kernel (shanix4 hashes n mod 4 pairs on two
	// SHA-NI streams): splitting remainders off would gain nothing.
	ownTails bool
	// portable marks a pure-Go kernel: its calibration timings spread
	// more between processes than an assembly kernel's, so calibration
	// needs a wider margin before it prefers or leaves it.
	portable bool
}

// registry lists every kernel of this GOARCH in order of preference
// among kernels of equal width: assembly before pure Go.
var registry = append(asmEntries(), genericEntries()...)

// Kernels returns every kernel known on this GOARCH with its
// availability on this CPU, in registry order.
func Kernels() []KernelInfo {
	infos := make([]KernelInfo, 0, len(registry))
	for _, e := range registry {
		infos = append(infos, KernelInfo{
			Name:      e.kernel.name,
			Hash:      e.kernel.hash,
			Width:     e.kernel.width,
			Available: e.missing == "",
			Missing:   e.missing,

			MeasuredOnly: e.measuredOnly,
		})
	}
	return infos
}

// Select returns the kernel for hash function h. An empty name returns
// the automatic kernel, unless LANEHASH_KERNEL names a kernel of h, which
// is then forced; "<hash>/auto" always returns the automatic kernel.
// Otherwise name forces the kernel of that name. The error wraps
// ErrUnknownKernel for a name that is not a kernel of h on this GOARCH,
// and ErrUnavailable, with the missing CPU features, for one this CPU
// cannot run.
func Select(h Hash, name string) (*Kernel, error) {
	if h != SHA256 && h != Keccak256 {
		return nil, fmt.Errorf("lanes: select %s: %w: no such hash function", h, ErrUnknownKernel)
	}
	if name != "" {
		return byName(h, name)
	}
	if forced := envKernelFor(h, os.Getenv(EnvKernel)); forced != "" {
		k, err := byName(h, forced)
		if err != nil {
			return nil, fmt.Errorf("%s=%q: %w", EnvKernel, os.Getenv(EnvKernel), err)
		}
		return k, nil
	}
	return automatic(h), nil
}

// envKernelFor picks the entry of a LANEHASH_KERNEL value that belongs
// to h, "" if none does.
func envKernelFor(h Hash, value string) string {
	prefix := h.String() + "/"
	for _, name := range strings.Split(value, ",") {
		name = strings.TrimSpace(name)
		if strings.HasPrefix(name, prefix) {
			return name
		}
	}
	return ""
}

func byName(h Hash, name string) (*Kernel, error) {
	if name == h.String()+"/auto" {
		return automatic(h), nil
	}
	var known []string
	for _, e := range registry {
		if e.kernel.hash != h {
			continue
		}
		known = append(known, e.kernel.name)
		if e.kernel.name != name {
			continue
		}
		if e.missing != "" {
			return nil, fmt.Errorf("lanes: kernel %q: %w: missing %s", name, ErrUnavailable, e.missing)
		}
		return e.kernel, nil
	}
	return nil, fmt.Errorf("lanes: kernel %q: %w (%s kernels here: %s)", name, ErrUnknownKernel, h, strings.Join(known, ", "))
}
