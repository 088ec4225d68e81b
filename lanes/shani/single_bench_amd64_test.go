//go:build !purego

package shani

import (
	"runtime"
	"strconv"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
)

// BenchmarkSingle times SHA256Single on op lists of one shape each,
// reported per op ("ns/pair") and per step ("ns/step", a step being
// what runs side by side: one op, or up to four independent consecutive
// ops):
//
//   - chain1: every op reads the one before it, one op per step: a
//     pair's latency.
//   - chain2: ops in twos, each two reading the two before: the latency
//     of a two-stream step.
//   - lead2: ops in twos, the first of each two reading the first of
//     the two before, the second read by no op: how soon a two-op
//     step's first digest is ready for the step after it.
//   - pair1: ops in threes, two side by side then one hashing their
//     two digests (a tree's last two levels), each three reading the
//     root of the three before: the latency of a two-op step and the
//     op after it.
//   - chain3, chain4: ops in threes (fours), each group reading the
//     group before: the latency of a three- (four-) stream step.
//   - free: no op reads another: four-stream throughput.
//
// The list is run many times per call (it cycles through the same
// chunks) so that the call's entry is negligible.
func BenchmarkSingle(b *testing.B) {
	if !Supported() {
		b.Skip("CPU lacks the SHA extensions, SSSE3 or SSE4.1")
	}
	const n = 64
	shapes := []struct {
		name  string
		step  int
		build func(i int) (l, r, o uint32)
	}{
		{"chain1", 1, func(i int) (uint32, uint32, uint32) { return uint32(i % 2), 2, uint32((i + 1) % 2) }},
		{"chain2", 2, func(i int) (uint32, uint32, uint32) {
			// Ops 2k and 2k+1 read chunks 4(k%2).. and write 4((k+1)%2)..
			k, j := i/2, uint32(i%2)
			in, out := uint32(4*(k%2)), uint32(4*((k+1)%2))
			return in + j, in + 2 + j, out + j + 2*j
		}},
		{"lead2", 2, func(i int) (uint32, uint32, uint32) {
			// Ops 2k form a chain; ops 2k+1 read and write chunks
			// no other op reads.
			k := uint32(i / 2)
			if i%2 == 0 {
				return k % 2, 2, (k + 1) % 2
			}
			return 6, 7, 8 + k%2
		}},
		{"pair1", 3, func(i int) (uint32, uint32, uint32) {
			// Ops in threes: two side by side, each reading the last
			// three's root (chunk 0 or 1), then a root of the two.
			prev, root := uint32(i/3+1)%2, uint32(i/3)%2
			switch i % 3 {
			case 0:
				return prev, 2, 4
			case 1:
				return 3, prev, 5
			}
			return 4, 5, root
		}},
		{"chain3", 3, chainOf(3)},
		{"chain4", 4, chainOf(4)},
		{"free", 4, func(i int) (uint32, uint32, uint32) { return 0, 1, uint32(2 + i%2) }},
	}
	for _, s := range shapes {
		ops := make([]uint32, 0, 3*n)
		for i := range n {
			l, r, o := s.build(i)
			ops = append(ops, l, r, o)
		}
		buf := make([]byte, 32*16)
		b.Run("shape="+s.name+"/ops="+strconv.Itoa(n), func(b *testing.B) {
			// The thread's CPU time is the figure to compare on a
			// shared machine, where wall time counts other jobs' turns.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			t0, ok := cputime.Thread()
			for b.Loop() {
				SHA256Single(buf, ops)
			}
			t1, _ := cputime.Thread()
			per := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / n
			b.ReportMetric(per, "ns/pair")
			b.ReportMetric(per*float64(s.step), "ns/step")
			if ok {
				b.ReportMetric(float64(t1-t0)/float64(b.N)/n*float64(s.step), "cpu-ns/step")
			}
		})
	}
}

// chainOf builds ops in groups of k side by side, each group reading
// the group before: group g's op j reads chunks j and 4+j of one half of
// the buffer and writes chunk j of the other half.
func chainOf(k int) func(i int) (l, r, o uint32) {
	return func(i int) (uint32, uint32, uint32) {
		g, j := i/k, uint32(i%k)
		in, out := uint32(8*(g%2)), uint32(8*((g+1)%2))
		return in + j, in + 4 + j, out + j
	}
}

// BenchmarkSingleRoot times SHA256Single on the op lists that
// plan.Plan.Root runs for one object of the small phase0 containers on
// SHA-NI, in the order sched's model chose for them (orderSingle, at
// e4d3aed), one call a root as Root makes it: "cpu-ns/root" is the
// hashing part of a lone root, and bench/compare BenchmarkSmall's
// lanehash figure less it is what the path around the kernel costs
// (docs/design.md §5, "Where one root stands"). The calls read the
// same leaves over and over, as Root's do, so no call depends on an
// earlier one's digest.
func BenchmarkSingleRoot(b *testing.B) {
	if !Supported() {
		b.Skip("CPU lacks the SHA extensions, SSSE3 or SSE4.1")
	}
	lists := []struct {
		name string
		ops  []uint32
	}{
		// Two ops side by side, then their parent (steps of two and one).
		{"Fork", []uint32{0, 1, 4, 2, 3, 5, 4, 5, 6}},
		// Steps of three, two and one.
		{"BeaconBlockHeader", []uint32{0, 1, 7, 2, 3, 8, 4, 5, 9, 7, 8, 10, 9, 6, 11, 10, 11, 12}},
		// The pubkey's pair beside two of level 0, then steps of two,
		// two and one.
		{"Validator", []uint32{0, 1, 9, 3, 4, 11, 5, 6, 12, 9, 2, 10, 7, 8, 13, 10, 11, 14, 12, 13, 15, 14, 15, 16}},
		// The two checkpoints' pairs beside one of level 0, then steps of
		// two, two and one.
		{"AttestationData", []uint32{3, 4, 9, 5, 6, 10, 0, 1, 11, 2, 9, 12, 10, 7, 13, 11, 12, 14, 13, 8, 15, 14, 15, 16}},
	}
	for _, l := range lists {
		nodes := uint32(0)
		for _, x := range l.ops {
			nodes = max(nodes, x+1)
		}
		buf := make([]byte, 32*nodes)
		for i := range buf {
			buf[i] = byte(i)
		}
		b.Run("type="+l.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			t0, ok := cputime.Thread()
			for b.Loop() {
				SHA256Single(buf, l.ops)
			}
			t1, _ := cputime.Thread()
			if ok {
				b.ReportMetric(float64(t1-t0)/float64(b.N), "cpu-ns/root")
			}
		})
	}
}
