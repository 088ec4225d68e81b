//go:build !purego

package hybrid

import "github.com/lanehash/lanehash/lanes/internal/cpufeat"

// Supported reports whether this CPU can run the kernel: AVX-512 F, VL
// and BW with the OS saving zmm and opmask state, and the SHA extensions
// with SSSE3 and SSE4.1, from the detection package lanes uses
// (lanes/internal/cpufeat).
func Supported() bool {
	return cpufeat.AVX512F && cpufeat.AVX512VL && cpufeat.AVX512BW &&
		cpufeat.SHA && cpufeat.SSSE3 && cpufeat.SSE41
}

// Missing names the first feature Supported lacks, or "" if none.
func Missing() string {
	for _, f := range []struct {
		ok   bool
		name string
	}{
		{cpufeat.AVX512F, "AVX-512F"}, {cpufeat.AVX512VL, "AVX-512VL"}, {cpufeat.AVX512BW, "AVX-512BW"},
		{cpufeat.SHA, "SHA-NI"}, {cpufeat.SSSE3, "SSSE3"}, {cpufeat.SSE41, "SSE4.1"},
	} {
		if !f.ok {
			return f.name
		}
	}
	return ""
}
