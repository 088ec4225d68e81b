package plan

import (
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// registryRoot is the reference root of List[Validator, 2^40].
func registryRoot(t *testing.T, vals []phase0.Validator, h lanes.Hash) [32]byte {
	t.Helper()
	return taggedRegistryRoot(t, vals, h, `ssz-max:"1099511627776"`)
}

// taggedRegistryRoot is the reference root of vals (a slice: of
// Validators, of pointers to them, of uint64s) as the list type the
// struct tag describes.
func taggedRegistryRoot(t *testing.T, vals any, h lanes.Hash, tag reflect.StructTag) [32]byte {
	t.Helper()
	lt, err := ssz.TypeOfTagged(reflect.TypeOf(vals), tag)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ssz.HashTreeRootValue(lt, reflect.ValueOf(vals), h)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// progressiveRegistryRoot is the reference root of vals as a
// ProgressiveList[Validator] (EIP-7916), the Gloas registry.
func progressiveRegistryRoot(t *testing.T, vals []phase0.Validator, h lanes.Hash) [32]byte {
	t.Helper()
	return taggedRegistryRoot(t, vals, h, `ssz-type:"progressive-list"`)
}

// TestRegistryCounts checks registry roots for counts around lane and
// power-of-two boundaries with every kernel; the big counts run with
// the automatic kernel only, and not with -short.
func TestRegistryCounts(t *testing.T) {
	big := []int{1023, 1025, 4097, 65537}
	for _, h := range hashes {
		all := make([]phase0.Validator, 0)
		for _, k := range testKernels(t, h) {
			w := k.Width()
			for _, n := range []int{0, 1, w - 1, w, w + 1, 2*w + 1, 255, 256, 257} {
				t.Run(fmt.Sprintf("%s/n=%d", kernelName(k), n), func(t *testing.T) {
					vals := phase0.RandomValidators(n, uint64(3*n+1))
					checkRegistry(t, planOn[phase0.Validator](t, k, WithWorkers(2)), vals, h)
				})
			}
		}
		if testing.Short() {
			continue
		}
		auto, err := PlanFor[phase0.Validator](WithHash(h), WithWorkers(2))
		if err != nil {
			t.Fatal(err)
		}
		all = phase0.RandomValidators(big[len(big)-1], 77)
		for _, n := range big {
			t.Run(fmt.Sprintf("%s/auto/n=%d", h, n), func(t *testing.T) {
				checkRegistry(t, auto, all[:n], h)
			})
		}
		// 65,537 instances on 2 workers are past the executor's list tiling
		// threshold (8 tiles of 4,096 per worker): the progressive registry
		// (Gloas) is rooted tile by tile too.
		t.Run(fmt.Sprintf("%s/auto/progressive/n=%d", h, len(all)), func(t *testing.T) {
			got, err := auto.ProgressiveListRoot(all)
			if err != nil {
				t.Fatal(err)
			}
			if want := progressiveRegistryRoot(t, all, h); got != want {
				t.Fatalf("progressive registry of %d: root %x, want %x", len(all), got, want)
			}
		})
	}
}

func checkRegistry(t *testing.T, p *Plan[phase0.Validator], vals []phase0.Validator, h lanes.Hash) {
	t.Helper()
	got, err := p.ListRoot(vals, 1<<40)
	if err != nil {
		t.Fatal(err)
	}
	if want := registryRoot(t, vals, h); got != want {
		t.Fatalf("registry of %d: root %x, want %x", len(vals), got, want)
	}
}

// TestConcurrentUse hashes with one plan from several goroutines (run
// with -race).
func TestConcurrentUse(t *testing.T) {
	p, err := PlanFor[phase0.BeaconBlockBody](WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	vp, err := PlanFor[phase0.Validator](WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	typ, err := ssz.TypeFor[phase0.BeaconBlockBody]()
	if err != nil {
		t.Fatal(err)
	}
	bodies := make([]phase0.BeaconBlockBody, 24)
	fl := sszrand.Filler{Rand: sszrand.NewRand(5), MaxList: 6}
	for i := range bodies {
		fl.Fill(typ, reflect.ValueOf(&bodies[i]).Elem())
	}
	want := make([][32]byte, len(bodies))
	for i := range bodies {
		want[i] = reference(t, &bodies[i], lanes.SHA256)
	}
	vals := phase0.RandomValidators(100, 6)
	wantVals, err := vp.Roots(vals)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := 0; round < 5; round++ {
				got, err := p.Roots(bodies[g:])
				if err != nil {
					errs <- err
					return
				}
				for i := range got {
					if got[i] != want[g+i] {
						errs <- fmt.Errorf("goroutine %d: body %d: root %x, want %x", g, g+i, got[i], want[g+i])
						return
					}
				}
				one, err := vp.Root(&vals[g])
				if err != nil || one != wantVals[g] {
					errs <- fmt.Errorf("goroutine %d: validator root %x, %v", g, one, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
