package lanes

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/lanes/internal/cpufeat"
)

// KernelTiming is what calibration measured for one kernel, in
// nanoseconds: the median of 11 short runs after a warm-up, interleaved
// with the other kernels' runs, in the CPU time of the measuring thread
// (wall-clock time where that clock cannot be read), and the spread of
// those runs, which sets how large a difference calibration acts on.
type KernelTiming struct {
	// Name is the kernel's name.
	Name string
	// Width is its lane width W.
	Width int
	// LockstepPerPair is the time per pair of a block of groups of W
	// Validator-shaped instances through the calibration program
	// (CalibrationOps), run the way the scheduler runs blocks: each
	// instance's fields gathered from its 121-byte record into chunks
	// (zero-padded as SSZ packs them), Pack of the block's leaves unless
	// the kernel's layout is ChunkLayout (whose leaves are gathered
	// straight into the arena), one LockstepOps call over the program's
	// ops expanded across the groups (each op for every group before the
	// next op), Unpack or a copy of the roots; divided by the block's
	// pairs. The block has calibrationGroups(W) groups.
	LockstepPerPair float64
	// PairsPerPair is the time per pair of one Pairs call on 16 full
	// batches of the kernel's width, at most 64 pairs (a list tree's
	// levels are longer still; 64 is enough for a kernel that overlaps
	// batches, shanix4, to show its steady state).
	PairsPerPair float64
	// OnePair is the time of one Pairs call on a single pair: for a wide
	// kernel, the cost of a masked call on a remainder.
	OnePair float64
	// LockstepSpread, PairsSpread and OnePairSpread are the spreads of
	// the three: the 9th minus the 3rd of the 11 sorted samples (about
	// the interquartile range), in the same unit.
	LockstepSpread, PairsSpread, OnePairSpread float64
}

// HashCalibration is the automatic kernel's choice for one hash
// function, and the timings it was made from.
type HashCalibration struct {
	// Hash is the hash function.
	Hash Hash
	// Kernel is the automatic kernel's name.
	Kernel string
	// Timings holds one entry per available kernel of Hash; empty when
	// calibration was off or there was only one kernel to choose from.
	Timings []KernelTiming
	// Persist says what LANEHASH_CALIBRATE=persist did: "loaded from
	// <file>", "measured, stored in <file>", or why nothing was stored
	// ("measured (stored for another CPU, kernel set or build), not
	// stored: <error>"); "" without persist.
	Persist string
	// Chosen is the choice in use; Static the one of the static table,
	// which Chosen differs from only where a kernel measured clearly
	// faster: by more than the two kernels' spreads and a drift floor
	// (docs/kernels.md, "Hysteresis").
	Chosen, Static Choice
}

// Choice names the kernel the automatic kernel runs for each use.
type Choice struct {
	// Lockstep runs Lockstep, Pack and Unpack (and sets Width).
	Lockstep string
	// Pairs runs full batches of Pairs.
	Pairs string
	// Narrow runs a remainder of fewer than TailThreshold pairs after
	// the full batches; "" when remainders stay on Pairs.
	Narrow        string
	TailThreshold int
	// JoinThresholds, when not nil, replace TailThreshold after full
	// batches: entry g-1 after g full batches, the last one after any
	// more (a Pairs kernel that hashes a remainder beside its full
	// batches for less than a lone batch costs: avx512x16).
	JoinThresholds []int
	// ForInstances[n] is the kernel ForInstances(n) answers for a batch
	// of n instances, for n = 1 .. len-1 (index 0 is unused); batches of
	// at least len instances run on Lockstep.
	ForInstances []string
}

// CalibrationReport says how the automatic kernels were chosen in this
// process.
type CalibrationReport struct {
	// Measured is false when calibration was switched off
	// (LANEHASH_CALIBRATE=off) when the automatic kernels were built, and
	// the static table was used.
	Measured bool
	// CPUTime and WallTime are the time spent measuring, all hash
	// functions together (CPUTime is 0 where the thread clock cannot be
	// read).
	CPUTime, WallTime time.Duration
	// Microarchitecture is the class the static table planned for
	// ("AMD Zen 3", "AMD Zen 4", "Intel with AVX-512", "unknown"; see
	// docs/kernels.md, "The static table").
	Microarchitecture string
	// Hidden lists the CPU features hidden by LANEHASH_HIDE.
	Hidden []string
	// Err is the first error of LANEHASH_HIDE or LANEHASH_CALIBRATE,
	// nil if both hold values lanes honours; Select fails with it.
	Err error
	// Hashes holds one entry per hash function.
	Hashes []HashCalibration
}

// Calibration returns what calibration measured and chose, running it
// first for any hash function whose automatic kernel was not built yet.
func Calibration() CalibrationReport {
	r := CalibrationReport{Microarchitecture: thisCPU.name, Hidden: hiddenFeatures(), Err: hideErr}
	for _, h := range []Hash{SHA256, Keccak256} {
		automatic(h)
		c := calibrations[h]
		if r.Err == nil {
			r.Err = c.err
		}
		r.Measured = r.Measured || c.on
		r.CPUTime += c.cpu
		r.WallTime += c.wall
		r.Hashes = append(r.Hashes, c.report)
	}
	return r
}

// String formats the report for a benchmark header, one line per hash
// function and kernel.
func (r CalibrationReport) String() string {
	var b strings.Builder
	if r.Err != nil {
		fmt.Fprintf(&b, "error: %v\n", r.Err)
	}
	fmt.Fprintf(&b, "microarchitecture: %s\n", r.Microarchitecture)
	if r.Measured {
		fmt.Fprintf(&b, "calibration: measured in %.2f ms CPU, %.2f ms wall\n", ms(r.CPUTime), ms(r.WallTime))
	} else {
		fmt.Fprintf(&b, "calibration: off (%s=off), static table\n", EnvCalibrate)
	}
	if len(r.Hidden) > 0 {
		fmt.Fprintf(&b, "hidden CPU features (%s): %s\n", EnvHide, strings.Join(r.Hidden, ","))
	}
	for _, h := range r.Hashes {
		for _, t := range h.Timings {
			fmt.Fprintf(&b, "  %-22s lockstep %7.1f±%.1f ns/pair  pairs %7.1f±%.1f ns/pair  one pair %7.1f±%.1f ns\n",
				t.Name, t.LockstepPerPair, t.LockstepSpread/2, t.PairsPerPair, t.PairsSpread/2, t.OnePair, t.OnePairSpread/2)
		}
		fmt.Fprintf(&b, "%s: %s\n", h.Hash, h.Kernel)
		if h.Persist != "" {
			fmt.Fprintf(&b, "  persisted calibration: %s\n", h.Persist)
		}
		fmt.Fprintf(&b, "  chosen: %s\n", h.Chosen)
		if !slices.Equal(h.Chosen.ForInstances, h.Static.ForInstances) || h.Chosen.Lockstep != h.Static.Lockstep ||
			h.Chosen.Pairs != h.Static.Pairs || h.Chosen.Narrow != h.Static.Narrow || h.Chosen.TailThreshold != h.Static.TailThreshold {
			fmt.Fprintf(&b, "  static: %s\n", h.Static)
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// String formats the choice on one line.
func (c Choice) String() string {
	s := "lockstep " + c.Lockstep + ", pairs " + c.Pairs
	if c.Narrow != "" {
		s += fmt.Sprintf(", remainders < %d on %s", c.TailThreshold, c.Narrow)
		for g, t := range c.JoinThresholds {
			switch {
			case len(c.JoinThresholds) == 1:
				s += fmt.Sprintf(" (< %d after full batches", t)
			case g == 0:
				s += fmt.Sprintf(" (< %d after 1 full batch", t)
			case g < len(c.JoinThresholds)-1:
				s += fmt.Sprintf(", < %d after %d", t, g+1)
			default:
				s += fmt.Sprintf(", < %d after %d or more", t, g+1)
			}
		}
		if len(c.JoinThresholds) > 0 {
			s += ")"
		}
	}
	var small []string
	for n := 1; n < len(c.ForInstances); n++ {
		if c.ForInstances[n] != c.Lockstep {
			small = append(small, fmt.Sprintf("%d→%s", n, c.ForInstances[n]))
		}
	}
	if len(small) > 0 {
		s += ", instances " + strings.Join(small, " ")
	}
	return s
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

// calibration is the record of one hash function's automatic kernel.
type calibration struct {
	on        bool // calibration was on when the kernel was built
	cpu, wall time.Duration
	report    HashCalibration
	// err is the EnvCalibrate error: the kernel was built from the
	// static table, and Select refuses it.
	err error
}

var calibrations [2]calibration

var (
	autoOnce    [2]sync.Once
	autoKernels [2]*Kernel
)

// automaticChecked returns the automatic kernel of h, or the error of an
// EnvCalibrate value it cannot honour.
func automaticChecked(h Hash) (*Kernel, error) {
	k := automatic(h)
	if err := calibrations[h].err; err != nil {
		return nil, err
	}
	return k, nil
}

// automatic returns the automatic kernel of h, calibrated on first use
// (built from the static table, and recorded with the error, when
// EnvCalibrate holds an unknown value).
func automatic(h Hash) *Kernel {
	autoOnce[h].Do(func() {
		static := staticChoice(h, registry, thisCPU)
		c := static
		var cal calibration
		mode, err := parseCalibrate(os.Getenv(EnvCalibrate))
		cal.err = err
		if mode != calibrateOff {
			cal.on = true
			// The thread stays locked from one clock reading to the
			// other, so both come from the same thread's CPU clock.
			runtime.LockOSThread()
			wall := time.Now()
			cpu0, cpuOK := cputime.Thread()
			measure := func() []measured { return measureAll(h, registry) }
			var timings []measured
			if mode == calibratePersist {
				timings, cal.report.Persist = persistedTimings(h, registry, cpufeat.ID, measure)
			} else {
				timings = measure()
			}
			cpu1, _ := cputime.Thread()
			cal.wall = time.Since(wall)
			runtime.UnlockOSThread()
			if cpuOK {
				cal.cpu = time.Duration(cpu1 - cpu0)
			}
			c = decide(static, timings)
			for _, m := range timings {
				cal.report.Timings = append(cal.report.Timings, m.timing)
			}
		}
		k := newAutomatic(h, c)
		cal.report.Hash, cal.report.Kernel = h, k.name
		cal.report.Chosen, cal.report.Static = c.describe(), static.describe()
		autoKernels[h], calibrations[h] = k, cal
	})
	return autoKernels[h]
}

// describe names the kernels of a choice for the report.
func (c choice) describe() Choice {
	d := Choice{Lockstep: c.lockstep.name, Pairs: c.pairs.name, TailThreshold: c.tailThreshold, JoinThresholds: c.joins()}
	if c.narrow != nil {
		d.Narrow = c.narrow.name
	}
	if w := c.lockstep.width; w > 1 {
		d.ForInstances = make([]string, w)
		for n := 1; n < w; n++ {
			d.ForInstances[n] = c.lockstep.name
			if n < len(c.small) && c.small[n] != nil {
				d.ForInstances[n] = c.small[n].name
			}
		}
	}
	return d
}

// CalibrationOps is the op list calibration times Lockstep on: the tree
// of a phase0 Validator over 17 nodes. Leaves 0 and 1 are the halves of
// the 48-byte pubkey and 2..8 the other seven fields; node 9 is the
// pubkey root, 10..13, 14..15 and 16 the levels above, 16 the root: 8
// leaves → 4 → 2 → 1 plus the pubkey's own level, the shape of most SSZ
// containers.
func CalibrationOps() []Op {
	return []Op{
		{Left: 0, Right: 1, Out: 9},
		{Left: 9, Right: 2, Out: 10},
		{Left: 3, Right: 4, Out: 11},
		{Left: 5, Right: 6, Out: 12},
		{Left: 7, Right: 8, Out: 13},
		{Left: 10, Right: 11, Out: 14},
		{Left: 12, Right: 13, Out: 15},
		{Left: 14, Right: 15, Out: 16},
	}
}

// calibrationFields are where the leaves of CalibrationOps come from in
// a Validator's 121-byte SSZ record: the pubkey's two chunks (48 bytes,
// the second half zero-padded), the withdrawal credentials, then the
// balance, the slashed flag and four epochs, each zero-padded to a
// chunk. Gathering them is the per-instance work the scheduler does
// before every block.
var calibrationFields = [calibrationLeaves]struct{ off, n int }{
	{0, 32}, {32, 16}, {48, 32}, {80, 8}, {88, 1}, {89, 8}, {97, 8}, {105, 8}, {113, 8},
}

const (
	calibrationLeaves = 9
	calibrationNodes  = 17
	calibrationRecord = 121 // a Validator's SSZ size
	calibrationPairs  = 64  // the longest Pairs run (calibrationPairsFor)
	// calibrationLanes is about how many instances the Lockstep run
	// covers: a block of calibrationGroups(W) groups.
	calibrationLanes = 16
	// calibrationSamples runs of about calibrationRun each are timed per
	// measurement, after a warm-up that sizes them: 11, so that the
	// median and the 3rd and 9th samples (the spread) are order
	// statistics of their own.
	calibrationSamples = 11
	calibrationRun     = 10 * time.Microsecond
	maxRepetitions     = 1000
)

// calibrationPairsFor is how many pairs the Pairs run of a kernel of
// width w hashes: 16 batches of its width, at most 64 pairs. A kernel
// that overlaps batches (shanix4) needs many to show its steady state;
// a one-lane pure-Go kernel does not, and its run would cost a third of
// the whole calibration.
func calibrationPairsFor(w int) int { return min(calibrationPairs, 16*w) }

// calibrationGroups is how many groups of W instances the Lockstep run
// of a kernel of width w hashes in one call: enough that consecutive
// ops are independent, as in the scheduler's blocks (a kernel may
// overlap an op with the next one then, as sha256/shanix4 does), and at
// most 4, which keeps the slowest kernel's run short.
func calibrationGroups(w int) int { return max(1, min(calibrationLanes/w, 4)) }

// calibrationBlock returns the Lockstep run of k: gather the leaves of
// g·W instances from their records, Pack them (unless ChunkLayout), run
// the expanded program, take the roots out. records holds g·W records,
// staging, arena and out are scratch of the block's size.
func calibrationBlock(k *Kernel, records, staging, arena, out []byte) func() {
	g, w := calibrationGroups(k.width), k.width
	size := g * k.NodeSize() // one node of every group
	ops := NewOps(ExpandOps(CalibrationOps(), g))
	chunks := k.layout == ChunkLayout
	leaves := staging[:calibrationLeaves*size]
	if chunks {
		leaves = arena[:calibrationLeaves*size]
	}
	root := arena[(calibrationNodes-1)*size : calibrationNodes*size]
	return func() {
		// Node n of group j is node n·g+j (ExpandOps); lane p of it
		// holds instance j·W+p.
		for n, f := range calibrationFields {
			for i := range g * w {
				chunk := leaves[32*((n*g+i/w)*w+i%w):][:32]
				copy(chunk, records[i*calibrationRecord+f.off:][:f.n])
				clear(chunk[f.n:])
			}
		}
		if !chunks {
			k.Pack(arena[:calibrationLeaves*size], leaves)
		}
		k.LockstepOps(arena[:calibrationNodes*size], ops)
		if chunks {
			copy(out[:size], root)
		} else {
			k.Unpack(out[:size], root)
		}
	}
}

// measureAll times every available kernel of h, unless there is only one
// (nothing to choose). The runs of all kernels are interleaved, sample
// by sample, so that a slow phase of a loaded machine hits every
// candidate alike instead of one kernel's whole measurement. With five
// kernels it takes about 3 ms of CPU.
func measureAll(h Hash, entries []entry) []measured {
	var es []*entry
	for i := range entries {
		if e := &entries[i]; e.kernel.hash == h && e.missing == "" {
			es = append(es, e)
		}
	}
	if len(es) < 2 {
		return nil
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	maxBlock := 0
	for _, e := range es {
		maxBlock = max(maxBlock, calibrationGroups(e.kernel.width)*e.kernel.width)
	}
	src := make([]byte, calibrationRecord*maxBlock)
	for i := range src {
		src[i] = byte(i*7 + i>>8)
	}
	dst := make([]byte, 32*maxBlock)
	// The Pairs runs hash a tree level in place, as the workload does:
	// with a separate destination, whose distance from the source modulo
	// 4096 depends on the heap's layout in this process, the loads of
	// one batch could wait on the stores of an earlier one to the same
	// page offset (4K aliasing), and four SHA-NI streams measured 63
	// instead of 43 ns per pair in about half of the fresh processes.
	level := make([]byte, 64*calibrationPairs)
	for i := range level {
		level[i] = byte(i*7 + i>>8)
	}
	staging := make([]byte, calibrationLeaves*32*maxBlock)
	arena := make([]byte, calibrationNodes*32*maxBlock)

	// Three timed calls per kernel: the calibration block, Pairs on up
	// to 64 pairs, Pairs on one pair.
	var runs []*timedRun
	for _, e := range es {
		k := e.kernel
		runs = append(runs,
			&timedRun{f: calibrationBlock(k, src, staging, arena, dst)},
			&timedRun{f: func() { n := calibrationPairsFor(k.width); k.pairs(level[:32*n], level[:64*n]) }},
			&timedRun{f: func() { k.pairs(level[:32], level[:64]) }},
		)
	}
	clock := newClock()
	for _, r := range runs {
		r.size(clock)
	}
	for i := 0; i < calibrationSamples; i++ {
		for _, r := range runs {
			r.sample(clock, i)
		}
	}
	ms := make([]measured, len(es))
	for i, e := range es {
		k := e.kernel
		pairs := [3]float64{float64(8 * calibrationGroups(k.width) * k.width), float64(calibrationPairsFor(k.width)), 1}
		var med, spread [3]float64
		for j := range 3 {
			med[j], spread[j] = runs[3*i+j].median(), runs[3*i+j].spread()
			med[j], spread[j] = med[j]/pairs[j], spread[j]/pairs[j]
		}
		ms[i] = measured{entry: *e, timing: KernelTiming{
			Name:            k.name,
			Width:           k.width,
			LockstepPerPair: med[0], LockstepSpread: spread[0],
			PairsPerPair: med[1], PairsSpread: spread[1],
			OnePair: med[2], OnePairSpread: spread[2],
		}}
	}
	return ms
}

// newClock returns the measuring clock in nanoseconds: the thread's CPU
// time (the caller holds the OS thread), or the monotonic wall clock
// where that cannot be read.
func newClock() func() int64 {
	if _, ok := cputime.Thread(); ok {
		return func() int64 { t, _ := cputime.Thread(); return t }
	}
	base := time.Now()
	return func() int64 { return int64(time.Since(base)) }
}

// timedRun is one call under calibration and its samples.
type timedRun struct {
	f       func()
	reps    int
	samples [calibrationSamples]float64
}

// size is the warm-up. A few untimed calls first (the first touch of the
// buffers faults pages in, kernel time the thread clock counts); then
// the repetitions double until the faster of two runs takes at least
// half of calibrationRun, and are scaled so that a sample takes about
// calibrationRun. Taking the faster of two keeps one interrupted run
// from stopping the doubling early and leaving the samples so short that
// the clock's own cost (a system call, about 1 µs here) inflates them.
func (r *timedRun) size(clock func() int64) {
	for range 3 {
		r.f()
	}
	run := func(reps int) int64 {
		t0 := clock()
		for range reps {
			r.f()
		}
		return clock() - t0
	}
	reps := 1
	for {
		t := max(min(run(reps), run(reps)), 1)
		if t >= int64(calibrationRun)/2 || reps >= maxRepetitions {
			r.reps = int(min(max(int64(reps)*int64(calibrationRun)/t, 1), maxRepetitions))
			return
		}
		reps *= 2
	}
}

// sample times one run of r.reps calls into sample i, per call.
func (r *timedRun) sample(clock func() int64, i int) {
	t0 := clock()
	for range r.reps {
		r.f()
	}
	r.samples[i] = float64(clock()-t0) / float64(r.reps)
}

// median returns the middle sample, in nanoseconds per call. The
// fastest sample, used before, is the most reproducible number for one
// kernel, but it compares kernels at their luckiest run, and the luck
// differs by kernel: four SHA-NI streams, which need the core's whole
// vector pipes, lose more to a busy SMT sibling than two do. The median
// compares them as the workload meets them, and the spread says how far
// to trust the comparison.
func (r *timedRun) median() float64 { return r.sorted()[calibrationSamples/2] }

// spread returns the 9th minus the 3rd of the 11 sorted samples.
func (r *timedRun) spread() float64 {
	s := r.sorted()
	return s[calibrationSamples-3] - s[2]
}

// sorted returns the samples in increasing order.
func (r *timedRun) sorted() []float64 {
	s := slices.Clone(r.samples[:])
	slices.Sort(s)
	return s
}
