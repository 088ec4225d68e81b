package lanestest

import (
	"bytes"
	"encoding/hex"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"golang.org/x/crypto/sha3"
)

// canary fills the bytes around an output buffer so a kernel writing
// outside its n digests is caught.
const canary = 0xA5

// sha256OfZeroPair is SHA-256 of 64 zero bytes, the zero hash of depth 1
// in every SSZ tree.
const sha256OfZeroPair = "f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b"

func testKnownVector(t *testing.T, k Kernel) {
	var want []byte
	switch k.Hash() {
	case lanes.SHA256:
		want, _ = hex.DecodeString(sha256OfZeroPair)
	case lanes.Keccak256:
		h := sha3.NewLegacyKeccak256()
		h.Write(make([]byte, 64))
		want = h.Sum(nil)
		if hex.EncodeToString(want[:4]) != "ad3228b6" {
			t.Fatalf("x/crypto/sha3 legacy Keccak-256 of 64 zero bytes = %x, want it to start ad3228b6", want)
		}
	}
	// Every lane and the remainder path of wide kernels see the vector.
	n := 2*k.Width() + 1
	src := make([]byte, 64*n)
	dst := bytes.Repeat([]byte{canary}, 32*n)
	k.Pairs(dst, src)
	for i := 0; i < n; i++ {
		if !bytes.Equal(dst[32*i:32*i+32], want) {
			t.Fatalf("%s: pair %d of %d zero pairs = %x, want %x", k.Name(), i, n, dst[32*i:32*i+32], want)
		}
	}
}

// checkPairs runs k.Pairs on n pairs of fresh data with src and dst at
// the given byte offsets into their buffers, and checks the digests and
// that no byte around dst[:32n] changed even though dst is passed longer
// than needed.
func checkPairs(t *testing.T, k Kernel, n, srcOff, dstOff int, seed uint64) {
	t.Helper()
	const slack = 37
	srcBuf := make([]byte, srcOff+64*n)
	fillRandom(seed, srcBuf)
	src := srcBuf[srcOff:]
	want := Reference(k.Hash(), src)
	dstBuf := bytes.Repeat([]byte{canary}, dstOff+32*n+slack)
	dst := dstBuf[dstOff:]
	k.Pairs(dst, src)
	if i := firstDiff(dst[:32*n], want); i >= 0 {
		t.Fatalf("%s: %d pairs (src offset %d, dst offset %d): pair %d = %x, want %x",
			k.Name(), n, srcOff, dstOff, i, dst[32*i:32*i+32], want[32*i:32*i+32])
	}
	for i, b := range dstBuf[:dstOff] {
		if b != canary {
			t.Fatalf("%s: %d pairs: byte %d before dst changed to %#x", k.Name(), n, i-dstOff, b)
		}
	}
	for i, b := range dst[32*n:] {
		if b != canary {
			t.Fatalf("%s: %d pairs: byte %d past dst[:%d] changed to %#x", k.Name(), n, i, 32*n, b)
		}
	}
}

func testCounts(t *testing.T, k Kernel) {
	for n := 0; n <= 3*k.Width()+1; n++ {
		checkPairs(t, k, n, 0, 0, uint64(n))
	}
	// Counts around the 16-lane width, whatever W is, for the automatic
	// kernel's split between wide and narrow kernels.
	for n := 15; n <= 49; n++ {
		checkPairs(t, k, n, 0, 0, uint64(n))
	}
	// Around multiples of 32, for kernels that hash two 16-lane groups
	// per iteration: whole iterations, then a full or partial block.
	for _, n := range []int{63, 64, 65, 79, 80, 81, 95, 96, 97} {
		checkPairs(t, k, n, 0, 0, uint64(n))
	}
}

func testLargeCounts(t *testing.T, k Kernel) {
	for _, n := range []int{1023, 1025, 65536} {
		checkPairs(t, k, n, 0, 0, uint64(n))
	}
}

func testUnaligned(t *testing.T, k Kernel) {
	w := k.Width()
	for _, n := range []int{1, w, w + 1, 2*w + 3} {
		for _, off := range [][2]int{{1, 0}, {0, 3}, {5, 7}, {63, 31}} {
			checkPairs(t, k, n, off[0], off[1], uint64(n*100+off[0]))
		}
	}
}

func testAliased(t *testing.T, k Kernel) {
	for n := 0; n <= 3*k.Width()+1; n++ {
		for _, off := range []int{0, 1} {
			buf := make([]byte, off+64*n)
			fillRandom(uint64(1000+n), buf)
			src := buf[off:]
			want := Reference(k.Hash(), src)
			tail := append([]byte(nil), src[32*n:]...)
			k.Pairs(src, src)
			if i := firstDiff(src[:32*n], want); i >= 0 {
				t.Fatalf("%s: %d pairs hashed in place (offset %d): pair %d = %x, want %x",
					k.Name(), n, off, i, src[32*i:32*i+32], want[32*i:32*i+32])
			}
			if !bytes.Equal(src[32*n:], tail) {
				t.Fatalf("%s: %d pairs hashed in place: the input past dst[:%d] changed", k.Name(), n, 32*n)
			}
		}
	}
}

func testGuardPage(t *testing.T, k Kernel) {
	w := k.Width()
	// w+w/2 and 2w-1: a partial second group beside a full one, for
	// kernels that interleave two groups.
	for _, n := range []int{1, w - 1, w, w + 1, w + w/2, 2*w - 1, 3*w + 1, 67} {
		if n < 1 {
			continue
		}
		for _, end := range []bool{true, false} {
			src := guarded(t, 64*n, end)
			fillRandom(uint64(n), src)
			want := Reference(k.Hash(), src)
			dst := guarded(t, 32*n, end)
			k.Pairs(dst, src)
			if i := firstDiff(dst, want); i >= 0 {
				t.Fatalf("%s: %d pairs at a guard page (at end: %v): pair %d = %x, want %x",
					k.Name(), n, end, i, dst[32*i:32*i+32], want[32*i:32*i+32])
			}
			// In place, the output also ends 32n bytes short of the guard.
			want = Reference(k.Hash(), src)
			k.Pairs(src, src)
			if i := firstDiff(src, want); i >= 0 {
				t.Fatalf("%s: %d pairs in place at a guard page: pair %d wrong", k.Name(), n, i)
			}
		}
	}
}
