//go:build !purego

package neon

import (
	"bytes"
	"testing"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// sha2Kernel, sha2x2Kernel and asimdKernel are the kernels under the shared
// package-level tests and benchmarks, checked against crypto/sha256.
var (
	sha2Kernel = &kerneltest.Kernel{
		Needs:    "the ARMv8 SHA2 instructions",
		CPU:      SHA2Supported,
		Width:    SHA2Width,
		Ref:      kerneltest.SHA256,
		PackRef:  kerneltest.SHA256PackRef,
		Pairs:    SHA2Pairs,
		Lockstep: SHA2Lockstep,
		Pack:     Pack4,
		Unpack:   Unpack4,
	}
	sha2x2Kernel = &kerneltest.Kernel{
		Needs:    "the ARMv8 SHA2 instructions",
		CPU:      SHA2Supported,
		Width:    SHA2x2Width,
		Ref:      kerneltest.SHA256,
		PackRef:  kerneltest.SHA256PackRef,
		Pairs:    SHA2Pairs,
		Lockstep: SHA2x2Lockstep,
		Pack:     Pack2,
		Unpack:   Unpack2,
	}
	asimdKernel = &kerneltest.Kernel{
		Needs:    "Advanced SIMD",
		CPU:      ASIMDSupported,
		Width:    ASIMDWidth,
		Ref:      kerneltest.SHA256,
		PackRef:  kerneltest.SHA256PackRef,
		Pairs:    ASIMDPairs,
		Lockstep: ASIMDLockstep,
		Pack:     Pack4,
		Unpack:   Unpack4,
	}
)

func kernels() map[string]*kerneltest.Kernel {
	return map[string]*kerneltest.Kernel{"sha2": sha2Kernel, "sha2x2": sha2x2Kernel, "asimd": asimdKernel}
}

// Pair counts, unaligned buffers and guard pages are the conformance
// suite's (conformance_arm64_test.go); kerneltest.PairsCounts repeats
// them with 65536-pair calls that take most of a minute under qemu.

func TestPairsInPlace(t *testing.T) {
	for name, k := range kernels() {
		t.Run(name, func(t *testing.T) { kerneltest.PairsInPlace(t, k) })
	}
}

func TestPackUnpack(t *testing.T) {
	for name, k := range kernels() {
		t.Run(name, func(t *testing.T) { kerneltest.PackUnpack(t, k) })
	}
}

func TestLockstepRandomOps(t *testing.T) {
	for name, k := range kernels() {
		t.Run(name, func(t *testing.T) { kerneltest.LockstepRandomOps(t, k) })
	}
}

func TestLockstepLevels(t *testing.T) {
	for name, k := range kernels() {
		t.Run(name, func(t *testing.T) { kerneltest.LockstepLevels(t, k) })
	}
}

func TestMisusePanics(t *testing.T) {
	for name, k := range kernels() {
		t.Run(name, func(t *testing.T) { kerneltest.Misuse(t, k) })
	}
}

// TestLockstepOutIsInput checks the promise of the doc comments that an
// op may write one of its own inputs (the lanes contract forbids it, so
// the conformance suite does not try): every input is read before the
// digest is stored.
func TestLockstepOutIsInput(t *testing.T) {
	for name, k := range kernels() {
		t.Run(name, func(t *testing.T) {
			k.Require(t)
			size := k.NodeBytes()
			leaves := kerneltest.Seeded(21, 2*size) // [node][lane][32]
			var want []byte
			for p := 0; p < k.Width; p++ {
				pair := append(bytes.Clone(leaves[32*p:32*p+32]), leaves[size+32*p:size+32*p+32]...)
				want = append(want, kerneltest.SHA256(pair)...)
			}
			arena := make([]byte, 2*size)
			k.Pack(arena, leaves)
			k.Lockstep(arena, []uint32{0, 1, 0}) // node 0 = H(node 0 || node 1)
			got := make([]byte, size)
			k.Unpack(got, arena[:size])
			if i := kerneltest.FirstDiff(got, want); i >= 0 {
				t.Errorf("lane %d differs", i/32)
			}
		})
	}
}

// TestPaddingSchedule checks the padWK table against the schedule of the
// padding block computed the long way: FIPS 180-4 padding of a 64-byte
// message, expanded word by word.
func TestPaddingSchedule(t *testing.T) {
	var block [64]byte
	block[0] = 0x80
	block[62] = 0x02 // 512 bits, big-endian in the last eight bytes
	var w [64]uint32
	for i := 0; i < 16; i++ {
		w[i] = uint32(block[4*i])<<24 | uint32(block[4*i+1])<<16 | uint32(block[4*i+2])<<8 | uint32(block[4*i+3])
	}
	rotr := func(x uint32, n uint) uint32 { return x>>n | x<<(32-n) }
	for i := 16; i < 64; i++ {
		s0 := rotr(w[i-15], 7) ^ rotr(w[i-15], 18) ^ w[i-15]>>3
		s1 := rotr(w[i-2], 17) ^ rotr(w[i-2], 19) ^ w[i-2]>>10
		w[i] = w[i-16] + s0 + w[i-7] + s1
	}
	for i := range w {
		if got, want := sha2Table[64+i], w[i]+sha256K[i]; got != want {
			t.Fatalf("padWK[%d] = %#x, want %#x", i, got, want)
		}
		if asimdTable[64+i] != [4]uint32{w[i] + sha256K[i], w[i] + sha256K[i], w[i] + sha256K[i], w[i] + sha256K[i]} {
			t.Fatalf("asimdTable padWK[%d] is not the word in all four lanes", i)
		}
	}
}
