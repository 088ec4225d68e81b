//go:build !purego

package avx2

import "github.com/lanehash/lanehash/lanes/internal/cpufeat"

// Supported reports whether this CPU can run the kernels of this
// package: AVX and AVX2 with ymm state saved by the OS. It is the same detection package lanes checks before
// it registers them (lanes/internal/cpufeat); the kernel functions
// themselves do not check the CPU.
func Supported() bool { return cpufeat.AVX && cpufeat.AVX2 }
