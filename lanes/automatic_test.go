package lanes_test

import (
	"strings"
	"testing"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/lanes/lanestest"
)

// TestAutomaticCompositions runs the suite on the automatic kernel a CPU
// with fewer features would get: each kernel of h left out in turn, then
// all but the pure-Go one.
func TestAutomaticCompositions(t *testing.T) {
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		var names []string
		for _, info := range lanes.Kernels() {
			if info.Hash == h && info.Available && !strings.Contains(info.Name, "/generic") {
				names = append(names, info.Name)
			}
		}
		cases := [][]string{names}
		for _, name := range names {
			cases = append(cases, []string{name})
		}
		for i := 2; i < len(names); i++ {
			cases = append(cases, names[:i])
		}
		for _, without := range cases {
			k := lanes.AutomaticWithout(h, without...)
			for _, name := range without {
				_, isa, _ := strings.Cut(name, "/")
				if strings.Contains(k.Name(), isa) {
					t.Errorf("automatic kernel without %v is %s", without, k.Name())
				}
			}
			t.Run(k.Name()+"/without="+strings.Join(without, "+"), func(t *testing.T) { lanestest.Run(t, k) })
		}
	}
}

// TestCalibratedCompositions runs the suite on automatic kernels built
// from injected timings that make each available kernel of h in turn the
// fastest at Lockstep and the next one the fastest at Pairs, with SHA-NI
// (the kernel marked narrow) fastest at single pairs: compositions whose
// Lockstep, Pairs and remainder kernels all differ where this CPU has
// three kernels.
func TestCalibratedCompositions(t *testing.T) {
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		var avail []lanes.KernelInfo
		for _, info := range lanes.Kernels() {
			if info.Hash == h && info.Available {
				avail = append(avail, info)
			}
		}
		for i := range avail {
			ts := make([]lanes.KernelTiming, len(avail))
			for j, info := range avail {
				ts[j] = lanes.KernelTiming{Name: info.Name, Width: info.Width, LockstepPerPair: 100, PairsPerPair: 100, OnePair: 1000}
				if strings.Contains(info.Name, "/shani") {
					ts[j].OnePair = 10
				}
			}
			ts[i].LockstepPerPair = 10
			ts[(i+1)%len(ts)].PairsPerPair = 10
			k := lanes.AutomaticFromTimings(h, ts...)
			t.Run(k.Name()+"/lockstep="+avail[i].Name, func(t *testing.T) {
				if k.Width() != avail[i].Width {
					t.Errorf("Lockstep on %s, but width %d", avail[i].Name, k.Width())
				}
				lanestest.Run(t, k)
				for n := 1; n < k.Width(); n++ {
					lanestest.Run(t, k.ForInstances(n))
				}
			})
		}
	}
}

// TestJoinTailThresholds checks the split's rule on the static
// composition of this CPU where long Pairs run on avx512x16 beside a
// narrow kernel: with no full group a remainder below the tail
// threshold goes narrow; after one group (where it joins the two-group
// path) one below 3; after two or more (where it is the pipeline's
// partial last group) one below 5, beside the static tail threshold 8
// (docs/kernels.md, "The automatic kernel's split"); and that
// WithTailThreshold sets one threshold for all.
func TestJoinTailThresholds(t *testing.T) {
	k := lanes.AutomaticWithout(lanes.SHA256)
	if k.LongPairsKernelName() != "sha256/avx512x16" || k.TailThreshold() == 0 {
		t.Skipf("%s: long Pairs not on avx512x16 beside a narrow kernel on this CPU", k.Name())
	}
	th := k.TailThreshold()
	if th != 8 {
		t.Fatalf("%s: static tail threshold %d, want avx512x16's 8", k.Name(), th)
	}
	for _, groups := range []int{0, 1, 2, 3, 4, 5, 64} {
		for r := 1; r < 16; r++ {
			n := 16*groups + r
			want := r < th
			switch {
			case groups == 1:
				want = r < 3
			case groups >= 2:
				want = r < 5
			}
			if got := k.SplitsAt(n); got != want {
				t.Errorf("%s: %d pairs (%d groups + %d): split %v, want %v", k.Name(), n, groups, r, got, want)
			}
		}
	}
	every := k.WithTailThreshold(16)
	for n := 17; n < 80; n++ {
		if n%16 != 0 && !every.SplitsAt(n) {
			t.Errorf("WithTailThreshold(16): %d pairs not split", n)
		}
	}
}

// TestAutomaticOneStreamWithoutSHANI: the automatic kernel of a CPU
// without SHA-NI and AVX-512 is named for both kernels it runs, sends
// remainders of one and two pairs to the one-stream kernel (PairsFor
// included) and answers batches of instances with itself; the suite
// runs it as built and with every remainder on one stream.
func TestAutomaticOneStreamWithoutSHANI(t *testing.T) {
	avail := map[string]bool{}
	for _, info := range lanes.Kernels() {
		avail[info.Name] = info.Available
	}
	if !avail["sha256/avx2x8"] {
		t.Skip("this CPU lacks AVX2 (or LANEHASH_HIDE hides it): no sha256/avx2x8 to compose with sha256/stdlibx1")
	}
	k := lanes.AutomaticWithout(lanes.SHA256, "sha256/avx512x16", "sha256/shanix4", "sha256/shanix2")
	if k.Name() != "sha256/auto(avx2x8+stdlibx1)" || k.Width() != 8 || k.TailThreshold() != 3 {
		t.Fatalf("automatic kernel without SHA-NI: %s width %d tail threshold %d, want sha256/auto(avx2x8+stdlibx1), 8, 3",
			k.Name(), k.Width(), k.TailThreshold())
	}
	for n, want := range map[int]bool{1: true, 2: true, 3: false, 8: false, 9: true, 10: true, 11: false, 16: false} {
		if k.SplitsAt(n) != want {
			t.Errorf("Pairs on %d pairs splits the remainder off: %v, want %v", n, k.SplitsAt(n), want)
		}
	}
	for n := 1; n < k.Width(); n++ {
		if got := k.ForInstances(n); got != k {
			t.Errorf("ForInstances(%d) = %s, want the automatic kernel itself", n, got.Name())
		}
	}
	t.Run(k.Name(), func(t *testing.T) { lanestest.Run(t, k) })
	t.Run(k.Name()+"/all-tails-narrow", func(t *testing.T) { lanestest.Run(t, k.WithTailThreshold(k.Width())) })
}
