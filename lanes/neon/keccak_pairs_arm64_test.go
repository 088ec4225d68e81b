//go:build !purego

package neon_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"golang.org/x/crypto/sha3"
	"golang.org/x/sys/cpu"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/lanestest"
	"github.com/lanehash/lanehash/lanes/neon"
)

func requireSHA3(t *testing.T) {
	t.Helper()
	if !neon.Keccak256Supported() {
		t.Skip("CPU or OS lacks the ARMv8.2 SHA3 extension")
	}
}

// randomBytes returns n bytes of the stream r, so every pair and lane
// holds different data and a fixed seed reproduces a failure.
func randomBytes(r *rand.ChaCha8, n int) []byte {
	b := make([]byte, n)
	r.Read(b)
	return b
}

// TestKeccak256PairsXCrypto hashes every count from 0 to 9 pairs (the odd
// tail alone, with one and several full batches), 15..49 and the large
// odd counts with one x/crypto hasher per digest, each call on fresh
// random data with canaries on both sides of dst.
func TestKeccak256PairsXCrypto(t *testing.T) {
	requireSHA3(t)
	var counts []int
	for n := 0; n <= 9; n++ {
		counts = append(counts, n)
	}
	for n := 15; n <= 49; n++ {
		counts = append(counts, n)
	}
	counts = append(counts, 1023, 1025)
	r := rand.NewChaCha8([32]byte{13})
	h := sha3.NewLegacyKeccak256()
	for _, n := range counts {
		src := randomBytes(r, 64*n)
		buf := randomBytes(r, 32*n+16)
		canary := bytes.Clone(buf)
		dst := buf[8 : 8+32*n]
		neon.Keccak256Pairs(dst, src)
		for i := 0; i < n; i++ {
			h.Reset()
			h.Write(src[64*i : 64*i+64])
			if want := h.Sum(nil); !bytes.Equal(dst[32*i:32*i+32], want) {
				t.Fatalf("n=%d: pair %d = %x, want %x", n, i, dst[32*i:32*i+32], want)
			}
		}
		if !bytes.Equal(buf[:8], canary[:8]) || !bytes.Equal(buf[8+32*n:], canary[8+32*n:]) {
			t.Fatalf("n=%d: canary bytes around dst changed", n)
		}
	}
}

// TestKeccak256PadLanes checks the padding folded into the first round
// on structured messages: all zero (only the pad lanes are non-zero),
// all ones, and messages that carry the pad bytes 0x01 and 0x80 in their
// own words, which would cancel or double a pad bit the kernel put in
// the wrong lane.
func TestKeccak256PadLanes(t *testing.T) {
	requireSHA3(t)
	src := make([]byte, 4*64)
	for i := 64; i < 128; i++ {
		src[i] = 0xff
	}
	for i := 128; i < 192; i += 8 {
		src[i] = 0x80
	}
	src[192+63] = 0x01
	dst := make([]byte, 4*32)
	neon.Keccak256Pairs(dst, src)
	if want := lanestest.Reference(lanes.Keccak256, src); !bytes.Equal(dst, want) {
		t.Fatalf("digests %x, want %x", dst, want)
	}
}

// TestKeccak256PackASIMD checks Pack and Unpack against the layout
// definition on every arm64 CPU: they need only ASIMD, so they run
// where the SHA3 kernel (and with it the conformance suite) is skipped.
func TestKeccak256PackASIMD(t *testing.T) {
	if !cpu.ARM64.HasASIMD {
		t.Skip("CPU or OS lacks ASIMD")
	}
	const w = neon.Keccak256Lanes
	r := rand.NewChaCha8([32]byte{5})
	for _, m := range []int{1, 2, 5} {
		chunks := randomBytes(r, m*32*w)
		packed := make([]byte, len(chunks)+1)[1:] // unaligned
		neon.Keccak256Pack(packed, chunks)
		if want := lanestest.PackReference(lanes.Keccak256, lanes.WordLayout, w, chunks); !bytes.Equal(packed, want) {
			t.Fatalf("%d nodes: Pack differs from the layout definition", m)
		}
		back := make([]byte, len(chunks))
		neon.Keccak256Unpack(back, packed)
		if want := lanestest.UnpackReference(lanes.Keccak256, lanes.WordLayout, w, packed); !bytes.Equal(back, want) || !bytes.Equal(back, chunks) {
			t.Fatalf("%d nodes: Unpack(Pack(x)) differs from x or from the layout definition", m)
		}
		neon.Keccak256Pack(chunks, chunks) // in place
		if !bytes.Equal(chunks, packed) {
			t.Fatalf("%d nodes: Pack in place differs", m)
		}
	}
}
