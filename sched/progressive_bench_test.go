package sched_test

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
)

// BenchmarkRegistryTree compares the tree above a million validator
// roots as Gloas hashes it (a progressive list: subtrees of 1, 4, …,
// 4^10 leaves) and as earlier forks do (a list padded to 2^40), with
// the automatic SHA-256 kernel on one goroutine. Read with benchstat
// -col /tree.
func BenchmarkRegistryTree(b *testing.B) {
	const n = 1 << 20
	k, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		b.Fatal(err)
	}
	tree := sched.NewTree(k, nil)
	data := make([]byte, 32*n)
	rng := rand.New(rand.NewPCG(21, 22))
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	buf := make([]byte, sched.ProgressiveBufLen(n)+sched.BufLen(n))
	for _, c := range []struct {
		name string
		run  func()
	}{
		{"progressive", func() { tree.MerkleizeProgressive(buf, n) }},
		{"list2^40", func() { tree.Merkleize(buf, n, 40) }},
	} {
		b.Run("tree="+c.name, func(b *testing.B) {
			// The thread's CPU time, not wall time, is the figure to
			// compare on a shared machine.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			t0, ok := cputime.Thread()
			for b.Loop() {
				copy(buf, data)
				c.run()
			}
			t1, _ := cputime.Thread()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/chunk")
			if ok {
				b.ReportMetric(float64(t1-t0)/float64(b.N)/n, "cpu-ns/chunk")
			}
		})
	}
}
