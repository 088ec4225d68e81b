//go:build !purego

package lanes

import (
	"runtime"

	"github.com/lanehash/lanehash/lanes/internal/cpufeat"
	"github.com/lanehash/lanehash/lanes/neon"
)

// asmEntries lists the arm64 assembly kernels (package lanes/neon) with
// the CPU features each needs, in order of preference.
//
// The choice rule is "the SHA2 instructions where present, else Advanced
// SIMD ×4, else portable Go". Both SHA-256 kernels have W = 4, and the
// automatic kernel takes the first available among the widest, so
// registering armsha2x4 first is what implements the rule; a CPU without
// SHA2 reports it unavailable and falls to neonx4. Calibration may
// override the table where a kernel measures clearly faster. Pairs tails
// need no narrow kernel: SHA2 Pairs hashes any count two at a time, and
// on CPUs without SHA2 there is nothing faster than neonx4 for a tail of
// 1..3 pairs to go to (neon.ASIMDPairs pads the tail itself).
//
// Keccak-256 with the ARMv8.2 SHA3 instructions (keccak256/sha3x2) is
// slower than the portable scalar kernel on some cores (Neoverse-V2:
// EOR3 issues once per cycle against four plain EORs) and faster on
// Apple's, so outside darwin it is measuredOnly: the static table keeps
// the portable kernel, and calibration switches to sha3x2 only where it
// measures clearly faster. Go's standard library enables its own SHA3
// path on darwin only, for the same reason.
func asmEntries() []entry {
	asimd := feature{"asimd", cpufeat.ASIMD}
	sha2 := feature{"sha2", cpufeat.SHA2}
	return []entry{
		{
			kernel: &Kernel{
				name:     "sha256/armsha2x" + itoa(neon.SHA2Width),
				hash:     SHA256,
				width:    neon.SHA2Width,
				pairs:    neon.SHA2Pairs,
				lockstep: neon.SHA2Lockstep,
				pack:     neon.Pack4,
				unpack:   neon.Unpack4,
			},
			missing: missingFeatures(asimd, sha2),
			// Batches of one instance go to armsha2x2 (the static
			// table's small-batch rule needs narrowBelow > 0). Pairs
			// remainders stay here: armsha2x2's Pairs is this kernel's
			// own, so none is faster there, and a threshold of 1 sends
			// none (no measurement needed for that).
			narrowBelow: 1,
		},
		{
			// The two-lane form, for batches that would leave half of
			// armsha2x4's lanes idle (plan runs small batches on the
			// narrowest SIMD kernel of two lanes or more, and the
			// automatic kernel's ForInstances answers it for one
			// instance).
			kernel: &Kernel{
				name:     "sha256/armsha2x" + itoa(neon.SHA2x2Width),
				hash:     SHA256,
				width:    neon.SHA2x2Width,
				pairs:    neon.SHA2Pairs,
				lockstep: neon.SHA2x2Lockstep,
				pack:     neon.Pack2,
				unpack:   neon.Unpack2,
			},
			missing: missingFeatures(asimd, sha2),
			narrow:  true,
		},
		{
			kernel: &Kernel{
				name:     "sha256/neonx" + itoa(neon.ASIMDWidth),
				hash:     SHA256,
				width:    neon.ASIMDWidth,
				pairs:    neon.ASIMDPairs,
				lockstep: neon.ASIMDLockstep,
				pack:     neon.Pack4,
				unpack:   neon.Unpack4,
			},
			missing: missingFeatures(asimd),
		},
		{
			kernel: &Kernel{
				name:     "keccak256/sha3x" + itoa(neon.Keccak256Lanes),
				hash:     Keccak256,
				width:    neon.Keccak256Lanes,
				pairs:    neon.Keccak256Pairs,
				lockstep: neon.Keccak256Lockstep,
				pack:     neon.Keccak256Pack,
				unpack:   neon.Keccak256Unpack,
			},
			missing:      missingFeatures(asimd, feature{"sha3", cpufeat.SHA3}),
			measuredOnly: runtime.GOOS != "darwin",
		},
	}
}

// thisCPU is the microarchitecture the static table plans for: no arm64
// class changes a choice, so only its name is used (in the report).
var thisCPU = classify(cpufeat.ID, false)
