//go:build !purego

package lanes

import (
	"github.com/lanehash/lanehash/lanes/avx2"
	"github.com/lanehash/lanehash/lanes/avx512"
	"github.com/lanehash/lanehash/lanes/internal/cpufeat"
	"github.com/lanehash/lanehash/lanes/shani"
)

// asmEntries lists the amd64 assembly kernels, widest first, with the
// CPU features each needs. narrowBelow values are measured with
// BenchmarkPairs (docs/kernels.md, "Tail threshold").
func asmEntries() []entry {
	avx512Features := missingFeatures(featAVX512F, featAVX512VL, featAVX512BW)
	avx2Features := missingFeatures(featAVX, featAVX2)
	shaniFeatures := missingFeatures(featSHANI, featSSSE3, featSSE41)
	// The four-stream schedule uses VEX three-operand forms
	// (shani.SupportedX4).
	shaniX4Features := missingFeatures(featSHANI, featSSSE3, featSSE41, featAVX)
	return []entry{
		{
			kernel: &Kernel{
				name:        "sha256/avx512x16",
				hash:        SHA256,
				width:       avx512.SHA256Lanes,
				pairs:       avx512.SHA256Pairs,
				lockstep:    avx512.SHA256Lockstep,
				lockstepOps: avx512.SHA256LockstepOps,
				pack:        avx512.SHA256Pack,
				unpack:      avx512.SHA256Unpack,
				ladder:      avx512.SHA256Ladder,
			},
			missing:     avx512Features,
			narrowBelow: 8,
			// After one group a remainder joins it in the two-group
			// path; after two or more it is the pipeline's partial
			// last group.
			joinNarrowBelow: []int{3, 5},
			vector512:       true,
		},
		{
			kernel: &Kernel{
				name:        "sha256/avx2x8",
				hash:        SHA256,
				width:       avx2.SHA256Lanes,
				pairs:       avx2.SHA256Pairs,
				lockstep:    avx2.SHA256Lockstep,
				lockstepOps: avx2.SHA256LockstepOps,
				pack:        avx2.SHA256Pack,
				unpack:      avx2.SHA256Unpack,
			},
			missing:      avx2Features,
			narrowBelow:  avx2.SHA256Lanes,
			narrowFaster: true,
			// Without SHA-NI: remainders below this many pairs on
			// sha256/stdlibx1 (docs/kernels.md, "The one-stream
			// kernel").
			oneStreamBelow: 3,
		},
		{
			// Four SHA-NI streams: faster than two where SHA256RNDS2's
			// latency is several issue intervals (Zen 3); calibration
			// measures which wins (docs/kernels.md, "Four SHA-NI streams").
			kernel: &Kernel{
				name:        "sha256/shanix" + itoa(shani.SHA256LanesX4),
				hash:        SHA256,
				width:       shani.SHA256LanesX4,
				layout:      ChunkLayout,
				pairs:       shani.SHA256PairsX4,
				lockstep:    shani.SHA256LockstepX4,
				lockstepOps: shani.SHA256LockstepOpsX4,
				// A lone instance's ops rarely come four independent at
				// a time: its Single is the two-stream entry's.
				single: shani.SHA256SingleOps,
				pack:   shani.SHA256PackX4,
				unpack: shani.SHA256UnpackX4,
			},
			missing:  shaniX4Features,
			ownTails: true,
			streams:  true,
		},
		{
			kernel: &Kernel{
				name:        "sha256/shanix" + itoa(shani.SHA256Lanes),
				hash:        SHA256,
				width:       shani.SHA256Lanes,
				layout:      ChunkLayout,
				pairs:       shani.SHA256Pairs,
				lockstep:    shani.SHA256Lockstep,
				lockstepOps: shani.SHA256LockstepOps,
				single:      shani.SHA256SingleOps,
				pack:        shani.SHA256Pack,
				unpack:      shani.SHA256Unpack,
			},
			missing: shaniFeatures,
			narrow:  true,
		},
		{
			kernel: &Kernel{
				name:        "keccak256/avx512x8",
				hash:        Keccak256,
				width:       avx512.Keccak256Lanes,
				pairs:       avx512.Keccak256Pairs,
				lockstep:    avx512.Keccak256Lockstep,
				lockstepOps: avx512.Keccak256LockstepOps,
				pack:        avx512.Keccak256Pack,
				unpack:      avx512.Keccak256Unpack,
			},
			missing: avx512Features,
		},
		{
			kernel: &Kernel{
				name:        "keccak256/avx2x4",
				hash:        Keccak256,
				width:       avx2.Keccak256Lanes,
				pairs:       avx2.Keccak256Pairs,
				lockstep:    avx2.Keccak256Lockstep,
				lockstepOps: avx2.Keccak256LockstepOps,
				pack:        avx2.Keccak256Pack,
				unpack:      avx2.Keccak256Unpack,
			},
			missing: avx2Features,
		},
	}
}

// thisCPU is the microarchitecture the static table plans for.
var thisCPU = classify(cpufeat.ID, cpufeat.AVX512F)
