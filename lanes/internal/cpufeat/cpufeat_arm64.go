package cpufeat

import "golang.org/x/sys/cpu"

// The arm64 features the kernels need, detected once at init by
// golang.org/x/sys/cpu (HWCAP on Linux; sysctl on darwin, where every
// Apple core has all three). x/sys/cpu honours GODEBUG=cpu.sha2=off and
// the like.
var (
	// ASIMD is Advanced SIMD, which every arm64 CPU an OS runs on has.
	ASIMD = cpu.ARM64.HasASIMD
	// SHA2 is the ARMv8 SHA256H, SHA256H2, SHA256SU0, SHA256SU1 group.
	SHA2 = cpu.ARM64.HasSHA2
	// SHA3 is the ARMv8.2 EOR3, RAX1, XAR, BCAX group.
	SHA3 = cpu.ARM64.HasSHA3
)
