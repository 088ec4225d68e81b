package lanes

import (
	"math/rand/v2"
	"reflect"
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
)

func fakeEntries() []entry {
	return []entry{
		{kernel: fakeAVX512, narrowBelow: 8},
		{kernel: fakeAVX2, narrowBelow: 8, narrowFaster: true},
		{kernel: fakeSHANI4, ownTails: true},
		{kernel: fakeSHANI, narrow: true},
		{kernel: fakeGo, portable: true},
	}
}

// timed is k measured at these timings; two-stream SHA-NI is marked
// narrow and the pure-Go kernel portable, as in the registry.
func timed(k *Kernel, lockstep, pairs, one float64) measured {
	return measured{
		entry:  entry{kernel: k, narrow: k == fakeSHANI, portable: k == fakeGo, ownTails: k == fakeSHANI4},
		timing: KernelTiming{Name: k.name, Width: k.width, LockstepPerPair: lockstep, PairsPerPair: pairs, OnePair: one},
	}
}

// zen3Timings are without the four-stream SHA-NI kernel (hidden by the
// tests that use them); zen3X4Timings with it, as calibration measured
// it there (fastest samples, docs/kernels.md).
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
	}
}

func turinTimings() []measured {
	return []measured{
		timed(fakeAVX512, 26, 27, 410),
		timed(fakeAVX2, 77, 80, 650),
		timed(fakeSHANI, 52, 50, 57),
		timed(fakeGo, 550, 560, 470),
	}
}

// withoutAVX512 is the registry of a CPU without AVX-512.
func withoutAVX512() []entry {
	es := fakeEntries()
	es[0].missing = "avx512f"
	return es
}

func TestStaticChoiceIsWidestWithNarrowTails(t *testing.T) {
	c := staticChoice(SHA256, fakeEntries())
	if c.lockstep != fakeAVX512 || c.pairs != fakeAVX512 || c.narrow != fakeSHANI || c.tailThreshold != 8 {
		t.Errorf("static choice on AVX-512 = %+v", c.describe())
	}
	for n := 1; n < 16; n++ {
		want := fakeAVX512
		if 2*n < 16 {
			want = fakeSHANI
		}
		if got := c.forInstances(n); got != want {
			t.Errorf("static ForInstances(%d) = %s, want %s", n, got.name, want.name)
		}
	}
	c = staticChoice(SHA256, withoutAVX512())
	if c.lockstep != fakeAVX2 || c.pairs != fakeSHANI || c.narrow != nil {
		t.Errorf("static choice without AVX-512 = %+v", c.describe())
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
	c := decide(staticChoice(SHA256, withoutAVX512()), zen3Timings())
	if c.lockstep != fakeSHANI || c.pairs != fakeSHANI || c.narrow != nil || c.tailThreshold != 0 {
		t.Fatalf("Zen 3 choice = %s", c.describe())
	}
	if got := c.forInstances(1); got != fakeSHANI {
		t.Errorf("ForInstances(1) = %s, want the Lockstep kernel shanix2 (one group of 2 beats 8 pure-Go pairs)", got.name)
	}
}

func TestDecideTurinKeepsAVX512WithSHANITails(t *testing.T) {
	c := decide(staticChoice(SHA256, fakeEntries()), turinTimings())
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
	static := staticChoice(SHA256, fakeEntries())
	// SHA-NI pairs twice as dear: r·100 against 410 crosses at 4.1, far
	// from the static 8, so the threshold moves to 6 (r = 5 costs 500,
	// more than 410 but not by the margin, so the static "narrow" stands
	// there; r = 6 costs 600 > 1.25·410).
	ms := turinTimings()
	ms[2] = timed(fakeSHANI, 52, 100, 100)
	c := decide(static, ms)
	if c.narrow != fakeSHANI || c.tailThreshold != 6 {
		t.Errorf("with 100 ns SHA-NI pairs: narrow %v below %d, want shanix2 below 6", c.narrow, c.tailThreshold)
	}
	// A narrow kernel slower than one masked call loses the tails.
	ms[2] = timed(fakeSHANI, 52, 600, 600)
	if c := decide(static, ms); c.narrow != nil || c.tailThreshold != 0 {
		t.Errorf("with 600 ns SHA-NI pairs: narrow %v below %d, want none", c.narrow, c.tailThreshold)
	}
}

func TestDecideKeepsStaticWithinMargin(t *testing.T) {
	static := staticChoice(SHA256, withoutAVX512())
	ms := []measured{
		timed(fakeAVX2, 100, 100, 800),
		timed(fakeSHANI, 95, 95, 92), // 5% faster: noise, not a reason
		timed(fakeGo, 700, 650, 700),
	}
	if c := decide(static, ms); c.lockstep != fakeAVX2 {
		t.Errorf("a 5%% faster kernel replaced the static Lockstep kernel: %s", c.describe())
	}
	ms[1] = timed(fakeSHANI, 85, 95, 92) // 15% faster, both assembly: clearly
	if c := decide(static, ms); c.lockstep != fakeSHANI {
		t.Errorf("a 15%% faster kernel did not replace the static Lockstep kernel: %s", c.describe())
	}
}

// TestDecidePortableMargin checks the wider margin around pure-Go
// kernels, whose timings spread more: 15% faster is not enough to
// replace an assembly kernel, 30% is.
func TestDecidePortableMargin(t *testing.T) {
	static := staticChoice(SHA256, withoutAVX512())
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

// TestDecideTieGoesToRegistryOrder checks that two candidates within the
// margin of each other resolve by registry order, not by which measured
// a little faster in this process.
func TestDecideTieGoesToRegistryOrder(t *testing.T) {
	static := staticChoice(SHA256, withoutAVX512())
	for _, x2 := range []float64{58, 62, 64} { // shanix4 at 62: x2 up to 6% faster or slower
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
		timed(fakeSHANI, 50, 49, 99), // 24% faster: clearly
		timed(fakeGo, 680, 650, 740),
	}
	if c := decide(static, ms); c.lockstep != fakeSHANI {
		t.Errorf("shanix2 clearly faster: Lockstep on %s", c.lockstep.name)
	}
}

// TestDecideFourStreamsOnZen3 is the choice calibration makes on Zen 3:
// four SHA-NI streams for Lockstep and full Pairs batches (18–20%
// faster than two), two streams for small batches, whose one pair is
// cheaper.
func TestDecideFourStreamsOnZen3(t *testing.T) {
	c := decide(staticChoice(SHA256, withoutAVX512()), zen3X4Timings())
	if c.lockstep != fakeSHANI4 || c.pairs != fakeSHANI4 {
		t.Errorf("zen3 with four streams: %s, want Lockstep and Pairs on shanix4", c.describe())
	}
	// Three instances fill one four-lane group (32 pairs at 45 ns)
	// sooner than two two-lane groups (also 32 pairs, at 55 ns).
	for n, want := range []*Kernel{1: fakeSHANI, 2: fakeSHANI, 3: nil} {
		if n > 0 && c.small[n] != want {
			t.Errorf("ForInstances(%d) = %v, want %v", n, c.small[n], want)
		}
	}
	if c.narrow != nil {
		t.Errorf("remainders split off to %s; shanix4 runs them on two streams itself", c.narrow.name)
	}
}

// TestDecideStableUnderNoise perturbs every timing by up to ±4%, the
// spread of calibration timings on a loaded machine, and checks no
// decision changes: with the margins at 10% and 25%, a decision flips only when
// the measured ratio itself lies within noise of the margin, which none
// of these (the two CPU classes' measurements) does.
func TestDecideStableUnderNoise(t *testing.T) {
	for name, tc := range map[string]struct {
		entries []entry
		ms      []measured
	}{
		"zen3":    {withoutAVX512(), zen3Timings()},
		"zen3 x4": {withoutAVX512(), zen3X4Timings()},
		"turin":   {fakeEntries(), turinTimings()},
	} {
		static := staticChoice(SHA256, tc.entries)
		want := decide(static, tc.ms).describe()
		r := rand.New(rand.NewPCG(1, 2))
		for trial := 0; trial < 200; trial++ {
			noisy := make([]measured, len(tc.ms))
			for i, m := range tc.ms {
				jitter := func(x float64) float64 { return x * (0.96 + 0.08*r.Float64()) }
				noisy[i] = timed(m.kernel, jitter(m.timing.LockstepPerPair), jitter(m.timing.PairsPerPair), jitter(m.timing.OnePair))
			}
			if got := decide(static, noisy).describe(); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s trial %d: noise changed the choice to %s, want %s", name, trial, got, want)
			}
		}
	}
}

func TestDecideWithoutTimingsIsStatic(t *testing.T) {
	static := staticChoice(SHA256, fakeEntries())
	if got := decide(static, nil); !reflect.DeepEqual(got.describe(), static.describe()) {
		t.Errorf("decide without timings = %s, want the static %s", got.describe(), static.describe())
	}
}

// TestDecideTakesMeasuredWhenStaticUnmeasured covers a static kernel that
// was not measured: the fastest measured one is taken.
func TestDecideTakesMeasuredWhenStaticUnmeasured(t *testing.T) {
	c := decide(staticChoice(SHA256, fakeEntries()), zen3Timings()) // no avx512 timing
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
	c := decide(staticChoice(SHA256, fakeEntries()), ms)
	if c.lockstep != fakeAVX512 || c.narrow != fakeSHANI {
		t.Errorf("choice %s, want Lockstep on avx512x16 and remainders on shanix2 (genericx1 is not marked narrow)", c.describe())
	}
	for n := 1; n < c.lockstep.width; n++ {
		if k := c.forInstances(n); k == fakeGo {
			t.Errorf("ForInstances(%d) = genericx1, which is not marked narrow", n)
		}
	}
}
