package compare

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Cached roots and proofs (issue #14). Every benchmark here runs on one
// core (GOMAXPROCS 1, plans with one worker) and checks its first root
// against lanehash's full root before timing. The machine is shared:
// compare the cpu-ms metrics (process CPU time) when it is loaded.

const cachedRegistrySize = 1_000_000

// minPairs is the least number of pairs any implementation must hash to
// update a registry after changing the elements idx (sorted, distinct):
// each element's own program (8 pairs for a Validator), every distinct
// ancestor of a changed leaf in the tree of depth 40, and the length
// mix-in.
func minPairs(idx []int, perElem, depth int) int {
	total := perElem*len(idx) + 1
	level := slices.Clone(idx)
	for range depth {
		out := level[:0]
		for _, i := range level {
			if p := i >> 1; len(out) == 0 || out[len(out)-1] != p {
				out = append(out, p)
			}
		}
		level = out
		total += len(level)
	}
	return total
}

// timeCPU runs f and returns its wall and process CPU time.
func timeCPU(f func()) (wall, cpu time.Duration) {
	c0, t0 := processCPUTime(), time.Now()
	f()
	return time.Since(t0), time.Duration(processCPUTime() - c0)
}

// BenchmarkCachedRegistry changes 1% of a 1M-validator registry at random
// (EffectiveBalance, marked), then times the cached root (Marked mode,
// changed elements rooted in lockstep by the Validator plan). In the same
// benchmark it times a full ListRoot of the same values (RootAll plus the
// list tree) and reports full/cached as x-vs-full (CPU time), the pairs
// the cached root hashed per op and the minimum possible for the change.
// The tree roots the changed validators with the plan it compiles itself.
func BenchmarkCachedRegistry(b *testing.B) {
	b.Run("dirty=1%/n=1000000", benchCachedRegistry)
}

func benchCachedRegistry(b *testing.B) {
	withProcs(b, 1)
	n := cachedRegistrySize
	vals := slices.Clone(benchValidators(n))
	p, err := plan.PlanFor[phase0.Validator](plan.WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	l, err := cache.NewList[phase0.Validator](registryLimit, cache.WithMode(cache.Marked))
	if err != nil {
		b.Fatal(err)
	}
	got, err := l.Root(vals)
	want, err2 := p.ListRoot(vals, registryLimit)
	if err != nil || err2 != nil || got != want {
		b.Fatalf("cached %x (%v), full %x (%v)", got, err, want, err2)
	}
	r := rand.New(rand.NewPCG(1, 1))
	idx := make([]int, n/100)
	var cachedWall, cachedCPU time.Duration
	var minTotal int
	l.ResetStats()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		for j := range idx {
			idx[j] = r.IntN(n)
			vals[idx[j]].EffectiveBalance += 1e9
		}
		l.Mark(idx...)
		slices.Sort(idx)
		minTotal += minPairs(slices.Compact(slices.Clone(idx)), 8, 40)
		b.StartTimer()
		w, c := timeCPU(func() {
			if _, err := l.Root(vals); err != nil {
				b.Fatal(err)
			}
		})
		cachedWall += w
		cachedCPU += c
	}
	b.StopTimer()
	pairs := l.Stats().PairsHashed
	got, _ = l.Root(vals)
	var fullWall, fullCPU time.Duration
	const fullRuns = 3
	for range fullRuns {
		w, c := timeCPU(func() { want, err = p.ListRoot(vals, registryLimit) })
		fullWall += w
		fullCPU += c
	}
	if err != nil || got != want {
		b.Fatalf("after the changes: cached %x, full %x (%v)", got, want, err)
	}
	perOp := func(d time.Duration, k int) float64 { return float64(d.Nanoseconds()) / float64(k) / 1e6 }
	b.ReportMetric(perOp(cachedCPU, b.N), "cached-cpu-ms")
	b.ReportMetric(perOp(fullCPU, fullRuns), "full-cpu-ms")
	b.ReportMetric(perOp(fullWall, fullRuns), "full-ms")
	b.ReportMetric(perOp(fullCPU, fullRuns)/perOp(cachedCPU, b.N), "x-vs-full")
	b.ReportMetric(perOp(fullWall, fullRuns)/perOp(cachedWall, b.N), "x-vs-full-wall")
	b.ReportMetric(float64(pairs)/float64(b.N), "pairs/op")
	b.ReportMetric(float64(minTotal)/float64(b.N), "min-pairs/op")
	b.ReportMetric(float64(l.Stats().Bytes)/(1<<20), "cache-MiB")
}

// stateFields points at the fields of a beacon state that a block or an
// epoch changes; the fulu and the gloas state have them with the same
// types, so one change serves both.
type stateFields struct {
	slot                   *phase0.Slot
	header                 **phase0.BeaconBlockHeader
	blockRoots, stateRoots *[]phase0.Root
	randao                 *[]phase0.Root
	slashings              *[]phase0.Gwei
	validators             *[]*phase0.Validator
	balances               *[]phase0.Gwei
	prev, cur              *[]altair.ParticipationFlags
	scores                 *[]uint64
}

func fuluFields(s *fulu.BeaconState) stateFields {
	return stateFields{&s.Slot, &s.LatestBlockHeader, &s.BlockRoots, &s.StateRoots, &s.RANDAOMixes, &s.Slashings,
		&s.Validators, &s.Balances, &s.PreviousEpochParticipation, &s.CurrentEpochParticipation, &s.InactivityScores}
}

func gloasFields(s *gloas.BeaconState) stateFields {
	return stateFields{&s.Slot, &s.LatestBlockHeader, &s.BlockRoots, &s.StateRoots, &s.RANDAOMixes, &s.Slashings,
		&s.Validators, &s.Balances, &s.PreviousEpochParticipation, &s.CurrentEpochParticipation, &s.InactivityScores}
}

// stateChange applies one block's or one epoch's worth of changes to s
// and marks them with mark (a tree's Mark).
type stateChange func(r *rand.Rand, s stateFields, mark func(string, ...int) error, iter int)

// blockChange: a few hundred balances, the participation bytes of 1/32 of
// the validators (one slot's committees), one block root and one state
// root, the slot and latest header, a few validators.
func blockChange(r *rand.Rand, s stateFields, mark func(string, ...int) error, iter int) {
	n := len(*s.validators)
	for range 300 {
		i := r.IntN(n)
		(*s.balances)[i] += 1000
		_ = mark("Balances", i)
	}
	for range n / 32 {
		i := r.IntN(n)
		(*s.cur)[i] ^= 1 << r.IntN(3)
		_ = mark("CurrentEpochParticipation", i)
	}
	slot := (int(*s.slot) + iter) % len(*s.blockRoots)
	(*s.blockRoots)[slot][0]++
	(*s.stateRoots)[slot][0]++
	_ = mark("BlockRoots", slot)
	_ = mark("StateRoots", slot)
	*s.slot++
	h := **s.header
	h.Slot = *s.slot
	h.ParentRoot[0]++
	*s.header = &h
	_ = mark("Slot")
	_ = mark("LatestBlockHeader")
	for range 4 {
		i := r.IntN(n)
		(*s.validators)[i].ExitEpoch = phase0.Epoch(r.Uint64N(1 << 20))
		_ = mark("Validators", i)
	}
}

// epochChange: every balance, both participation lists (rotated), every
// inactivity score, 1% of the validators, a randao mix and a slashing.
func epochChange(r *rand.Rand, s stateFields, mark func(string, ...int) error, iter int) {
	n := len(*s.validators)
	for i := range *s.balances {
		(*s.balances)[i] += phase0.Gwei(1 + r.IntN(1000))
		(*s.scores)[i] ^= 1
	}
	*s.prev, *s.cur = *s.cur, *s.prev
	clear(*s.cur)
	for _, f := range []string{"Balances", "InactivityScores", "PreviousEpochParticipation", "CurrentEpochParticipation"} {
		_ = mark(f)
	}
	for range n / 100 {
		i := r.IntN(n)
		(*s.validators)[i].EffectiveBalance += 1e9
		_ = mark("Validators", i)
	}
	e := (iter + 7) % len(*s.randao)
	(*s.randao)[e][0]++
	(*s.slashings)[e%len(*s.slashings)]++
	_ = mark("RANDAOMixes", e)
	_ = mark("Slashings", e%len(*s.slashings))
}

// stateChanges are the changes the state benchmarks time.
var stateChanges = []struct {
	name   string
	change stateChange
}{{"block", blockChange}, {"epoch", epochChange}}

// BenchmarkCachedState times the cached root of a mainnet-shaped fulu
// state with 1M validators after a block's (change=block) or an epoch's
// (change=epoch) worth of marked changes, on one core, in ms/op.
func BenchmarkCachedState(b *testing.B) {
	for _, c := range stateChanges {
		b.Run("change="+c.name, func(b *testing.B) {
			benchCachedState(b, cache.Marked, c.change, func() *fulu.BeaconState { return fulu.SyntheticBeaconState(cachedRegistrySize, 1) }, fuluFields)
		})
	}
}

// BenchmarkCachedStateDetect is BenchmarkCachedState in the safe Detect
// mode: the same changes, unmarked, found by comparing the whole state
// with the tree's copy.
func BenchmarkCachedStateDetect(b *testing.B) {
	for _, c := range stateChanges {
		b.Run("change="+c.name, func(b *testing.B) {
			benchCachedState(b, cache.Detect, c.change, func() *fulu.BeaconState { return fulu.SyntheticBeaconState(cachedRegistrySize, 1) }, fuluFields)
		})
	}
}

// BenchmarkCachedGloasState is BenchmarkCachedState on the Gloas state of
// 1M validators (gloas.SyntheticBeaconState: an EIP-7495 progressive
// container whose registry lists are progressive lists), the same block
// and epoch changes, in Marked mode (impl=cache). impl=opaque times, on
// the same changes in the same run, what the cache did before it modelled
// progressive containers: the state was one opaque node, whose Root
// serializes the whole value, compares it with the last serialization and,
// as it differs, hashes it all with the reference ssz.HashTreeRoot.
func BenchmarkCachedGloasState(b *testing.B) {
	newState := func() *gloas.BeaconState { return gloas.SyntheticBeaconState(cachedRegistrySize, 1) }
	for _, c := range stateChanges {
		b.Run("change="+c.name+"/impl=cache", func(b *testing.B) {
			benchCachedState(b, cache.Marked, c.change, newState, gloasFields)
		})
		b.Run("change="+c.name+"/impl=opaque", func(b *testing.B) {
			benchOpaqueState(b, c.change, newState, gloasFields)
		})
	}
}

// BenchmarkCachedGloasStateDetect is BenchmarkCachedGloasState's cached
// case in the safe Detect mode: the same changes, unmarked, found by
// comparing the whole state with the tree.
func BenchmarkCachedGloasStateDetect(b *testing.B) {
	for _, c := range stateChanges {
		b.Run("change="+c.name, func(b *testing.B) {
			benchCachedState(b, cache.Detect, c.change, func() *gloas.BeaconState { return gloas.SyntheticBeaconState(cachedRegistrySize, 1) }, gloasFields)
		})
	}
}

// benchCachedState times tr.Root after each change of a state newState
// makes, in mode, and checks the first and last root against the state's
// plan.
func benchCachedState[S any](b *testing.B, mode cache.Mode, change stateChange, newState func() *S, fields func(*S) stateFields) {
	withProcs(b, 1)
	s := newState()
	tr, err := cache.New[S](cache.WithMode(mode))
	if err != nil {
		b.Fatal(err)
	}
	sp, err := plan.PlanFor[S](plan.WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	check := func() {
		got, err := tr.Root(s)
		want, err2 := sp.Root(s)
		if err != nil || err2 != nil || got != want {
			b.Fatalf("cached %x (%v), plan %x (%v)", got, err, want, err2)
		}
	}
	check()
	r := rand.New(rand.NewPCG(2, 2))
	tr.ResetStats()
	var cpu time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		change(r, fields(s), tr.Mark, i)
		b.StartTimer()
		_, dc := timeCPU(func() {
			if _, err := tr.Root(s); err != nil {
				b.Fatal(err)
			}
		})
		cpu += dc
	}
	b.StopTimer()
	pairs := tr.Stats().PairsHashed
	check()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/op")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/1e6, "cpu-ms/op")
	b.ReportMetric(float64(pairs)/float64(b.N), "pairs/op")
	b.ReportMetric(float64(tr.Stats().Bytes)/(1<<20), "cache-MiB")
}

// benchOpaqueState times what an opaque node's Root does after each
// change (ssz.Marshal, a compare with the last serialization, and on a
// difference ssz.HashTreeRoot) and checks the last root against the
// state's plan.
func benchOpaqueState[S any](b *testing.B, change stateChange, newState func() *S, fields func(*S) stateFields) {
	withProcs(b, 1)
	s := newState()
	sp, err := plan.PlanFor[S](plan.WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	last, err := ssz.Marshal(s)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(2, 2))
	noMark := func(string, ...int) error { return nil }
	var root [32]byte
	var cpu time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		change(r, fields(s), noMark, i)
		b.StartTimer()
		_, dc := timeCPU(func() {
			ser, err := ssz.Marshal(s)
			if err != nil {
				b.Fatal(err)
			}
			if !bytes.Equal(ser, last) {
				if root, err = ssz.HashTreeRoot(s, ssz.SHA256); err != nil {
					b.Fatal(err)
				}
			}
			last = ser
		})
		cpu += dc
	}
	b.StopTimer()
	if want, err := sp.Root(s); err != nil || root != want {
		b.Fatalf("opaque %x, plan %x (%v)", root, want, err)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/op")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/1e6, "cpu-ms/op")
}

// BenchmarkCachedProof times one proof from a cached 1M-validator fulu
// state: a validator's field (hashes only inside that validator: its 8
// pairs) and a balance (no hashing at all), reporting pairs/op.
func BenchmarkCachedProof(b *testing.B) {
	withProcs(b, 1)
	s := fulu.SyntheticBeaconState(cachedRegistrySize, 1)
	tr, err := cache.New[fulu.BeaconState]()
	if err != nil {
		b.Fatal(err)
	}
	root, err := tr.Root(s)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, path string }{
		{"validator-field", "Validators[%d].EffectiveBalance"},
		{"validator", "Validators[%d]"},
		{"balance", "Balances[%d]"},
	} {
		b.Run("node="+c.name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(3, 3))
			paths := make([]string, 1024)
			for i := range paths {
				paths[i] = fmt.Sprintf(c.path, r.IntN(cachedRegistrySize))
			}
			if p, err := tr.Prove(paths[0]); err != nil || !p.Verify(root) {
				b.Fatalf("%s: %v", paths[0], err)
			}
			tr.ResetStats()
			i := 0
			cpu0 := processCPUTime()
			for b.Loop() {
				if _, err := tr.Prove(paths[i%len(paths)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(processCPUTime()-cpu0)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(tr.Stats().PairsHashed)/float64(b.N), "pairs/op")
		})
	}
}

// BenchmarkPlainProof proves one validator field from a plain 1M-validator
// fulu state (no cache kept: cache.TreeOf builds the tree, it is read and
// dropped) and, in the same benchmark, times the state's plain root with
// plan, reporting the CPU-time ratio (x-of-root) and the bytes allocated
// per proof.
func BenchmarkPlainProof(b *testing.B) {
	benchProofOfPlain(b, func(s *fulu.BeaconState, path string) (*proof.Proof, [32]byte, error) {
		tree, root, err := cache.TreeOf(s)
		if err != nil {
			return nil, root, err
		}
		p, err := tree.Prove(path)
		return p, root, err
	})
}

// BenchmarkSparseProof proves the field BenchmarkPlainProof proves, from
// the same plain 1M-validator state, with cache.SparseOf: the path's
// nodes and siblings only, each sibling the root of a subtree off the
// path; x-of-root against plan's root of the state in the same run.
func BenchmarkSparseProof(b *testing.B) {
	benchProofOfPlain(b, func(s *fulu.BeaconState, path string) (*proof.Proof, [32]byte, error) {
		sp, root, err := cache.SparseOf(s, []string{path})
		if err != nil {
			return nil, root, err
		}
		p, err := sp.Prove(path)
		return p, root, err
	})
}

// BenchmarkSparseBytesProof proves one validator field of a
// 1M-validator fulu state held as its SSZ bytes (about 150 MB, what a
// beacon node's debug API serves): straight from the bytes
// (cache.SparseOfBytes), the same told the root the caller trusts
// (cache.WithRoot: validation in place of a first root; the root is
// computed once, before the proofs timed), and by decoding them first
// (ssz.Unmarshal, then cache.SparseOf), what a caller without
// SparseOfBytes does. x-of-root is against plan's RootBytes of the same
// bytes.
func BenchmarkSparseBytesProof(b *testing.B) {
	for _, c := range []struct {
		name  string
		prove func(enc []byte, path string) (*proof.Proof, [32]byte, error)
	}{
		{"bytes", func(enc []byte, path string) (*proof.Proof, [32]byte, error) {
			sp, root, err := cache.SparseOfBytes[fulu.BeaconState](enc, []string{path})
			if err != nil {
				return nil, root, err
			}
			p, err := sp.Prove(path)
			return p, root, err
		}},
		{"trusted", func(enc []byte, path string) (*proof.Proof, [32]byte, error) {
			root, err := trustedRoot(enc)
			if err != nil {
				return nil, root, err
			}
			sp, root, err := cache.SparseOfBytes[fulu.BeaconState](enc, []string{path}, cache.WithRoot(root))
			if err != nil {
				return nil, root, err
			}
			p, err := sp.Prove(path)
			return p, root, err
		}},
		{"decoded", func(enc []byte, path string) (*proof.Proof, [32]byte, error) {
			s := new(fulu.BeaconState)
			if err := ssz.Unmarshal(enc, s); err != nil {
				return nil, [32]byte{}, err
			}
			sp, root, err := cache.SparseOf(s, []string{path})
			if err != nil {
				return nil, root, err
			}
			p, err := sp.Prove(path)
			return p, root, err
		}},
	} {
		b.Run(c.name, func(b *testing.B) { benchProofOfBytes(b, c.prove) })
	}
}

// trusted memoizes the root a caller of SparseOfBytes with WithRoot
// holds before it asks (a block header's state_root): computed once per
// serialization, outside the proofs timed.
var trusted struct {
	enc  []byte
	root [32]byte
}

// trustedRoot is the root of the fulu state serialized in enc.
func trustedRoot(enc []byte) ([32]byte, error) {
	if len(trusted.enc) != len(enc) || &trusted.enc[0] != &enc[0] {
		p, err := plan.PlanFor[fulu.BeaconState]()
		if err != nil {
			return [32]byte{}, err
		}
		if trusted.root, err = p.RootBytes(enc); err != nil {
			return [32]byte{}, err
		}
		trusted.enc = enc
	}
	return trusted.root, nil
}

// benchProofOfBytes is benchProofOfPlain for a state given as its
// serialization, against plan's RootBytes.
func benchProofOfBytes(b *testing.B, prove func([]byte, string) (*proof.Proof, [32]byte, error)) {
	withProcs(b, 1)
	enc, err := ssz.Marshal(fulu.SyntheticBeaconState(cachedRegistrySize, 1))
	if err != nil {
		b.Fatal(err)
	}
	sp, err := plan.PlanFor[fulu.BeaconState](plan.WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	// The trusted root is the caller's before it asks: not timed.
	if _, err := trustedRoot(enc); err != nil {
		b.Fatal(err)
	}
	benchProofTimed(b, func() ([32]byte, error) { return sp.RootBytes(enc) },
		func(path string) (*proof.Proof, [32]byte, error) { return prove(enc, path) })
}

// benchProofOfPlain times prove on one validator field of a plain
// 1M-validator fulu state, each proof checked against plan's root, and
// reports its CPU time against that root's, timed after it.
func benchProofOfPlain(b *testing.B, prove func(*fulu.BeaconState, string) (*proof.Proof, [32]byte, error)) {
	withProcs(b, 1)
	s := fulu.SyntheticBeaconState(cachedRegistrySize, 1)
	sp, err := plan.PlanFor[fulu.BeaconState](plan.WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	benchProofTimed(b, func() ([32]byte, error) { return sp.Root(s) },
		func(path string) (*proof.Proof, [32]byte, error) { return prove(s, path) })
}

// benchProofTimed times prove on one validator field of a 1M-validator
// state, each proof checked against root's, and reports its CPU time
// against root's, timed after it.
func benchProofTimed(b *testing.B, root func() ([32]byte, error), prove func(path string) (*proof.Proof, [32]byte, error)) {
	want, err := root()
	if err != nil {
		b.Fatal(err)
	}
	path := "Validators[123456].EffectiveBalance"
	b.ReportAllocs()
	cpu0 := processCPUTime()
	for b.Loop() {
		p, r, err := prove(path)
		if err != nil || r != want || !p.Verify(want) {
			b.Fatalf("proof of %s: root %x, want %x, %v", path, r, want, err)
		}
	}
	proofCPU := float64(processCPUTime()-cpu0) / float64(b.N) / 1e6
	b.StopTimer()
	const rootRuns = 3
	w, c := timeCPU(func() {
		for range rootRuns {
			if _, err := root(); err != nil {
				b.Fatal(err)
			}
		}
	})
	rootCPU := float64(c.Nanoseconds()) / rootRuns / 1e6
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/op")
	b.ReportMetric(proofCPU, "cpu-ms/op")
	b.ReportMetric(float64(w.Nanoseconds())/rootRuns/1e6, "root-ms")
	b.ReportMetric(rootCPU, "root-cpu-ms")
	b.ReportMetric(proofCPU/rootCPU, "x-of-root")
}

// BenchmarkCacheMemory builds the cache of a 1M-validator registry and of
// a 1M-validator fulu state in each mode and reports the memory the cache
// holds (cache-MiB, its own count of stored levels, copies and scratch)
// next to the heap growth measured by the runtime (heap-MiB), and the
// time of the first, full root.
func BenchmarkCacheMemory(b *testing.B) {
	modes := []struct {
		name string
		opts []cache.Option
	}{
		{"detect", nil},
		{"marked", []cache.Option{cache.WithMode(cache.Marked)}},
		{"upper-levels-only", []cache.Option{cache.WithUpperLevelsOnly()}},
	}
	for _, m := range modes {
		opts := m.opts
		b.Run("registry/mode="+m.name, func(b *testing.B) {
			withProcs(b, 1)
			vals := benchValidators(cachedRegistrySize)
			for b.Loop() {
				h0 := heapInUse()
				l, err := cache.NewList[phase0.Validator](registryLimit, opts...)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := l.Root(vals); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(l.Stats().Bytes)/(1<<20), "cache-MiB")
				b.ReportMetric(float64(heapInUse()-h0)/(1<<20), "heap-MiB")
				runtime.KeepAlive(l)
			}
		})
		b.Run("state/mode="+m.name, func(b *testing.B) {
			withProcs(b, 1)
			s := fulu.SyntheticBeaconState(cachedRegistrySize, 1)
			for b.Loop() {
				h0 := heapInUse()
				tr, err := cache.New[fulu.BeaconState](opts...)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := tr.Root(s); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(tr.Stats().Bytes)/(1<<20), "cache-MiB")
				b.ReportMetric(float64(heapInUse()-h0)/(1<<20), "heap-MiB")
				runtime.KeepAlive(tr)
			}
		})
	}
}

// heapInUse is the live heap after a collection.
func heapInUse() int64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}
