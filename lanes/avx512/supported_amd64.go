//go:build !purego

package avx512

import "github.com/lanehash/lanehash/lanes/internal/cpufeat"

// Supported reports whether this CPU can run the kernels of this
// package: AVX-512 F, VL and BW with opmask and zmm state saved by the
// OS. It is the same detection package lanes checks before it registers
// them (lanes/internal/cpufeat); the kernel functions
// themselves do not check the CPU.
func Supported() bool { return cpufeat.AVX512F && cpufeat.AVX512VL && cpufeat.AVX512BW }
