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
// SHA2 reports it unavailable and falls to neonx4. Neither is marked
// narrow: SHA2 Pairs hashes any count two at a time, and on CPUs without
// SHA2 there is nothing faster than neonx4 for a tail of 1..3 pairs to
// go to (neon.ASIMDPairs pads the tail itself).
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
