package lanes_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/lanes"
)

func TestKernelsListsGenericKernels(t *testing.T) {
	seen := map[string]lanes.KernelInfo{}
	for _, info := range lanes.Kernels() {
		if _, dup := seen[info.Name]; dup {
			t.Errorf("kernel %s listed twice", info.Name)
		}
		seen[info.Name] = info
		prefix := info.Hash.String() + "/"
		if !strings.HasPrefix(info.Name, prefix) || !strings.HasSuffix(info.Name, "x"+itoa(info.Width)) {
			t.Errorf("kernel %s (hash %v, width %d) is not named <hash>/<isa>x<W>", info.Name, info.Hash, info.Width)
		}
		if info.Available != (info.Missing == "") {
			t.Errorf("kernel %s: Available %v but Missing %q", info.Name, info.Available, info.Missing)
		}
	}
	for _, name := range []string{"sha256/genericx1", "keccak256/genericx1"} {
		if info, ok := seen[name]; !ok || !info.Available || info.Width != 1 {
			t.Errorf("Kernels() entry for %s = %+v (listed %v), want available with width 1", name, info, ok)
		}
	}
}

func itoa(n int) string {
	s := ""
	for {
		s = string(rune('0'+n%10)) + s
		n /= 10
		if n == 0 {
			return s
		}
	}
}

// TestSelectAutomaticFollowsCalibration: the automatic kernel is what
// the calibration report says was chosen, Lockstep's width included,
// and "<hash>/auto" returns the same kernel.
func TestSelectAutomaticFollowsCalibration(t *testing.T) {
	t.Setenv(lanes.EnvKernel, "")
	r := lanes.Calibration()
	for _, hc := range r.Hashes {
		h := hc.Hash
		k, err := lanes.Select(h, "")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(k.Name(), h.String()+"/auto(") || k.Name() != hc.Kernel {
			t.Errorf("automatic %v kernel is named %s, report says %s", h, k.Name(), hc.Kernel)
		}
		lockstep, err := lanes.Select(h, hc.Chosen.Lockstep)
		if err != nil || lockstep.Width() != k.Width() {
			t.Errorf("automatic %v kernel has width %d; its Lockstep kernel %s: %v, %v", h, k.Width(), hc.Chosen.Lockstep, lockstep, err)
		}
		if r.Measured && len(hc.Timings) < 2 && countAvailable(h) >= 2 {
			t.Errorf("%v: %d kernels available, %d measured", h, countAvailable(h), len(hc.Timings))
		}
		again, err := lanes.Select(h, h.String()+"/auto")
		if err != nil || again != k {
			t.Errorf("Select(%v, %q) = %v, %v; want the automatic kernel %s", h, h.String()+"/auto", again, err, k.Name())
		}
	}
	t.Logf("\n%s", r)
}

func countAvailable(h lanes.Hash) int {
	n := 0
	for _, info := range lanes.Kernels() {
		if info.Hash == h && info.Available {
			n++
		}
	}
	return n
}

func TestSelectErrors(t *testing.T) {
	t.Setenv(lanes.EnvKernel, "")
	cases := []struct {
		h        lanes.Hash
		name     string
		want     error
		contains string
	}{
		{lanes.SHA256, "sha256/nosuchx4", lanes.ErrUnknownKernel, "sha256/genericx1"},
		{lanes.SHA256, "keccak256/genericx1", lanes.ErrUnknownKernel, "keccak256/genericx1"},
		{lanes.Keccak256, "sha256/genericx1", lanes.ErrUnknownKernel, "sha256/genericx1"},
		{lanes.Hash(9), "", lanes.ErrUnknownKernel, "hash(9)"},
	}
	for _, c := range cases {
		k, err := lanes.Select(c.h, c.name)
		if !errors.Is(err, c.want) || k != nil {
			t.Errorf("Select(%v, %q) = %v, %v; want error %v", c.h, c.name, k, err, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.contains) {
			t.Errorf("Select(%v, %q) error %q does not mention %q", c.h, c.name, err, c.contains)
		}
	}
	for _, info := range lanes.Kernels() {
		if info.Available {
			continue
		}
		_, err := lanes.Select(info.Hash, info.Name)
		if !errors.Is(err, lanes.ErrUnavailable) || !strings.Contains(err.Error(), info.Missing) {
			t.Errorf("Select(%v, %q) on a CPU missing %s: error %v, want ErrUnavailable naming the features", info.Hash, info.Name, info.Missing, err)
		}
	}
}

func TestSelectHonoursEnvironment(t *testing.T) {
	t.Setenv(lanes.EnvKernel, " keccak256/genericx1 , sha256/genericx1")
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		k, err := lanes.Select(h, "")
		if err != nil {
			t.Fatal(err)
		}
		if want := h.String() + "/genericx1"; k.Name() != want {
			t.Errorf("with %s set, Select(%v, \"\") = %s, want %s", lanes.EnvKernel, h, k.Name(), want)
		}
	}

	// A name of the other hash function leaves the automatic choice.
	t.Setenv(lanes.EnvKernel, "keccak256/genericx1")
	k, err := lanes.Select(lanes.SHA256, "")
	if err != nil || !strings.HasPrefix(k.Name(), "sha256/auto(") {
		t.Errorf("with %s=keccak256/genericx1, Select(SHA256, \"\") = %v, %v; want the automatic kernel", lanes.EnvKernel, k, err)
	}

	// A forced name wins over the environment.
	k, err = lanes.Select(lanes.Keccak256, "keccak256/auto")
	if err != nil || !strings.HasPrefix(k.Name(), "keccak256/auto(") {
		t.Errorf("Select(Keccak256, \"keccak256/auto\") = %v, %v; want the automatic kernel", k, err)
	}

	t.Setenv(lanes.EnvKernel, "sha256/bogusx3")
	_, err = lanes.Select(lanes.SHA256, "")
	if !errors.Is(err, lanes.ErrUnknownKernel) || !strings.Contains(err.Error(), lanes.EnvKernel) {
		t.Errorf("with %s=sha256/bogusx3, Select error = %v; want ErrUnknownKernel naming the variable", lanes.EnvKernel, err)
	}
}

func TestWithTailThreshold(t *testing.T) {
	t.Setenv(lanes.EnvKernel, "")
	k, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		t.Fatal(err)
	}
	if k.TailThreshold() == 0 {
		if k.WithTailThreshold(3) != k {
			t.Errorf("%s has no narrow kernel; WithTailThreshold must return it unchanged", k.Name())
		}
		return
	}
	c := k.WithTailThreshold(3)
	if c.TailThreshold() != 3 || k.TailThreshold() == 3 && c == k {
		t.Errorf("WithTailThreshold(3) = threshold %d (original %d)", c.TailThreshold(), k.TailThreshold())
	}
	if c.Name() != k.Name() || c.Width() != k.Width() {
		t.Errorf("WithTailThreshold changed the kernel: %s/%d vs %s/%d", c.Name(), c.Width(), k.Name(), k.Width())
	}
}

// TestForInstancesFollowsCalibration: ForInstances(n) of the automatic
// kernel is the kernel the report names for n instances, the automatic
// kernel itself from its width on, and a forced kernel always itself.
func TestForInstancesFollowsCalibration(t *testing.T) {
	t.Setenv(lanes.EnvKernel, "")
	for _, hc := range lanes.Calibration().Hashes {
		k, err := lanes.Select(hc.Hash, "")
		if err != nil {
			t.Fatal(err)
		}
		for n := 1; n < len(hc.Chosen.ForInstances); n++ {
			got, want := k.ForInstances(n), hc.Chosen.ForInstances[n]
			if got.Name() != want && !(got == k && want == hc.Chosen.Lockstep) {
				t.Errorf("%s.ForInstances(%d) = %s, report says %s", k.Name(), n, got.Name(), want)
			}
			if got.Width() > k.Width() && got != k {
				t.Logf("%s.ForInstances(%d) = %s, wider than the Lockstep kernel", k.Name(), n, got.Name())
			}
		}
		for _, n := range []int{0, k.Width(), 10 * k.Width()} {
			if got := k.ForInstances(n); got != k {
				t.Errorf("%s.ForInstances(%d) = %s, want the automatic kernel", k.Name(), n, got.Name())
			}
		}
		forced, err := lanes.Select(hc.Hash, hc.Chosen.Lockstep)
		if err != nil {
			t.Fatal(err)
		}
		if got := forced.ForInstances(1); got != forced {
			t.Errorf("forced %s.ForInstances(1) = %s, want itself", forced.Name(), got.Name())
		}
	}
}

// TestSelectRefusesInvalidKernelEnv: LANEHASH_KERNEL entries that name
// nothing, or contradict each other, are errors of every Select, not
// entries skipped (the old parser ignored an entry without a known
// prefix, and took the first of two names for one hash function).
func TestSelectRefusesInvalidKernelEnv(t *testing.T) {
	for value, want := range map[string]error{
		"sha256/genericx1,keccak256/bogusx3":        lanes.ErrUnknownKernel,
		"genericx1":                                 lanes.ErrUnknownKernel,
		"sha256/genericx1,sha256/auto":              lanes.ErrConflict,
		"keccak256/genericx1,keccak256/genericx1,x": lanes.ErrUnknownKernel,
	} {
		t.Setenv(lanes.EnvKernel, value)
		for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
			for _, name := range []string{"", h.String() + "/genericx1"} {
				k, err := lanes.Select(h, name)
				var ee *lanes.EnvError
				if k != nil || !errors.Is(err, want) || !errors.Is(err, lanes.ErrEnv) || !errors.As(err, &ee) || ee.Var != lanes.EnvKernel || ee.Value != value {
					t.Errorf("%s=%q: Select(%v, %q) = %v, %v; want an EnvError wrapping %v", lanes.EnvKernel, value, h, name, k, err, want)
				}
			}
		}
	}
	// A forced kernel this CPU lacks is an EnvError wrapping ErrUnavailable.
	for _, info := range lanes.Kernels() {
		if info.Available {
			continue
		}
		t.Setenv(lanes.EnvKernel, info.Name)
		if _, err := lanes.Select(info.Hash, ""); !errors.Is(err, lanes.ErrUnavailable) || !errors.Is(err, lanes.ErrEnv) {
			t.Errorf("%s=%s on a CPU missing %s: %v, want an EnvError wrapping ErrUnavailable", lanes.EnvKernel, info.Name, info.Missing, err)
		}
	}
}

// TestSelectOtherHashNameConflicts: a kernel name of the other hash
// function is both unknown for h and a contradiction of h and name.
func TestSelectOtherHashNameConflicts(t *testing.T) {
	t.Setenv(lanes.EnvKernel, "")
	for h, name := range map[lanes.Hash]string{lanes.SHA256: "keccak256/genericx1", lanes.Keccak256: "sha256/auto"} {
		if _, err := lanes.Select(h, name); !errors.Is(err, lanes.ErrConflict) || !errors.Is(err, lanes.ErrUnknownKernel) {
			t.Errorf("Select(%v, %q) = %v; want ErrConflict and ErrUnknownKernel", h, name, err)
		}
	}
}
