//go:build !purego

package neon

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"golang.org/x/crypto/sha3"
	"golang.org/x/sys/cpu"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// keccakKernel is the SHA3-extension kernel under the shared tests,
// checked against x/crypto's legacy Keccak-256.
var keccakKernel = &kerneltest.Kernel{
	Needs:    "the ARMv8.2 SHA3 extension",
	CPU:      Keccak256Supported,
	Width:    Keccak256Lanes,
	Ref:      kerneltest.Keccak256,
	PackRef:  kerneltest.Keccak256PackRef,
	Pairs:    Keccak256Pairs,
	Lockstep: Keccak256Lockstep,
	Pack:     Keccak256Pack,
	Unpack:   Keccak256Unpack,
}

// keccakLayout is the same kernel seen by the layout tests: Pack and
// Unpack use only ASIMD, so they run on CPUs without SHA3 too.
var keccakLayout = func() *kerneltest.Kernel {
	k := *keccakKernel
	k.Needs, k.CPU = "ASIMD", func() bool { return cpu.ARM64.HasASIMD }
	return &k
}()

func TestKeccak256PairsCounts(t *testing.T) { kerneltest.PairsCounts(t, keccakKernel) }

func TestKeccak256PairsInPlace(t *testing.T) { kerneltest.PairsInPlace(t, keccakKernel) }

func TestKeccak256PackUnpack(t *testing.T) { kerneltest.PackUnpack(t, keccakLayout) }

// TestKeccak256Lockstep runs random multi-level op lists, where an op
// may overwrite its own inputs, and compares every lane with the
// reference run op by op in ordinary layout.
func TestKeccak256Lockstep(t *testing.T) { kerneltest.LockstepRandomOps(t, keccakKernel) }

// TestKeccak256LockstepLevels hashes full binary trees of 2..32 leaves
// per lane with one Lockstep call and checks the roots against Pairs run
// level by level in ordinary layout.
func TestKeccak256LockstepLevels(t *testing.T) { kerneltest.LockstepLevels(t, keccakKernel) }

func TestKeccak256Misuse(t *testing.T) { kerneltest.Misuse(t, keccakKernel) }

// TestKeccak256PairsXCrypto hashes the counts around the two lanes and
// the large odd ones with one x/crypto hasher per digest, each call on
// fresh random data with canaries on both sides of dst.
func TestKeccak256PairsXCrypto(t *testing.T) {
	keccakKernel.Require(t)
	var counts []int
	for n := 0; n <= 9; n++ {
		counts = append(counts, n)
	}
	for n := 15; n <= 49; n++ {
		counts = append(counts, n)
	}
	counts = append(counts, 1023, 1025)
	r := rand.New(rand.NewPCG(13, 13))
	h := sha3.NewLegacyKeccak256()
	for _, n := range counts {
		src := kerneltest.Random(r, 64*n)
		buf := kerneltest.Random(r, 32*n+16)
		canary := bytes.Clone(buf)
		dst := buf[8 : 8+32*n]
		Keccak256Pairs(dst, src)
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
	keccakKernel.Require(t)
	src := make([]byte, 4*64)
	for i := 64; i < 128; i++ {
		src[i] = 0xff
	}
	for i := 128; i < 192; i += 8 {
		src[i] = 0x80 // the pad bytes inside the message must not cancel
	}
	src[192+63] = 0x01
	dst := make([]byte, 4*32)
	Keccak256Pairs(dst, src)
	if want := keccakKernel.RefPairs(src); !bytes.Equal(dst, want) {
		t.Fatalf("digests %x, want %x", dst, want)
	}
}

// TestKeccak256LockstepOwnInputs runs ops whose output is one of their
// own inputs, which the raw function allows (package lanes forbids them
// at its API): the kernel must read both nodes before it writes.
func TestKeccak256LockstepOwnInputs(t *testing.T) {
	keccakKernel.Require(t)
	const w = Keccak256Lanes
	r := rand.New(rand.NewPCG(17, 17))
	ordinary := kerneltest.Random(r, 2*32*w) // [node][lane][32 bytes]
	arena := make([]byte, len(ordinary))
	Keccak256Pack(arena, ordinary)
	ops := []uint32{0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 1, 1}
	for o := 0; o < len(ops); o += 3 {
		for p := 0; p < w; p++ {
			pair := append(bytes.Clone(ordinary[(int(ops[o])*w+p)*32:][:32]), ordinary[(int(ops[o+1])*w+p)*32:][:32]...)
			copy(ordinary[(int(ops[o+2])*w+p)*32:], kerneltest.Keccak256(pair))
		}
	}
	Keccak256Lockstep(arena, ops)
	got := make([]byte, len(arena))
	Keccak256Unpack(got, arena)
	if i := kerneltest.FirstDiff(got, ordinary); i >= 0 {
		t.Fatalf("arena differs from the op-by-op reference at byte %d (node %d)", i, i/(32*w))
	}
}
