package lanes

import (
	"fmt"
	"os"
	"strings"
)

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

	// narrow marks a kernel that is fast at one or two pairs (SHA-NI,
	// and one stream of crypto/sha256): the static table sends short
	// Pairs remainders, and batches filling less than half of the lanes,
	// to the first available one, and only narrow kernels are
	// calibration's candidates for those two uses (the one-stream kernel
	// for remainders only: oneStream).
	narrow bool
	// narrowBelow is, for a wide kernel, the measured pair count below
	// which a remainder after its full batches is faster on the narrow
	// kernel than masked on this one (see docs/kernels.md).
	narrowBelow int
	// joinNarrowBelow, when not nil, replaces narrowBelow after full
	// batches, for a kernel whose Pairs runs a remainder as a partial
	// batch beside the full ones rather than alone (avx512x16's
	// pipeline): entry g-1 after g full batches, the last entry for any
	// more, measured beside narrowBelow and scaled with it where
	// calibration moves the tail threshold (docs/kernels.md, "The
	// automatic kernel's split").
	joinNarrowBelow []int
	// oneStreamBelow is, for a wide kernel, the static tail threshold
	// where the narrow kernel is the one-stream kernel (no SHA-NI
	// kernel available): a remainder of fewer pairs runs one pair at a
	// time (docs/kernels.md, "The one-stream kernel"); 0: never. narrowBelow and narrowFaster are measured
	// against SHA-NI and do not apply then.
	oneStreamBelow int
	// oneStream marks the one-stream narrow kernel (sha256/stdlibx1): it
	// wins only a few pairs against a masked vector call, not full
	// batches, so the static table uses the wide kernel's oneStreamBelow
	// for it, and it runs no small batches of instances (smallCandidate).
	oneStream bool
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
	// streams marks the multi-stream SHA-NI kernel (shanix4): the static
	// table runs Lockstep and Pairs on it rather than on a wider vector
	// kernel, unless a vector512 kernel is available on a core that runs
	// 512-bit vectors at full width (docs/kernels.md, "The static
	// table").
	streams bool
	// vector512 marks a kernel on 512-bit vectors (avx512x16), which
	// only a full-width core runs faster than the streams kernel.
	vector512 bool
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
// Otherwise name forces the kernel of that name (an explicit name takes
// precedence over LANEHASH_KERNEL, which is still checked). The error
// wraps ErrUnknownKernel for a name that is not a kernel of h on this
// GOARCH (and ErrConflict too when it names another hash function's
// kernel), ErrUnavailable, with the missing CPU features, for one this
// CPU cannot run, and is an *EnvError (errors.Is ErrEnv) when
// LANEHASH_KERNEL, LANEHASH_HIDE or, for the automatic kernel,
// LANEHASH_CALIBRATE holds a value that cannot be honoured.
func Select(h Hash, name string) (*Kernel, error) {
	if h != SHA256 && h != Keccak256 {
		return nil, fmt.Errorf("lanes: select %s: %w: no such hash function", h, ErrUnknownKernel)
	}
	if hideErr != nil {
		return nil, hideErr
	}
	value := os.Getenv(EnvKernel)
	forced, err := parseKernelEnv(value)
	if err != nil {
		return nil, err
	}
	if name != "" {
		return byName(h, name)
	}
	if f := forced[h]; f != "" {
		k, err := byName(h, f)
		if err != nil {
			if _, isEnv := err.(*EnvError); !isEnv {
				err = &EnvError{Var: EnvKernel, Value: value, Err: err}
			}
			return nil, err
		}
		return k, nil
	}
	return automaticChecked(h)
}

// kernelEntry returns the registry entry of h named name, nil if none.
func kernelEntry(h Hash, name string) *entry {
	for i := range registry {
		if e := &registry[i]; e.kernel.hash == h && e.kernel.name == name {
			return e
		}
	}
	return nil
}

// kernelNames lists the registered kernels of h, in registry order.
func kernelNames(h Hash) []string {
	var names []string
	for _, e := range registry {
		if e.kernel.hash == h {
			names = append(names, e.kernel.name)
		}
	}
	return names
}

func byName(h Hash, name string) (*Kernel, error) {
	if name == h.String()+"/auto" {
		return automaticChecked(h)
	}
	e := kernelEntry(h, name)
	switch {
	case e == nil:
		if other, ok := hashOfName(name); ok && other != h {
			return nil, fmt.Errorf("lanes: kernel %q: %w: %w: a %s kernel, asked for %s", name, ErrUnknownKernel, ErrConflict, other, h)
		}
		return nil, fmt.Errorf("lanes: kernel %q: %w (%s kernels here: %s)", name, ErrUnknownKernel, h, strings.Join(kernelNames(h), ", "))
	case e.missing != "":
		return nil, fmt.Errorf("lanes: kernel %q: %w: missing %s", name, ErrUnavailable, e.missing)
	}
	return e.kernel, nil
}
