// Package avx2 holds the AVX2 hashing kernels of lanehash: SHA-256 in 8
// lanes and Keccak-256 in 4 lanes, one independent 64-byte message per
// lane of a ymm register.
//
// The functions follow the kernel contract of package lanes (Pairs,
// Lockstep, Pack, Unpack) and know nothing else of lanehash. They exist
// only on amd64 without the purego build tag, and they do not check the
// CPU: the caller must make sure AVX2 is available (package lanes does,
// before it registers them). On other platforms the package is empty.
package avx2
