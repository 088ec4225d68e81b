package lanes_test

import (
	"crypto/sha256"
	"hash"
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/lanestest"
	"golang.org/x/crypto/sha3"
)

// benchPairCounts are the pair counts of BenchmarkPairs: below, at and
// above the lane widths (for the tail threshold) and large batches.
var benchPairCounts = []int{1, 2, 4, 8, 16, 32, 256, 65536}

// benchKernel is one kernel under benchmark, or a baseline that hashes
// pair by pair with the standard library or x/crypto.
type benchKernel struct {
	name  string
	hash  lanes.Hash
	pairs func(dst, src []byte)
	k     *lanes.Kernel // nil for baselines
}

// benchKernels lists every available kernel, the automatic ones and the
// baselines, in one run so benchstat can compare them side by side.
func benchKernels(b *testing.B) []benchKernel {
	var ks []benchKernel
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		auto, err := lanes.Select(h, h.String()+"/auto")
		if err != nil {
			b.Fatal(err)
		}
		ks = append(ks, benchKernel{auto.Name(), h, auto.Pairs, auto})
		for _, info := range lanes.Kernels() {
			if info.Hash != h || !info.Available {
				continue
			}
			k, err := lanes.Select(h, info.Name)
			if err != nil {
				b.Fatal(err)
			}
			ks = append(ks, benchKernel{k.Name(), h, k.Pairs, k})
		}
	}
	ks = append(ks,
		benchKernel{name: "sha256/stdlib", hash: lanes.SHA256, pairs: stdlibPairs},
		benchKernel{name: "keccak256/xcrypto", hash: lanes.Keccak256, pairs: xcryptoPairs()},
	)
	return ks
}

// stdlibPairs hashes pair by pair with crypto/sha256.Sum256.
func stdlibPairs(dst, src []byte) {
	for i := 0; i+64 <= len(src); i += 64 {
		d := sha256.Sum256(src[i : i+64])
		copy(dst[i/2:], d[:])
	}
}

// xcryptoPairs hashes pair by pair with one reused x/crypto/sha3 legacy
// Keccak-256 state, its cheapest use.
func xcryptoPairs() func(dst, src []byte) {
	var h hash.Hash = sha3.NewLegacyKeccak256()
	return func(dst, src []byte) {
		for i := 0; i+64 <= len(src); i += 64 {
			h.Reset()
			h.Write(src[i : i+64])
			h.Sum(dst[i/2 : i/2])
		}
	}
}

// perPair reports ns/pair (wall clock) and, where the thread's CPU clock
// is readable, cpu-ns/pair: the CPU time of the benchmark's thread,
// which time slices lost to other processes on a busy machine do not
// inflate. Call it with the start of the CPU clock taken after
// runtime.LockOSThread.
func reportPerPair(b *testing.B, pairsPerOp int, cpuStart int64) {
	ops := float64(b.N) * float64(pairsPerOp)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/ops, "ns/pair")
	if end, ok := cputime.Thread(); ok {
		b.ReportMetric(float64(end-cpuStart)/ops, "cpu-ns/pair")
	}
}

// startCPU locks the benchmark to its thread and reads the thread's CPU
// clock (0 where it cannot be read).
func startCPU(b *testing.B) int64 {
	runtime.LockOSThread()
	b.Cleanup(runtime.UnlockOSThread)
	t, _ := cputime.Thread()
	return t
}

// BenchmarkPairs measures Pairs per kernel and pair count; ns/pair is
// the metric to compare (docs/kernels.md).
func BenchmarkPairs(b *testing.B) {
	for _, bk := range benchKernels(b) {
		for _, n := range benchPairCounts {
			b.Run("kernel="+bk.name+"/pairs="+itoa(n), func(b *testing.B) {
				src := make([]byte, 64*n)
				for i := range src {
					src[i] = byte(i)
				}
				dst := make([]byte, 32*n)
				b.SetBytes(int64(64 * n))
				cpu := startCPU(b)
				for b.Loop() {
					bk.pairs(dst, src)
				}
				reportPerPair(b, n, cpu)
			})
		}
	}
}

// BenchmarkLockstep measures one Validator-shaped op list (9 leaves, 8
// ops) per call over W instances; the baselines hash the same 8 pairs
// of one instance pair by pair.
func BenchmarkLockstep(b *testing.B) {
	ops := lanestest.ValidatorOps()
	for _, bk := range benchKernels(b) {
		b.Run("kernel="+bk.name, func(b *testing.B) {
			if bk.k == nil {
				benchValidatorBaseline(b, bk.pairs, ops)
				return
			}
			arena := make([]byte, 17*bk.k.NodeSize())
			for i := range arena {
				arena[i] = byte(i)
			}
			cpu := startCPU(b)
			for b.Loop() {
				bk.k.Lockstep(arena, ops)
			}
			reportPerPair(b, len(ops)*bk.k.Width(), cpu)
		})
	}
}

// BenchmarkLockstepBlock is BenchmarkLockstep over a block of 4 groups
// (lanes.ExpandOps), the list the scheduler runs, through LockstepOps:
// consecutive ops never depend on each other there, so a kernel that
// runs two ops side by side pairs all of them (in the one-group list of
// BenchmarkLockstep, two of its eight ops must run alone).
func BenchmarkLockstepBlock(b *testing.B) {
	const groups = 4
	ops := lanes.ExpandOps(lanestest.ValidatorOps(), groups)
	checked := lanes.NewOps(ops)
	for _, bk := range benchKernels(b) {
		if bk.k == nil {
			continue
		}
		b.Run("kernel="+bk.name, func(b *testing.B) {
			arena := make([]byte, checked.Nodes()*bk.k.NodeSize())
			for i := range arena {
				arena[i] = byte(i)
			}
			cpu := startCPU(b)
			for b.Loop() {
				bk.k.LockstepOps(arena, checked)
			}
			reportPerPair(b, len(ops)*bk.k.Width(), cpu)
		})
	}
}

// benchValidatorBaseline hashes one instance's tree op by op, the way a
// library without lockstep kernels does.
func benchValidatorBaseline(b *testing.B, pairs func(dst, src []byte), ops []lanes.Op) {
	nodes := make([]byte, 17*32)
	for i := range nodes {
		nodes[i] = byte(i)
	}
	var pair [64]byte
	cpu := startCPU(b)
	for b.Loop() {
		for _, op := range ops {
			copy(pair[:32], nodes[32*op.Left:])
			copy(pair[32:], nodes[32*op.Right:])
			pairs(nodes[32*op.Out:32*op.Out+32], pair[:])
		}
	}
	reportPerPair(b, len(ops), cpu)
}
