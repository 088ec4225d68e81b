//go:build !purego

package neon

import "github.com/lanehash/lanehash/lanes/internal/cpufeat"

// ASIMDSupported reports whether this CPU has Advanced SIMD, which the
// ASIMD kernel and Pack4/Unpack4 need. The architecture makes it
// mandatory for every arm64 CPU an operating system runs on; the check
// keeps an odd emulator or a GODEBUG=cpu.asimd=off experiment honest.
func ASIMDSupported() bool { return cpufeat.ASIMD }

// SHA2Supported reports whether this CPU has the ARMv8 SHA2 instructions
// (and Advanced SIMD, whose registers they use), which the SHA2 kernel
// needs. Most arm64 CPUs have them: Apple M1 and later, Neoverse N1/V1/V2
// (AWS Graviton2-4), Ampere Altra, Cortex-A53 and later with the Crypto
// extension; some Cortex-A parts licensed without it do not.
func SHA2Supported() bool { return cpufeat.ASIMD && cpufeat.SHA2 }
