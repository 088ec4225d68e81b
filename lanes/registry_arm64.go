//go:build !purego

package lanes

import (
	"strings"

	"golang.org/x/sys/cpu"

	"github.com/lanehash/lanehash/lanes/neon"
)

// asmEntries lists the arm64 assembly kernels (package lanes/neon) with
// the CPU features each needs, in order of preference.
//
// The choice rule is "the SHA2 instructions where present, else Advanced
// SIMD ×4, else portable Go". Both SHA-256 kernels have W = 4, and the
// automatic kernel takes the first available among the widest, so
// registering armsha2x4 first is what implements the rule; a CPU without
// SHA2 reports it unavailable and falls to neonx4. Pairs tails need no
// narrow kernel: SHA2 Pairs hashes any count two at a time, and on CPUs
// without SHA2 there is nothing faster than neonx4 for a tail of 1..3
// pairs to go to (neon.ASIMDPairs pads the tail itself).
//
// Keccak-256 (keccak256/sha3x2, lanes/neon keccak_* files) is registered
// here when it lands: append its entry after the SHA-256 ones, with
// missing = missingARM64(asimd, armFeature{"sha3", cpu.ARM64.HasSHA3}).
func asmEntries() []entry {
	asimd := armFeature{"asimd", cpu.ARM64.HasASIMD}
	sha2 := armFeature{"sha2", cpu.ARM64.HasSHA2}
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
			missing: missingARM64(asimd, sha2),
		},
		{
			// The two-lane form, for batches that would leave half of
			// armsha2x4's lanes idle (plan runs small batches on the
			// narrowest SIMD kernel of two lanes or more). Its Pairs is
			// armsha2x4's, so it is no faster for Pairs tails and
			// armsha2x4 sets no narrowBelow: the automatic kernel stays
			// auto(armsha2x4).
			kernel: &Kernel{
				name:     "sha256/armsha2x" + itoa(neon.SHA2x2Width),
				hash:     SHA256,
				width:    neon.SHA2x2Width,
				pairs:    neon.SHA2Pairs,
				lockstep: neon.SHA2x2Lockstep,
				pack:     neon.Pack2,
				unpack:   neon.Unpack2,
			},
			missing: missingARM64(asimd, sha2),
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
			missing: missingARM64(asimd),
		},
	}
}

// armFeature is one arm64 CPU capability, as golang.org/x/sys/cpu
// detected it at init (from HWCAP on Linux, sysctl on darwin). x/sys/cpu
// honours GODEBUG=cpu.sha2=off and the like, which switch kernels off
// for an experiment.
type armFeature struct {
	name    string
	present bool
}

// missingARM64 lists, comma-separated, the features that are absent; ""
// means the kernel can run.
func missingARM64(fs ...armFeature) string {
	var missing []string
	for _, f := range fs {
		if !f.present {
			missing = append(missing, f.name)
		}
	}
	return strings.Join(missing, ", ")
}
