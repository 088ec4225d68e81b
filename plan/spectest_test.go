package plan

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"sort"
	"sync"
	"testing"

	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// The spec vectors through plans. Every case of one type is decoded with
// the reference codec and the whole batch is rooted with one Run (what
// RootAll does), so the lockstep groups, the level queues and the
// batched unions see real vectors next to each other; each value is
// also rooted alone (what Root does); every case is rooted from its
// bytes (what RootBytes does): valid ones to the case's root, invalid
// ones rejected with the decoder's sentinel and path. Decoding and
// re-encoding are the codec's business (internal/spectest checks them).

// specGroup is the cases of one SSZ type (handler, preset, fork and
// type name).
type specGroup struct {
	name  string
	typ   *ssz.Type
	cases []*spectest.Case
}

// groupCases sorts the cases into groups by type.
func groupCases(cases []*spectest.Case) []*specGroup {
	byName := map[string]*specGroup{}
	var out []*specGroup
	for _, c := range cases {
		name := c.Handler + "/" + c.Preset + "/" + c.Fork + "/" + c.TypeName
		g := byName[name]
		if g == nil {
			g = &specGroup{name: name, typ: c.Type}
			byName[name] = g
			out = append(out, g)
		}
		g.cases = append(g.cases, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// prepare compiles t into a plan graph run on an executor of kernel k.
func prepare(t *ssz.Type, k sched.Kernel) (*sched.Prepared, error) {
	g, err := compile(t, t.Go.String())
	if err != nil {
		return nil, err
	}
	return sched.NewExec(k, nil).Prepare(g, t.Go)
}

// specKernels are the kernels the vectors run on: every available
// SHA-256 kernel, the automatic one and 4- and 16-lane reference
// kernels; and the automatic Keccak-256 kernel with two reference
// kernels, checked against the reference ssz.HashTreeRoot with
// Keccak-256 (the vectors have SHA-256 roots only).
func specKernels(t *testing.T) (sha, keccak []sched.Kernel) {
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		auto, err := lanes.Select(h, "")
		if err != nil {
			t.Fatal(err)
		}
		ks := append([]sched.Kernel{auto}, testKernels(t, h)...)
		if h == lanes.SHA256 {
			sha = ks
		} else {
			keccak = []sched.Kernel{auto, ks[len(ks)-2], ks[len(ks)-1]}
		}
	}
	return sha, keccak
}

// checkGroup checks every case of g and returns one error per case (nil
// when it passed).
func checkGroup(g *specGroup, sha, keccak []sched.Kernel) []error {
	errs := make([]error, len(g.cases))
	if g.typ == nil {
		for i, c := range g.cases {
			if c.Valid || c.TypeErr == nil || !errors.Is(c.TypeErr, ssz.ErrTag) {
				errs[i] = fmt.Errorf("%s: %w: %v", c, spectest.ErrUnknownType, c.TypeErr)
			}
		}
		return errs
	}
	t := g.typ
	// Decode the valid cases into one slice.
	vals := reflect.MakeSlice(reflect.SliceOf(t.Go), 0, len(g.cases))
	var valid []int
	bc, err := bytesCore(t, sha[0])
	if err != nil {
		for i := range errs {
			errs[i] = fmt.Errorf("%s: bytes graph: %w", g.cases[i], err)
		}
		return errs
	}
	for i, c := range g.cases {
		if errs[i] = c.Load(); errs[i] != nil {
			continue
		}
		errs[i] = bytesCheck(bc, c)
		if !c.Valid || errs[i] != nil {
			continue
		}
		v := reflect.New(t.Go).Elem()
		if err := ssz.UnmarshalValue(t, c.Serialized, v); err != nil {
			errs[i] = fmt.Errorf("%s: reference decode: %w", c, err)
			continue
		}
		vals = reflect.Append(vals, v)
		valid = append(valid, i)
	}
	if len(valid) == 0 {
		return errs
	}
	fail := func(k int, format string, args ...any) {
		if i := valid[k]; errs[i] == nil {
			errs[i] = fmt.Errorf("%s: %s", g.cases[i], fmt.Sprintf(format, args...))
		}
	}
	failAll := func(err error) {
		for k := range valid {
			fail(k, "%v", err)
		}
	}
	// rootAll runs all valid values on each of kernels and compares
	// value j's root with want[j]; false when a plan cannot be prepared.
	roots := make([][32]byte, len(valid))
	rootAll := func(kernels []sched.Kernel, label string, want [][32]byte) bool {
		for _, k := range kernels {
			p, err := prepare(t, k)
			if err != nil {
				failAll(err)
				return false
			}
			clear(roots)
			if err := wrap(p.Run(roots, sched.SliceOfReflect(vals), 2)); err != nil {
				failAll(fmt.Errorf("%s on %s: %w", label, kernelName(k), err))
				continue
			}
			for j, r := range roots {
				if r != want[j] {
					fail(j, "%s on %s: root %x, want %x", label, kernelName(k), r, want[j])
				}
			}
		}
		return true
	}
	specRoots := make([][32]byte, len(valid))
	for j, i := range valid {
		specRoots[j] = g.cases[i].Root
	}
	if !rootAll(sha, "RootAll", specRoots) {
		return errs
	}
	// One value at a time, on the automatic kernel.
	p, err := prepare(t, sha[0])
	if err != nil {
		failAll(err)
		return errs
	}
	var one [1][32]byte
	for j := range valid {
		if err := wrap(p.Run(one[:], sched.ValueOfReflect(vals.Index(j)), 1)); err != nil || one[0] != g.cases[valid[j]].Root {
			fail(j, "Root: %x, %v; want %x", one[0], err, g.cases[valid[j]].Root)
		}
	}
	// Keccak-256 against the reference.
	want := make([][32]byte, len(valid))
	for j := range valid {
		if want[j], err = ssz.HashTreeRootValue(t, vals.Index(j), ssz.Keccak256); err != nil {
			fail(j, "reference Keccak-256 root: %v", err)
		}
	}
	rootAll(keccak, "Keccak-256 RootAll", want)
	return errs
}

// bytesCheck roots a case from its serialization (RootBytes): a valid
// case gives the case's root, an invalid one is rejected with the
// decoder's sentinel at the decoder's path.
func bytesCheck(bc *core, c *spectest.Case) error {
	decodes, err := checkBytes(bc, c.Serialized, lanes.SHA256)
	switch {
	case err != nil:
		return fmt.Errorf("%s: RootBytes: %w", c, err)
	case decodes != c.Valid:
		return fmt.Errorf("%s: decodes %t, but the case is valid %t", c, decodes, c.Valid)
	case c.Valid:
		if root, _ := bc.rootBytes(c.Serialized); root != c.Root {
			return fmt.Errorf("%s: RootBytes %x, want %x", c, root, c.Root)
		}
	}
	return nil
}

// TestSpecVectorsThroughPlans runs every spec-vector case through
// plans, type by type (see the top of this file), on every available
// kernel. A case of unknown type fails. With -short every 16th case
// runs, on the automatic kernels and one reference kernel.
func TestSpecVectorsThroughPlans(t *testing.T) {
	dir := spectest.RequireDir(t)
	cases, err := spectest.Cases(dir)
	if err != nil {
		t.Fatal(err)
	}
	if testing.Short() {
		var sample []*spectest.Case
		for i := 0; i < len(cases); i += 16 {
			sample = append(sample, cases[i])
		}
		cases = sample
	}
	sha, keccak := specKernels(t)
	if testing.Short() {
		// The automatic kernels and the 16-lane reference: the -short
		// runs are the race detector's and qemu's.
		sha, keccak = []sched.Kernel{sha[0], sha[len(sha)-1]}, keccak[:1]
	}
	groups := groupCases(cases)
	errs := make([][]error, len(groups))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = checkGroup(groups[i], sha, keccak)
				for _, c := range groups[i].cases {
					c.Serialized, c.Value = nil, nil
				}
			}
		}()
	}
	for i := range groups {
		next <- i
	}
	close(next)
	wg.Wait()
	passed, failed := 0, 0
	for _, ge := range errs {
		for _, err := range ge {
			if err == nil {
				passed++
				continue
			}
			failed++
			if failed <= 20 {
				t.Error(err)
			}
		}
	}
	if passed+failed != len(cases) {
		t.Errorf("%d outcomes for %d cases", passed+failed, len(cases))
	}
	t.Logf("plan spectests: %d passed, %d failed (%d types; SHA-256 on %d kernels, Keccak-256 on %d)",
		passed, failed, len(groups), len(sha), len(keccak))
}
