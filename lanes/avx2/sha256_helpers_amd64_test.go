//go:build !purego

package avx2

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"golang.org/x/sys/cpu"
)

// sha256RequireAVX2 skips a test on a CPU without AVX2, which the kernels need.
func sha256RequireAVX2(tb testing.TB) {
	tb.Helper()
	if !cpu.X86.HasAVX2 {
		tb.Skip("CPU lacks AVX2")
	}
}

// sha256Random returns n bytes from a generator seeded with seed, so every
// lane and pair gets different data and failures are reproducible.
func sha256Random(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 0x6c616e6568617368))
	b := make([]byte, n)
	for i := 0; i < n; i += 8 {
		var w [8]byte
		binary.LittleEndian.PutUint64(w[:], r.Uint64())
		copy(b[i:], w[:])
	}
	return b
}

// sha256WantPairs hashes each 64-byte pair of src with crypto/sha256.
func sha256WantPairs(src []byte) []byte {
	out := make([]byte, 0, len(src)/2)
	for i := 0; i+64 <= len(src); i += 64 {
		d := sha256.Sum256(src[i : i+64])
		out = append(out, d[:]...)
	}
	return out
}

// sha256Guarded returns a slice of n bytes at byte offset off inside a larger
// buffer filled with a guard pattern, and a check that the bytes around
// the slice still hold the pattern.
func sha256Guarded(n, off int) ([]byte, func(tb testing.TB)) {
	const pad = 64
	buf := make([]byte, off+n+pad)
	for i := range buf {
		buf[i] = 0xa5
	}
	s := buf[off : off+n : off+n]
	return s, func(tb testing.TB) {
		tb.Helper()
		for i := 0; i < off; i++ {
			if buf[i] != 0xa5 {
				tb.Fatalf("byte %d before the slice was overwritten", off-i)
			}
		}
		for i := off + n; i < len(buf); i++ {
			if buf[i] != 0xa5 {
				tb.Fatalf("byte %d after the slice was overwritten", i-off-n)
			}
		}
	}
}

// sha256PackRef is the lane layout written from its definition: word j of lane
// p is the host uint32 at byte 4·(8j+p), holding the big-endian word j of
// chunk p.
func sha256PackRef(src []byte) []byte {
	dst := make([]byte, len(src))
	for node := 0; node < len(src)/256; node++ {
		for p := 0; p < 8; p++ {
			for j := 0; j < 8; j++ {
				w := binary.BigEndian.Uint32(src[256*node+32*p+4*j:])
				binary.NativeEndian.PutUint32(dst[256*node+4*(8*j+p):], w)
			}
		}
	}
	return dst
}

// sha256ExpectPanic fails unless f panics.
func sha256ExpectPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s did not panic", name)
		}
	}()
	f()
}

func sha256HasAVX2() bool { return cpu.X86.HasAVX2 }
