//go:build !purego

package avx512_test

import (
	"bytes"
	"syscall"
	"testing"

	"github.com/lanehash/lanehash/lanes/avx512"
)

// guardedBuf returns an n-byte buffer ending at, or starting at (!atEnd),
// an unmapped page, so that any access past its end or before its start
// faults. The mapping is released when the test ends.
func guardedBuf(t *testing.T, n int, atEnd bool) []byte {
	t.Helper()
	page := syscall.Getpagesize()
	data := (n + page - 1) / page * page
	mem, err := syscall.Mmap(-1, 0, data+2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("mmap %d bytes: %v", data+2*page, err)
	}
	t.Cleanup(func() { _ = syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect leading guard page: %v", err)
	}
	if err := syscall.Mprotect(mem[page+data:], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect trailing guard page: %v", err)
	}
	if atEnd {
		return mem[page+data-n : page+data : page+data]
	}
	return mem[page : page+n : page+n]
}

// TestSHA256PairsPartialGroupGuard runs every count whose last
// iteration has a partial second group (17..31 pairs, after none or one
// full iteration) with src and dst against unmapped pages: the masked
// loads and stores of the partial group must neither read nor write
// past the last pair.
func TestSHA256PairsPartialGroupGuard(t *testing.T) {
	if !avx512.Supported() {
		t.Skip("CPU or OS lacks AVX-512 F, VL and BW")
	}
	for _, base := range []int{0, 32} {
		for r := 17; r <= 31; r++ {
			n := base + r
			for _, end := range []bool{true, false} {
				src := guardedBuf(t, 64*n, end)
				copy(src, randomPairs(uint64(n), n))
				want := sha256PairsRef(src)
				dst := guardedBuf(t, 32*n, end)
				avx512.SHA256Pairs(dst, src)
				if !bytes.Equal(dst, want) {
					t.Fatalf("%d pairs at a guard page (at end: %v): digests differ from crypto/sha256", n, end)
				}
			}
		}
	}
}
