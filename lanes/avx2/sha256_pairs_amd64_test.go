//go:build !purego

package avx2

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/lanehash/lanehash/lanes/internal/kerneltest"
)

// sha256PairCounts are every count from 0 to 3W+1 and a few large ones, so each
// tail length is met after 0, 1 and 2 full batches.
func sha256PairCounts() []int {
	var ns []int
	for n := 0; n <= 3*SHA256Width+1; n++ {
		ns = append(ns, n)
	}
	return append(ns, 1023, 1025, 65536)
}

func TestSHA256PairsMatchesStdlib(t *testing.T) {
	sha256Kernel.Require(t)
	for _, n := range sha256PairCounts() {
		for _, off := range []int{0, 1, 5} {
			src, srcOK := sha256Guarded(64*n, off)
			copy(src, kerneltest.Seeded(uint64(n), 64*n))
			orig := bytes.Clone(src)
			dst, dstOK := sha256Guarded(32*n, (off+3)%8)
			SHA256Pairs(dst, src)
			if want := sha256Kernel.RefPairs(orig); !bytes.Equal(dst, want) {
				t.Fatalf("n=%d off=%d: first difference at digest %d", n, off, kerneltest.FirstDiff(dst, want)/32)
			}
			if !bytes.Equal(src, orig) {
				t.Fatalf("n=%d off=%d: src was modified", n, off)
			}
			srcOK(t)
			dstOK(t)
		}
	}
}

func TestSHA256PairsInPlace(t *testing.T) {
	sha256Kernel.Require(t)
	for _, n := range sha256PairCounts() {
		buf, ok := sha256Guarded(64*n, 3)
		copy(buf, kerneltest.Seeded(uint64(n)+1000, 64*n))
		want := sha256Kernel.RefPairs(buf)
		SHA256Pairs(buf, buf)
		if !bytes.Equal(buf[:32*n], want) {
			t.Fatalf("n=%d: in-place result differs at digest %d", n, kerneltest.FirstDiff(buf[:32*n], want)/32)
		}
		ok(t)
	}
}

func TestSHA256PairsLongDst(t *testing.T) {
	sha256Kernel.Require(t)
	// A dst longer than needed keeps its bytes past the n digests.
	src := kerneltest.Seeded(7, 64*11)
	dst := bytes.Repeat([]byte{0x5a}, 32*11+40)
	SHA256Pairs(dst, src)
	if !bytes.Equal(dst[:32*11], sha256Kernel.RefPairs(src)) {
		t.Fatal("digests differ")
	}
	if !bytes.Equal(dst[32*11:], bytes.Repeat([]byte{0x5a}, 40)) {
		t.Fatal("bytes after the digests were overwritten")
	}
}

func TestSHA256PairsMisuse(t *testing.T) {
	sha256Kernel.Require(t)
	kerneltest.MustPanic(t, "len(src)=65", func() { SHA256Pairs(make([]byte, 64), make([]byte, 65)) })
	kerneltest.MustPanic(t, "short dst", func() { SHA256Pairs(make([]byte, 63), make([]byte, 128)) })
	SHA256Pairs(nil, nil) // zero pairs need no dst
}

func ExampleSHA256Pairs() {
	src := make([]byte, 64) // one pair of zero chunks
	dst := make([]byte, 32)
	if cpu.X86.HasAVX2 {
		SHA256Pairs(dst, src)
	} else {
		// Without AVX2 the kernel cannot run; the digest is the same.
		d := sha256.Sum256(src)
		copy(dst, d[:])
	}
	fmt.Printf("%x\n", dst[:8])
	// Output: f5a5fd42d16a2030
}

// TestSHA256NoAllocations guards the design goal of allocation-free
// steady state: the tail buffer must stay on the stack.
func TestSHA256NoAllocations(t *testing.T) {
	sha256Kernel.Require(t)
	src := kerneltest.Seeded(1, 64*13)
	dst := make([]byte, 32*13)
	arena := make([]byte, 17*256)
	nodes := make([]byte, 2*256)
	ops := kerneltest.ValidatorOps()
	allocs := testing.AllocsPerRun(20, func() {
		SHA256Pairs(dst, src)
		SHA256Lockstep(arena, ops)
		SHA256Pack(nodes, nodes)
		SHA256Unpack(nodes, nodes)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per call, want 0", allocs)
	}
}
