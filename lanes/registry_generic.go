package lanes

// genericEntries are the pure-Go kernels, available everywhere: the
// purego build, the fallback on CPUs without SIMD kernels, and the
// portable Lockstep path on every GOARCH.
func genericEntries() []entry {
	return []entry{
		{kernel: &Kernel{
			name:     "sha256/genericx1",
			hash:     SHA256,
			width:    1,
			pairs:    sha256PairsGeneric,
			lockstep: sha256LockstepGeneric,
			pack:     sha256PackGeneric,
			unpack:   sha256UnpackGeneric,
		}},
		// One pure-Go Keccak pair costs less than one masked AVX2 call
		// on four lanes (docs/kernels.md), so it takes single-pair
		// remainders where a wide entry's narrowBelow says so.
		{narrow: true, kernel: &Kernel{
			name:     "keccak256/genericx1",
			hash:     Keccak256,
			width:    1,
			pairs:    keccak256PairsGeneric,
			lockstep: keccak256LockstepGeneric,
			pack:     keccak256PackGeneric,
			unpack:   keccak256UnpackGeneric,
		}},
	}
}
