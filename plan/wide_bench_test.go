package plan

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// wideVector is Vector[Root, 8192] (a state's block roots) wrapped in a
// container of one field, whose root is the vector's.
type wideVector struct {
	Roots []phase0.Root `ssz-size:"8192,32"`
}

// randomWideVectors returns n random wideVectors.
func randomWideVectors(n int, seed uint64) []wideVector {
	rng := rand.New(rand.NewPCG(seed, 0x77))
	vs := make([]wideVector, n)
	for i := range vs {
		vs[i].Roots = make([]phase0.Root, 8192)
		for j := range vs[i].Roots {
			for k := range vs[i].Roots[j] {
				vs[i].Roots[j][k] = byte(rng.Uint32())
			}
		}
	}
	return vs
}

// BenchmarkWideVectors roots n Vector[Root, 8192] with RootAll on the
// automatic SHA-256 kernel and one worker (strategy=plan), and, as the
// floor a plan must not lose to, each vector copied into one buffer and
// merkleized by itself level by level (strategy=per-level, what
// lanebench's per-level strategy does). cpu-ns/root is the benchmark
// thread's CPU time per 32-byte root of input: compare it, not ns/op,
// on a shared machine (benchstat -col /strategy).
func BenchmarkWideVectors(b *testing.B) {
	for _, n := range []int{1, 6, 64} {
		vals := randomWideVectors(n, uint64(n))
		dst := make([][32]byte, n)
		p, err := PlanFor[wideVector](WithWorkers(1))
		if err != nil {
			b.Fatal(err)
		}
		tree := sched.NewTree(p.kernel, nil)
		buf := make([]byte, sched.BufLen(8192))
		for _, s := range []struct {
			name string
			run  func() error
		}{
			{"plan", func() error { return p.RootAll(dst, vals) }},
			{"per-level", func() error {
				for i := range vals {
					copy(buf, bytesOfRoots(vals[i].Roots))
					tree.Merkleize(buf, 8192, 13)
					dst[i] = [32]byte(buf[:32])
				}
				return nil
			}},
		} {
			b.Run(fmt.Sprintf("n=%d/strategy=%s", n, s.name), func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				b.ReportAllocs()
				t0, ok := cputime.Thread()
				for b.Loop() {
					if err := s.run(); err != nil {
						b.Fatal(err)
					}
				}
				t1, _ := cputime.Thread()
				if ok {
					b.ReportMetric(float64(t1-t0)/float64(b.N)/float64(8192*n), "cpu-ns/root")
				}
			})
		}
	}
}

// bytesOfRoots is the memory of roots: their SSZ chunks.
func bytesOfRoots(roots []phase0.Root) []byte {
	if len(roots) == 0 {
		return nil
	}
	return unsafe.Slice(&roots[0][0], 32*len(roots))
}
