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
