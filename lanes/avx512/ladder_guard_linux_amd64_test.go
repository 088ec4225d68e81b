//go:build !purego

package avx512_test

import (
	"bytes"
	"syscall"
	"testing"

	"github.com/lanehash/lanehash/lanes/avx512"
)

// TestSHA256LadderGuardPage climbs nodes that end just before an
// unmapped page, and nodes that start just after one, for every count
// through the one- and two-group paths and the pipeline's first groups,
// and for 200 nodes (whose last 8 wait in the pipeline's frame slot,
// loaded and stored under masks at the end of the buffer): a load or
// store of a lane past the nodes, or before them, faults.
func TestSHA256LadderGuardPage(t *testing.T) {
	if !avx512.Supported() {
		t.Skip("CPU lacks AVX-512F/VL/BW (or the OS does not save its state)")
	}
	page := syscall.Getpagesize()
	size := (32*200 + page - 1) / page * page
	// The data pages sit between two unmapped pages.
	mem, err := syscall.Mmap(-1, 0, size+2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	defer func() { _ = syscall.Munmap(mem) }()
	for _, r := range [][2]int{{0, page}, {page + size, size + 2*page}} {
		if err := syscall.Mprotect(mem[r[0]:r[1]], syscall.PROT_NONE); err != nil {
			t.Fatalf("mprotect: %v", err)
		}
	}
	data := mem[page : page+size : page+size]
	zero := randomBytes(5, 32*6)
	counts := []int{200}
	for n := 1; n <= 70; n++ {
		counts = append(counts, n)
	}
	for _, n := range counts {
		for _, atEnd := range []bool{true, false} {
			nodes := data[: 32*n : 32*n]
			if atEnd {
				nodes = data[size-32*n:]
			}
			copy(nodes, randomBytes(uint64(n), 32*n))
			want := bytes.Clone(nodes)
			climbReference(want, zero)
			avx512.SHA256Ladder(nodes, zero)
			if i := firstDiff(nodes, want); i >= 0 {
				t.Fatalf("n=%d at end of page %v: byte %d differs", n, atEnd, i)
			}
		}
	}
}
