//go:build !purego

package shani

import "github.com/lanehash/lanehash/lanes/internal/cpufeat"

// Supported reports whether this CPU can run the kernels of this
// package: the SHA extensions, and SSSE3 and SSE4.1 for the byte
// shuffles (every CPU with SHA-NI has both; they are checked so a
// virtual machine reporting an odd mix is rejected). It is what
// package lanes checks before it registers the kernels, from the same
// detection (lanes/internal/cpufeat).
func Supported() bool { return cpufeat.SHA && cpufeat.SSSE3 && cpufeat.SSE41 }

// SupportedX4 reports whether this CPU can run the four-stream kernels
// (the SHA256...X4 functions): Supported, and AVX, whose three-operand
// VEX forms their message schedule uses so that no register copy or
// extra load sits beside the rounds (lanes/_asm/shani/x4.go). Every
// CPU with SHA-NI and AVX has both; SHA-NI without AVX is the Intel
// Atom line (Goldmont, Tremont), which keeps the two-stream kernels.
func SupportedX4() bool { return Supported() && cpufeat.AVX }
