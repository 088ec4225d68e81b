//go:build !purego

package lanes

import "github.com/lanehash/lanehash/lanes/internal/cpufeat"

// Features of the amd64 kernels, from the one detection of
// lanes/internal/cpufeat.
var (
	featSHANI    = feature{"sha", cpufeat.SHA}
	featSSSE3    = feature{"ssse3", cpufeat.SSSE3}
	featSSE41    = feature{"sse4.1", cpufeat.SSE41}
	featAVX      = feature{"avx", cpufeat.AVX}
	featAVX2     = feature{"avx2", cpufeat.AVX2}
	featAVX512F  = feature{"avx512f", cpufeat.AVX512F}
	featAVX512VL = feature{"avx512vl", cpufeat.AVX512VL}
	featAVX512BW = feature{"avx512bw", cpufeat.AVX512BW}
)
