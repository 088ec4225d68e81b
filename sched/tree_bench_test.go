package sched_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
)

// BenchmarkMerkleizeWidth merkleizes trees of 2^10 to 2^20 random chunks
// (32 KiB, in L1, to 32 MiB, far past L2) level by level in place with
// the automatic SHA-256 kernel, and reports the thread's CPU time per
// pair without the copy that refills the buffer. It is the question of
// whether a wide tree should be hashed subtree by subtree in cache
// rather than level by level over memory: if cpu-ns/pair is flat across
// the widths, memory is not what a level pass waits on (see
// docs/design.md, "Wide trees").
func BenchmarkMerkleizeWidth(b *testing.B) {
	k, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		b.Fatal(err)
	}
	tree := sched.NewTree(k, nil)
	rng := rand.New(rand.NewPCG(23, 24))
	for _, depth := range []int{10, 12, 15, 18, 20} {
		n := 1 << depth
		data := make([]byte, 32*n)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		buf := make([]byte, sched.BufLen(n))
		b.Run(fmt.Sprintf("chunks=2^%d", depth), func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cpu int64
			ok := true
			for b.Loop() {
				copy(buf, data)
				t0, ok0 := cputime.Thread()
				tree.Merkleize(buf, n, depth)
				t1, ok1 := cputime.Thread()
				cpu += t1 - t0
				ok = ok && ok0 && ok1
			}
			if ok {
				b.ReportMetric(float64(cpu)/float64(b.N)/float64(n-1), "cpu-ns/pair")
			}
		})
	}
}
