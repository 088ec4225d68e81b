package lanes

import "github.com/lanehash/lanehash/lanes/internal/kernelcheck"

// genericEntries are the kernels without assembly of their own,
// available everywhere: the pure-Go kernels (the purego build, the
// fallback on CPUs without SIMD kernels, the portable Lockstep path on
// every GOARCH) and the one-stream kernel over crypto/sha256.
func genericEntries() []entry {
	return []entry{
		{kernel: checked(&Kernel{
			name:     "sha256/genericx1",
			hash:     SHA256,
			width:    1,
			pairs:    sha256PairsGeneric,
			lockstep: sha256LockstepGeneric,
			pack:     sha256PackGeneric,
			unpack:   sha256UnpackGeneric,
		}), portable: true},
		{kernel: checked(&Kernel{
			name:     "keccak256/genericx1",
			hash:     Keccak256,
			width:    1,
			pairs:    keccak256PairsGeneric,
			lockstep: keccak256LockstepGeneric,
			pack:     keccak256PackGeneric,
			unpack:   keccak256UnpackGeneric,
		}), portable: true},
		{kernel: checked(&Kernel{
			name:     "sha256/stdlibx1",
			hash:     SHA256,
			width:    1,
			layout:   ChunkLayout,
			pairs:    sha256PairsStdlib,
			lockstep: sha256LockstepStdlib,
			pack:     copyNodes,
			unpack:   copyNodes,
		}),
			// Registered after every SHA-NI kernel, so the static table
			// takes it as the narrow kernel only where none of them is
			// available, and with the wide kernel's oneStreamBelow.
			// Not portable: on amd64 and arm64 it runs crypto/sha256's
			// assembly, whose timings drift no more than the vector
			// kernels' (with -tags purego it meets only the pure-Go
			// kernels, whose margin applies to any comparison with them).
			narrow:    true,
			oneStream: true,
		},
	}
}

// checked gives a pure-Go kernel the argument checks every kernel makes
// (lanes/internal/kernelcheck), which the assembly packages make in
// their exported functions; the loops themselves trust their lengths.
func checked(k *Kernel) *Kernel {
	pairs, lockstep, pack, unpack := k.pairs, k.lockstep, k.pack, k.unpack
	size := k.NodeSize()
	// The names are built here, once: a concatenation in the closures
	// would allocate on every call.
	pairsName, lockstepName, packName, unpackName := k.name+" Pairs", k.name+" Lockstep", k.name+" Pack", k.name+" Unpack"
	k.pairs = func(dst, src []byte) {
		if n := kernelcheck.Pairs(pairsName, dst, src); n > 0 {
			pairs(dst[:32*n], src)
		}
	}
	k.lockstep = func(arena []byte, ops []uint32) {
		if kernelcheck.Lockstep(lockstepName, arena, ops, size) > 0 {
			lockstep(arena, ops)
		}
	}
	k.pack = func(dst, src []byte) {
		if kernelcheck.Nodes(packName, dst, src, size) > 0 {
			pack(dst[:len(src)], src)
		}
	}
	k.unpack = func(dst, src []byte) {
		if kernelcheck.Nodes(unpackName, dst, src, size) > 0 {
			unpack(dst[:len(src)], src)
		}
	}
	return k
}
