package lanes

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// fakeKernel is a registry kernel that is only ever decided about, never
// run.
func fakeKernel(name string, w int) *Kernel {
	return &Kernel{name: name, hash: SHA256, width: w}
}

// zen3 and turin are the kernels of the two measured CPU classes with
// timings like those calibration took on them (docs/kernels.md).
var (
	fakeAVX512 = fakeKernel("sha256/avx512x16", 16)
	fakeAVX2   = fakeKernel("sha256/avx2x8", 8)
	fakeSHANI4 = fakeKernel("sha256/shanix4", 4)
	fakeSHANI  = fakeKernel("sha256/shanix2", 2)
	fakeGo     = fakeKernel("sha256/genericx1", 1)
	fakeStd    = fakeKernel("sha256/stdlibx1", 1)
)

func fakeEntries() []entry {
	return []entry{
		{kernel: fakeAVX512, narrowBelow: 8, vector512: true},
		{kernel: fakeAVX2, narrowBelow: 8, narrowFaster: true, oneStreamBelow: 3},
		{kernel: fakeSHANI4, ownTails: true, streams: true},
		{kernel: fakeSHANI, narrow: true},
		{kernel: fakeGo, portable: true},
		{kernel: fakeStd, narrow: true, oneStream: true},
	}
}

// The microarchitecture classes the static table tells apart
// (classify); only halfWidth512 changes a choice.
var (
	archZen3  = microarch{name: "AMD Zen 3"}
	archZen4  = microarch{name: "AMD Zen 4", halfWidth512: true}
	archZen5  = microarch{name: "AMD Zen 5"}
	archIntel = microarch{name: "Intel with AVX-512"}
)

// quietSpread is the relative spread timed gives every timing: what
// calibration measures on a quiet Zen 3 (1–2% between the 3rd and 9th
// of 11 samples).
const quietSpread = 0.015

// timed is k measured at these timings with quietSpread; two-stream
// SHA-NI is marked narrow and the pure-Go kernel portable, as in the
// registry.
func timed(k *Kernel, lockstep, pairs, one float64) measured {
	return timedSpread(k, quietSpread, lockstep, pairs, one)
}

// timedSpread is timed with every spread a fraction sp of its timing.
func timedSpread(k *Kernel, sp, lockstep, pairs, one float64) measured {
	return measured{
		entry: entry{kernel: k, narrow: k == fakeSHANI || k == fakeStd, oneStream: k == fakeStd, portable: k == fakeGo, ownTails: k == fakeSHANI4,
			streams: k == fakeSHANI4, vector512: k == fakeAVX512},
		timing: KernelTiming{Name: k.name, Width: k.width, LockstepPerPair: lockstep, PairsPerPair: pairs, OnePair: one,
			LockstepSpread: sp * lockstep, PairsSpread: sp * pairs, OnePairSpread: sp * one},
	}
}

// zen3Timings are without the four-stream SHA-NI kernel (the entries
// of noX4 lack it) and the one-stream kernel; zen3X4Timings with both,
// as calibration measured them there (docs/kernels.md).
func zen3Timings() []measured {
	return []measured{
		timed(fakeAVX2, 100, 100, 800),
		timed(fakeSHANI, 54, 48, 92),
		timed(fakeGo, 700, 650, 700),
	}
}

func zen3X4Timings() []measured {
	return []measured{
		timed(fakeAVX2, 95, 100, 770),
		timed(fakeSHANI4, 45, 40, 104),
		timed(fakeSHANI, 55, 49, 99),
		timed(fakeGo, 680, 650, 740),
		// crypto/sha256 on SHA-NI (docs/kernels.md, "Speed per CPU
		// class"): a narrow candidate slower than shanix2.
		timed(fakeStd, 178, 175, 157),
	}
}

// turinTimings are a full-width AVX-512 core's (Zen 5 Turin).
func turinTimings() []measured {
	return []measured{
		timed(fakeAVX512, 26, 27, 410),
		timed(fakeAVX2, 77, 80, 650),
		timed(fakeSHANI, 52, 50, 57),
		timed(fakeGo, 550, 560, 470),
	}
}

// zen4Timings are a half-width AVX-512 core's (Zen 4, issue #22): four
// SHA-NI streams 14–17% faster than 16 half-width lanes at Lockstep.
func zen4Timings() []measured {
	return []measured{
		timed(fakeAVX512, 33.5, 34, 420),
		timed(fakeAVX2, 80, 84, 640),
		timed(fakeSHANI4, 28.7, 27.5, 80),
		timed(fakeSHANI, 35, 33, 62),
		timed(fakeGo, 560, 560, 480),
	}
}

// withoutAVX512 is the registry of a CPU without AVX-512.
func withoutAVX512() []entry {
	es := fakeEntries()
	es[0].missing = "avx512f"
	return es
}

// noX4 is the registry of a CPU without AVX-512 where the four-stream
// kernel is excluded too (LANEHASH_KERNEL tests, a CPU class before it).
func noX4() []entry {
	es := withoutAVX512()
	es[2].missing = "excluded"
	return es
}

func TestStaticChoiceFullWidthIsWidestWithNarrowTails(t *testing.T) {
	for _, arch := range []microarch{archZen5, archIntel, {name: "unknown"}} {
		c := staticChoice(SHA256, fakeEntries(), arch)
		if c.lockstep != fakeAVX512 || c.pairs != fakeAVX512 || c.narrow != fakeSHANI || c.tailThreshold != 8 {
			t.Errorf("%s: static choice on AVX-512 = %+v", arch.name, c.describe())
		}
		for n := 1; n < 16; n++ {
			want := fakeAVX512
			if 2*n < 16 {
				want = fakeSHANI
			}
			if got := c.forInstances(n); got != want {
				t.Errorf("%s: static ForInstances(%d) = %s, want %s", arch.name, n, got.name, want.name)
			}
		}
	}
	c := staticChoice(SHA256, noX4(), archZen3)
	if c.lockstep != fakeAVX2 || c.pairs != fakeSHANI || c.narrow != nil {
		t.Errorf("static choice without AVX-512 and four streams = %+v", c.describe())
	}
}

// TestStaticChoiceStreamsFirst: on a core without AVX-512 (Zen 3, Intel
// client) and on one running it at half width (Zen 4), the static table
// runs Lockstep and Pairs on four SHA-NI streams, batches of one or two
// instances on two; it used to run Lockstep on the widest kernel, which
// calibration then had to overturn by a fixed 25%, and on Zen 4 often
// did not (issue #22).
func TestStaticChoiceStreamsFirst(t *testing.T) {
	for _, tc := range []struct {
		arch    microarch
		entries []entry
	}{
		{archZen3, withoutAVX512()},
		{microarch{name: "Intel without AVX-512"}, withoutAVX512()},
		{archZen4, fakeEntries()},
		{archZen5, withoutAVX512()}, // AVX-512 hidden: nothing to run at full width
	} {
		c := staticChoice(SHA256, tc.entries, tc.arch)
		if c.lockstep != fakeSHANI4 || c.pairs != fakeSHANI4 || c.narrow != nil {
			t.Errorf("%s: static choice %s, want Lockstep and Pairs on shanix4", tc.arch.name, c.describe())
		}
		for n, want := range []*Kernel{1: fakeSHANI, 2: fakeSHANI, 3: fakeSHANI4} {
			if n > 0 && c.forInstances(n) != want {
				t.Errorf("%s: static ForInstances(%d) = %s, want %s", tc.arch.name, n, c.forInstances(n).name, want.name)
			}
		}
	}
}

// forInstances is ForInstances on a bare choice: nil entries are the
// Lockstep kernel.
func (c choice) forInstances(n int) *Kernel {
	if n < len(c.small) && c.small[n] != nil {
		return c.small[n]
	}
	return c.lockstep
}

func TestDecideZen3PicksSHANIEverywhere(t *testing.T) {
	c := choose(SHA256, noX4(), archZen3, zen3Timings())
	if c.lockstep != fakeSHANI || c.pairs != fakeSHANI || c.narrow != nil || c.tailThreshold != 0 {
		t.Fatalf("Zen 3 choice = %s", c.describe())
	}
	if got := c.forInstances(1); got != fakeSHANI {
		t.Errorf("ForInstances(1) = %s, want the Lockstep kernel shanix2 (one group of 2 beats 8 pure-Go pairs)", got.name)
	}
}

func TestDecideTurinKeepsAVX512WithSHANITails(t *testing.T) {
	c := choose(SHA256, fakeEntries(), archZen5, turinTimings())
	if c.lockstep != fakeAVX512 || c.pairs != fakeAVX512 || c.narrow != fakeSHANI {
		t.Fatalf("Turin choice = %s", c.describe())
	}
	// 57 + 6·50 ns for r = 7 against one masked call of 410: SHA-NI up
	// to 7 pairs, the 16-lane call from 8 on, as the static table says.
	if c.tailThreshold != 8 {
		t.Errorf("tail threshold %d, want 8", c.tailThreshold)
	}
	// A group of 16 costs 8·16·26 = 3328 ns; ⌈n/2⌉ SHA-NI groups 832 ns
	// each. n ≤ 6 is clearly SHA-NI; n = 7 and 8 tie (3328), so the
	// static rule "SHA-NI below half the lanes" stands; from 9 on the
	// 16-lane kernel is faster (4160 against 3328 at n = 9) and the static
	// rule says so too.
	for n, want := range map[int]*Kernel{1: fakeSHANI, 6: fakeSHANI, 7: fakeSHANI, 8: fakeAVX512, 9: fakeAVX512, 15: fakeAVX512} {
		if got := c.forInstances(n); got != want {
			t.Errorf("ForInstances(%d) = %s, want %s", n, got.name, want.name)
		}
	}
}

func TestDecideMovesTailThresholdOnlyWhenClear(t *testing.T) {
	static := staticChoice(SHA256, fakeEntries(), archZen5)
	// SHA-NI pairs twice as dear: r·100 against 410 crosses at 4.1, far
	// from the static 8, so the threshold moves to 5 (r = 4 costs 400,
	// less than 410, so the static "narrow" stands there; r = 5 costs
	// 500, clearly more than 410 ± the spreads).
	ms := turinTimings()
	ms[2] = timed(fakeSHANI, 52, 100, 100)
	c := decide(static, ms)
	if c.narrow != fakeSHANI || c.tailThreshold != 5 {
		t.Errorf("with 100 ns SHA-NI pairs: narrow %v below %d, want shanix2 below 5", c.narrow, c.tailThreshold)
	}
	// A narrow kernel slower than one masked call loses the tails.
	ms[2] = timed(fakeSHANI, 52, 600, 600)
	if c := decide(static, ms); c.narrow != nil || c.tailThreshold != 0 {
		t.Errorf("with 600 ns SHA-NI pairs: narrow %v below %d, want none", c.narrow, c.tailThreshold)
	}
}

// TestDecideHysteresisIsTheSpread: how much faster a kernel must
// measure to replace the static one follows the measured spread, not a
// fixed margin. 5% faster replaces the static kernel when both spread
// by 1.5% (a quiet machine), not when they spread by 4% (a loaded one);
// 2% faster never does (the drift floor, driftAsm).
func TestDecideHysteresisIsTheSpread(t *testing.T) {
	static := staticChoice(SHA256, noX4(), archZen3) // Lockstep on avx2x8
	for _, tc := range []struct {
		spread, faster float64
		want           *Kernel
	}{
		{quietSpread, 0.05, fakeSHANI},
		{0.04, 0.05, fakeAVX2},
		{0.04, 0.10, fakeSHANI},
		{0, 0.02, fakeAVX2},
		{quietSpread, 0.02, fakeAVX2},
	} {
		ms := []measured{
			timedSpread(fakeAVX2, tc.spread, 100, 100, 800),
			timedSpread(fakeSHANI, tc.spread, 100*(1-tc.faster), 48, 92),
			timedSpread(fakeGo, tc.spread, 700, 650, 700),
		}
		if c := decide(static, ms); c.lockstep != tc.want {
			t.Errorf("%.0f%% faster at %.1f%% spread: Lockstep on %s, want %s", 100*tc.faster, 100*tc.spread, c.lockstep.name, tc.want.name)
		}
	}
}

// TestDecidePortableMargin checks the wider drift floor around pure-Go
// kernels, whose timings drift more between processes than one
// process's spread shows: 15% faster is not enough to replace an
// assembly kernel, 30% is.
func TestDecidePortableMargin(t *testing.T) {
	static := staticChoice(SHA256, noX4(), archZen3)
	ms := []measured{
		timed(fakeAVX2, 100, 100, 800),
		timed(fakeSHANI, 200, 200, 200),
		timed(fakeGo, 85, 650, 700),
	}
	if c := decide(static, ms); c.lockstep != fakeAVX2 {
		t.Errorf("a 15%% faster pure-Go kernel replaced the static Lockstep kernel: %s", c.describe())
	}
	ms[2] = timed(fakeGo, 70, 650, 700)
	if c := decide(static, ms); c.lockstep != fakeGo {
		t.Errorf("a 30%% faster pure-Go kernel did not replace the static Lockstep kernel: %s", c.describe())
	}
}

// TestDecideTieGoesToRegistryOrder checks that two candidates within
// each other's spread resolve by registry order, not by which measured
// a little faster in this process.
func TestDecideTieGoesToRegistryOrder(t *testing.T) {
	static := choice{lockstep: fakeAVX2, pairs: fakeSHANI} // neither candidate
	for _, x2 := range []float64{61, 62, 63} {             // shanix4 at 62: within the drift floor
		ms := []measured{
			timed(fakeAVX2, 100, 100, 800),
			timed(fakeSHANI4, 62, 40, 104),
			timed(fakeSHANI, x2, 49, 99),
			timed(fakeGo, 680, 650, 740),
		}
		if c := decide(static, ms); c.lockstep != fakeSHANI4 {
			t.Errorf("shanix2 at %v against shanix4 at 62: Lockstep on %s, want shanix4 (registered first)", x2, c.lockstep.name)
		}
	}
	ms := []measured{
		timed(fakeAVX2, 100, 100, 800),
		timed(fakeSHANI4, 62, 40, 104),
		timed(fakeSHANI, 56, 49, 99), // 10% faster: clearly
		timed(fakeGo, 680, 650, 740),
	}
	if c := decide(static, ms); c.lockstep != fakeSHANI {
		t.Errorf("shanix2 clearly faster: Lockstep on %s", c.lockstep.name)
	}
}

// TestChooseZen3 is the choice on Zen 3 (no AVX-512): four SHA-NI
// streams for Lockstep and full Pairs batches (18–20% faster than two),
// two streams for small batches, whose one pair is cheaper; and the
// same when a busy SMT sibling narrows the gap to within the spread.
func TestChooseZen3(t *testing.T) {
	loaded := []measured{
		timedSpread(fakeAVX2, 0.06, 120, 125, 900),
		timedSpread(fakeSHANI4, 0.06, 62, 58, 130),
		timedSpread(fakeSHANI, 0.06, 60, 56, 110), // 3% faster, spread 6%
		timedSpread(fakeGo, 0.06, 800, 760, 860),
	}
	for name, ms := range map[string][]measured{"quiet": zen3X4Timings(), "loaded": loaded} {
		c := choose(SHA256, withoutAVX512(), archZen3, ms)
		if c.lockstep != fakeSHANI4 || c.pairs != fakeSHANI4 {
			t.Errorf("%s: %s, want Lockstep and Pairs on shanix4", name, c.describe())
		}
		// Three instances fill one four-lane group (32 pairs at 45 ns)
		// sooner than two two-lane groups (also 32 pairs, at 55 ns).
		for n, want := range []*Kernel{1: fakeSHANI, 2: fakeSHANI, 3: fakeSHANI4} {
			if n > 0 && c.forInstances(n) != want {
				t.Errorf("%s: ForInstances(%d) = %s, want %s", name, n, c.forInstances(n).name, want.name)
			}
		}
		if c.narrow != nil {
			t.Errorf("%s: remainders split off to %s; shanix4 runs them on two streams itself", name, c.narrow.name)
		}
	}
}

// TestChooseZen4 is issue #22's case: on Zen 4 (AVX-512 at half width)
// four SHA-NI streams run the workload fastest, and every process must
// choose them. The old rule started from the widest kernel and needed
// four streams to measure 25% faster, which they are not (14–17%), so
// noise decided. Now the static table starts from four streams, and a
// process in which the 16 lanes measure a little faster (a slow phase
// for the streams, within the spread) keeps them.
func TestChooseZen4(t *testing.T) {
	unlucky := zen4Timings()
	unlucky[0] = timedSpread(fakeAVX512, 0.04, 30, 31, 420)
	unlucky[2] = timedSpread(fakeSHANI4, 0.04, 31, 30, 82)
	for name, ms := range map[string][]measured{"quiet": zen4Timings(), "unlucky": unlucky} {
		c := choose(SHA256, fakeEntries(), archZen4, ms)
		if c.lockstep != fakeSHANI4 || c.pairs != fakeSHANI4 {
			t.Errorf("%s: Zen 4 choice %s, want Lockstep and Pairs on shanix4", name, c.describe())
		}
	}
	// Were the 16 lanes clearly faster after all (a Zen 4 part this
	// table does not know), calibration follows the measurement.
	fast := zen4Timings()
	fast[0] = timed(fakeAVX512, 22, 23, 400)
	if c := choose(SHA256, fakeEntries(), archZen4, fast); c.lockstep != fakeAVX512 {
		t.Errorf("16 lanes 23%% faster on Zen 4: Lockstep on %s", c.lockstep.name)
	}
}

// TestChooseFullWidthAVX512 is Zen 5 and Intel server cores: 16 lanes
// at full width for Lockstep and Pairs, SHA-NI for remainders and small
// batches; four streams do not replace them within the spread.
func TestChooseFullWidthAVX512(t *testing.T) {
	spr := []measured{ // Sapphire Rapids shape: SHA-NI slower than on AMD
		timed(fakeAVX512, 24, 25, 380),
		timed(fakeAVX2, 70, 72, 600),
		timed(fakeSHANI4, 48, 45, 110),
		timed(fakeSHANI, 60, 58, 75),
		timed(fakeGo, 520, 530, 450),
	}
	for _, tc := range []struct {
		arch microarch
		ms   []measured
	}{{archZen5, turinTimings()}, {archIntel, spr}} {
		c := choose(SHA256, fakeEntries(), tc.arch, tc.ms)
		if c.lockstep != fakeAVX512 || c.pairs != fakeAVX512 || c.narrow != fakeSHANI || c.forInstances(1) != fakeSHANI {
			t.Errorf("%s: %s, want avx512x16 with shanix2 tails and small batches", tc.arch.name, c.describe())
		}
	}
}

// TestChooseIntelClient is an Intel core with SHA-NI and no AVX-512
// (Alder Lake and later client cores): streams first, kept when two
// streams measure within the spread of four.
func TestChooseIntelClient(t *testing.T) {
	ms := []measured{
		timed(fakeAVX2, 85, 88, 700),
		timed(fakeSHANI4, 52, 49, 100),
		timed(fakeSHANI, 51.5, 50, 70),
		timed(fakeGo, 600, 610, 520),
	}
	c := choose(SHA256, withoutAVX512(), microarch{name: "Intel without AVX-512"}, ms)
	if c.lockstep != fakeSHANI4 || c.pairs != fakeSHANI4 || c.forInstances(1) != fakeSHANI {
		t.Errorf("Intel client: %s, want shanix4 with shanix2 small batches", c.describe())
	}
}

// TestDecideStableUnderNoise perturbs every timing by up to ±4%, with
// the 4% spreads calibration measures on a loaded machine, and checks no
// decision changes: a decision flips only when the measured ratio
// itself lies within the spread of the threshold, which none of these
// (the CPU classes' measurements) does.
func TestDecideStableUnderNoise(t *testing.T) {
	for name, tc := range map[string]struct {
		entries []entry
		arch    microarch
		ms      []measured
	}{
		"zen3":    {noX4(), archZen3, zen3Timings()},
		"zen3 x4": {withoutAVX512(), archZen3, zen3X4Timings()},
		"zen4":    {fakeEntries(), archZen4, zen4Timings()},
		"turin":   {fakeEntries(), archZen5, turinTimings()},
	} {
		static := staticChoice(SHA256, tc.entries, tc.arch)
		want := decide(static, tc.ms).describe()
		r := rand.New(rand.NewPCG(1, 2))
		for trial := 0; trial < 200; trial++ {
			noisy := make([]measured, len(tc.ms))
			for i, m := range tc.ms {
				jitter := func(x float64) float64 { return x * (0.96 + 0.08*r.Float64()) }
				noisy[i] = timedSpread(m.kernel, 0.04, jitter(m.timing.LockstepPerPair), jitter(m.timing.PairsPerPair), jitter(m.timing.OnePair))
			}
			if got := decide(static, noisy).describe(); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s trial %d: noise changed the choice to %s, want %s", name, trial, got, want)
			}
		}
	}
}

func TestDecideWithoutTimingsIsStatic(t *testing.T) {
	static := staticChoice(SHA256, fakeEntries(), archZen5)
	if got := decide(static, nil); !reflect.DeepEqual(got.describe(), static.describe()) {
		t.Errorf("decide without timings = %s, want the static %s", got.describe(), static.describe())
	}
}

// TestDecideTakesMeasuredWhenStaticUnmeasured covers a static kernel that
// was not measured: the fastest measured one is taken.
func TestDecideTakesMeasuredWhenStaticUnmeasured(t *testing.T) {
	c := choose(SHA256, fakeEntries(), archZen5, zen3Timings()) // no avx512 timing
	if c.lockstep != fakeSHANI {
		t.Errorf("Lockstep = %s, want the fastest measured shanix2", c.lockstep.name)
	}
}

func TestMeasureAllTimesEveryAvailableKernel(t *testing.T) {
	for _, h := range []Hash{SHA256, Keccak256} {
		ms := measureAll(h, registry)
		var avail []string
		for _, e := range registry {
			if e.kernel.hash == h && e.missing == "" {
				avail = append(avail, e.kernel.name)
			}
		}
		if len(avail) < 2 {
			if ms != nil {
				t.Errorf("%v: one kernel, but measured %d", h, len(ms))
			}
			continue
		}
		if len(ms) != len(avail) {
			t.Fatalf("%v: measured %d kernels, %d available", h, len(ms), len(avail))
		}
		for i, m := range ms {
			tm := m.timing
			if tm.Name != avail[i] || !(tm.LockstepPerPair > 0 && tm.PairsPerPair > 0 && tm.OnePair > 0) {
				t.Errorf("%v: timing %+v", h, tm)
			}
		}
	}
}

// TestDecideNarrowOnlyFromMarkedKernels: a kernel the registry does not
// mark narrow (here the pure-Go one, made the fastest at one pair and at
// one-instance groups) takes neither remainders nor small batches.
func TestDecideNarrowOnlyFromMarkedKernels(t *testing.T) {
	ms := turinTimings()
	ms[3] = timed(fakeGo, 50, 560, 1) // one instance: 8·50 ns against SHA-NI's 832
	c := choose(SHA256, fakeEntries(), archZen5, ms)
	if c.lockstep != fakeAVX512 || c.narrow != fakeSHANI {
		t.Errorf("choice %s, want Lockstep on avx512x16 and remainders on shanix2 (genericx1 is not marked narrow)", c.describe())
	}
	for n := 1; n < c.lockstep.width; n++ {
		if k := c.forInstances(n); k == fakeGo {
			t.Errorf("ForInstances(%d) = genericx1, which is not marked narrow", n)
		}
	}
}

// TestJoinThresholdsScale checks that the automatic kernel's thresholds
// after full groups (avx512x16's joinNarrowBelow, 3 and 5 beside a
// static tail threshold of 8) follow a calibrated tail threshold in
// proportion, rounded, between 1 and the tail threshold.
func TestJoinThresholdsScale(t *testing.T) {
	wide, narrow := kernelEntry(SHA256, "sha256/avx512x16"), kernelEntry(SHA256, "sha256/shanix2")
	if wide == nil || narrow == nil {
		t.Skip("no avx512x16 and shanix2 entries in this build (not amd64, or purego)")
	}
	for _, tc := range []struct{ tail, one, more int }{{8, 3, 5}, {4, 2, 3}, {16, 6, 10}, {2, 1, 1}, {1, 1, 1}} {
		c := choice{lockstep: wide.kernel, pairs: wide.kernel, narrow: narrow.kernel, tailThreshold: tc.tail}
		k := newAutomatic(SHA256, c)
		for n, want := range map[int]int{5: tc.tail, 16 + 5: tc.one, 32 + 5: tc.more, 160 + 5: tc.more} {
			if got := k.auto.threshold(n); got != want {
				t.Errorf("tail threshold %d: threshold at %d pairs %d, want %d", tc.tail, n, got, want)
			}
		}
		// The report names the thresholds the kernel runs with.
		d := c.describe()
		if !slices.Equal(d.JoinThresholds, []int{tc.one, tc.more}) {
			t.Errorf("tail threshold %d: reported JoinThresholds %v, want [%d %d]", tc.tail, d.JoinThresholds, tc.one, tc.more)
		}
		want := fmt.Sprintf("remainders < %d on sha256/shanix2 (< %d after 1 full batch, < %d after 2 or more)", tc.tail, tc.one, tc.more)
		if !strings.Contains(d.String(), want) {
			t.Errorf("tail threshold %d: report %q, want it to contain %q", tc.tail, d.String(), want)
		}
	}
	// Without a narrow kernel nothing is split off, and nothing reported.
	if d := (choice{lockstep: wide.kernel, pairs: wide.kernel, tailThreshold: 8}).describe(); d.JoinThresholds != nil || strings.Contains(d.String(), "remainders") {
		t.Errorf("no narrow kernel: reported %s (JoinThresholds %v)", d, d.JoinThresholds)
	}
}

// avx2Only is the registry of a CPU without AVX-512 and SHA-NI (the
// AVX2-only class): the one-stream kernel is its only narrow kernel.
func avx2Only() []entry {
	es := withoutAVX512()
	es[2].missing, es[3].missing = "sha", "sha"
	return es
}

// TestStaticChoiceOneStreamWithoutSHANI: without SHA-NI the static table
// keeps Lockstep, small batches and full Pairs batches on avx2x8 (its
// narrowFaster is measured against SHA-NI, not against one stream) and
// sends remainders below oneStreamBelow to the one-stream kernel; where a
// SHA-NI kernel is available the one-stream kernel is never used; and
// the pure-Go fallback gets no split.
func TestStaticChoiceOneStreamWithoutSHANI(t *testing.T) {
	c := staticChoice(SHA256, avx2Only(), microarch{name: "Intel without AVX-512"})
	if c.lockstep != fakeAVX2 || c.pairs != fakeAVX2 || c.narrow != fakeStd || c.tailThreshold != 3 {
		t.Fatalf("AVX2-only static choice = %s, want avx2x8 with remainders < 3 on stdlibx1", c.describe())
	}
	for n := 1; n < 8; n++ {
		if c.forInstances(n) != fakeAVX2 {
			t.Errorf("AVX2-only static ForInstances(%d) = %s, want avx2x8 (its Pairs splits a lone instance's levels)", n, c.forInstances(n).name)
		}
	}
	// SHA-NI present: the narrow kernel is shanix2 in every class.
	for _, tc := range []struct {
		arch    microarch
		entries []entry
	}{{archZen5, fakeEntries()}, {archZen3, withoutAVX512()}, {archZen3, noX4()}} {
		c := staticChoice(SHA256, tc.entries, tc.arch)
		for n := range c.small {
			if c.narrow == fakeStd || c.small[n] == fakeStd || c.pairs == fakeStd || c.lockstep == fakeStd {
				t.Errorf("%s with SHA-NI: static choice %s uses the one-stream kernel", tc.arch.name, c.describe())
			}
		}
	}
	// Four streams without the two-stream kernel (AutomaticWithout): the
	// one-stream kernel does not take shanix2's small batches.
	es := withoutAVX512()
	es[3].missing = "excluded"
	if c := staticChoice(SHA256, es, archZen3); c.forInstances(1) != fakeSHANI4 || c.narrow != nil {
		t.Errorf("shanix4 without shanix2: static choice %s, want everything on shanix4", c.describe())
	}
	// Nothing but the one-lane kernels.
	generic := avx2Only()
	generic[1].missing = "avx2"
	if c := staticChoice(SHA256, generic, archZen3); c.lockstep != fakeGo || c.pairs != fakeGo || c.narrow != nil {
		t.Errorf("pure-Go fallback: static choice %s, want genericx1 alone", c.describe())
	}
}

// TestDecideAVX2OnlyOneStreamTails: calibration keeps the one-stream
// split where it measured it (AMD EPYC Zen 5 with LANEHASH_HIDE=avx512,
// shani and GODEBUG=cpu.sha=off: 650 ns a masked avx2x8 call, 315 one
// crypto/sha256 pair), raises the threshold where one stream is
// relatively faster (Intel client cores: a slower masked call), drops
// the split where one stream measures slower than the masked call, and
// never prefers it to SHA-NI.
func TestDecideAVX2OnlyOneStreamTails(t *testing.T) {
	zen5 := []measured{
		timed(fakeAVX2, 81.7, 86.2, 650),
		timed(fakeGo, 389, 414, 473),
		timed(fakeStd, 317, 350, 315),
	}
	c := choose(SHA256, avx2Only(), archZen5, zen5)
	// One Validator-shaped instance measures 2,536 ns on one stream
	// against 5,228 in a group of avx2x8: still no small batches on it.
	if c.lockstep != fakeAVX2 || c.pairs != fakeAVX2 || c.narrow != fakeStd || c.tailThreshold != 3 ||
		c.forInstances(1) != fakeAVX2 || c.forInstances(2) != fakeAVX2 {
		t.Errorf("Zen 5 without SHA-NI: %s, want avx2x8 with remainders < 3 on stdlibx1, instances on avx2x8", c.describe())
	}
	client := []measured{
		timed(fakeAVX2, 110, 115, 900),
		timed(fakeGo, 450, 470, 520),
		timed(fakeStd, 260, 260, 250),
	}
	if c := choose(SHA256, avx2Only(), microarch{name: "Intel without AVX-512"}, client); c.narrow != fakeStd || c.tailThreshold != 4 {
		t.Errorf("relatively faster one stream: %s, want remainders < 4 on stdlibx1", c.describe())
	}
	slow := []measured{
		timed(fakeAVX2, 81.7, 86.2, 650),
		timed(fakeStd, 800, 800, 800),
	}
	if c := choose(SHA256, avx2Only(), archZen5, slow); c.narrow != nil || c.forInstances(1) != fakeAVX2 {
		t.Errorf("one stream slower than a masked call: %s, want no split", c.describe())
	}
	withSHANI := append(turinTimings(), timed(fakeStd, 125, 125, 125))
	if c := choose(SHA256, fakeEntries(), archZen5, withSHANI); c.narrow != fakeSHANI || c.forInstances(1) != fakeSHANI {
		t.Errorf("Turin with crypto/sha256 on SHA-NI: %s, want shanix2 tails", c.describe())
	}
}
