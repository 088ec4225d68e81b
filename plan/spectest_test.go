package plan

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"sync"
	"testing"

	"github.com/lanehash/lanehash/internal/spectest"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// planRoot returns a spectest.RootFunc that compiles the case's type into
// a plan hashing with k and roots the value through it.
func planRoot(k sched.Kernel) spectest.RootFunc {
	exec := sched.NewExec(k, nil)
	return func(t *ssz.Type, v reflect.Value) ([32]byte, error) {
		g, err := compile(t, t.Go.String())
		if err != nil {
			return [32]byte{}, err
		}
		r, err := exec.Prepare(g, t.Go)
		if err != nil {
			return [32]byte{}, err
		}
		if !v.CanAddr() {
			c := reflect.New(t.Go).Elem()
			c.Set(v)
			v = c
		}
		var out [1][32]byte
		err = r.Run(out[:], sched.ValueAt(v), 2)
		return out[0], wrap(err)
	}
}

// serialCheck checks RootAllBytes's path on a case of a fixed-size
// type: a valid serialization gives the case's root, an invalid one of
// the right length is rejected.
func serialCheck(k sched.Kernel, c *spectest.Case) error {
	t := c.Type
	if t == nil || !t.Fixed || uint64(len(c.Serialized)) != t.Size {
		return nil
	}
	g, err := compileSerial(t, t.Go.String())
	if err != nil || g == nil {
		return err
	}
	r, err := sched.NewExec(k, nil).Prepare(g, sched.BytesType())
	if err != nil {
		return err
	}
	var out [1][32]byte
	err = wrap(r.Run(out[:], sched.BytesOf(c.Serialized, len(c.Serialized)), 1))
	switch {
	case c.Valid && err != nil:
		return fmt.Errorf("%s: serialized root: %w", c, err)
	case c.Valid && out[0] != c.Root:
		return fmt.Errorf("%s: serialized root %x, want %x", c, out[0], c.Root)
	case !c.Valid && err == nil:
		// The bytes path must reject what decoding rejects for a value
		// of the right length: booleans and bitvector padding.
		derr := ssz.UnmarshalValue(t, c.Serialized, reflect.New(t.Go).Elem())
		if errors.Is(derr, ssz.ErrBool) || errors.Is(derr, ssz.ErrBitvector) {
			return fmt.Errorf("%s: serialized root accepted bytes decoding rejects: %v", c, derr)
		}
	}
	return nil
}

// checkCase decodes a valid case with the reference codec and compares
// the plan's root with the case's; fixed-size cases are also rooted
// from their bytes.
func checkCase(c *spectest.Case, root spectest.RootFunc, k sched.Kernel) error {
	if c.Type == nil {
		return nil
	}
	if err := c.Load(); err != nil {
		return err
	}
	if c.Valid {
		v := reflect.New(c.Type.Go).Elem()
		if err := ssz.UnmarshalValue(c.Type, c.Serialized, v); err != nil {
			return nil
		}
		got, err := root(c.Type, v)
		if err != nil {
			return fmt.Errorf("%s: plan root: %w", c, err)
		}
		if got != c.Root {
			return fmt.Errorf("%s: plan root %x, want %x", c, got, c.Root)
		}
	}
	return serialCheck(k, c)
}

// TestSpecVectorsThroughPlans runs every spec-vector case with its root
// computed by a plan (the automatic SHA-256 kernel and a 16-lane
// reference kernel), and the fixed-size cases also from their bytes.
// Decoding and re-encoding are the codec's business (internal/spectest
// checks them); here a case counts when the reference decoder accepts
// it. With -short every 16th case runs.
func TestSpecVectorsThroughPlans(t *testing.T) {
	dir := spectest.RequireDir(t)
	cases, err := spectest.Cases(dir)
	if err != nil {
		t.Fatal(err)
	}
	auto, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		t.Fatal(err)
	}
	kernels := []sched.Kernel{auto, testKernels(t, lanes.SHA256)[len(testKernels(t, lanes.SHA256))-1]}
	roots := []spectest.RootFunc{planRoot(kernels[0]), planRoot(kernels[1])}
	if testing.Short() {
		var sample []*spectest.Case
		for i := 0; i < len(cases); i += 16 {
			sample = append(sample, cases[i])
		}
		cases = sample
	}
	errs := make([]error, len(cases))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				c := cases[i]
				errs[i] = checkCase(c, roots[i%2], kernels[i%2])
				c.Serialized, c.Value = nil, nil
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	failed := 0
	for _, err := range errs {
		if err != nil && !errors.Is(err, spectest.ErrUnknownType) {
			failed++
			if failed <= 20 {
				t.Error(err)
			}
		}
	}
	t.Logf("%d cases, %d failed", len(cases), failed)
}
