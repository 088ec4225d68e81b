package plan

import (
	"errors"
	"fmt"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// ptrRegistry returns pointers to vals with every third one (from index
// 1 on) nil, the way a client's registry can hold a validator not yet
// filled in; a nil element is the zero Validator.
func ptrRegistry(vals []phase0.Validator) []*phase0.Validator {
	ptrs := make([]*phase0.Validator, len(vals))
	for i := range vals {
		if i%3 != 1 {
			ptrs[i] = &vals[i]
		}
	}
	return ptrs
}

const (
	registryTag    = `ssz-max:"1099511627776"`
	progressiveTag = `ssz-type:"progressive-list"`
)

// TestListRootPtr checks ListRootPtr and ProgressiveListRootPtr against
// the reference root of the same []*Validator list type (nil elements
// included) on every kernel, at counts around the lane width.
func TestListRootPtr(t *testing.T) {
	for _, h := range hashes {
		for _, k := range testKernels(t, h) {
			w := k.Width()
			p := planOn[phase0.Validator](t, k, WithWorkers(2))
			for _, n := range []int{0, 1, w - 1, w, w + 1, 2*w + 1, 257} {
				t.Run(fmt.Sprintf("%s/n=%d", kernelName(k), n), func(t *testing.T) {
					ptrs := ptrRegistry(phase0.RandomValidators(n, uint64(5*n+2)))
					checkPtrLists(t, p, ptrs, h)
				})
			}
		}
	}
}

// TestListRootPtrTiled checks the pointer lists past the executor's
// tiling threshold (8 tiles of 4,096 elements per worker), where the
// elements are rooted a tile at a time, with nil elements in several
// tiles.
func TestListRootPtrTiled(t *testing.T) {
	if testing.Short() {
		t.Skip("a registry of 32,769 validators against the reference")
	}
	p, err := PlanFor[phase0.Validator](WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	checkPtrLists(t, p, ptrRegistry(phase0.RandomValidators(8<<12+1, 9)), lanes.SHA256)
}

func checkPtrLists(t *testing.T, p *Plan[phase0.Validator], ptrs []*phase0.Validator, h lanes.Hash) {
	t.Helper()
	got, err := p.ListRootPtr(ptrs, 1<<40)
	if err != nil {
		t.Fatal(err)
	}
	if want := taggedRegistryRoot(t, ptrs, h, registryTag); got != want {
		t.Fatalf("ListRootPtr of %d: root %x, want %x", len(ptrs), got, want)
	}
	got, err = p.ProgressiveListRootPtr(ptrs)
	if err != nil {
		t.Fatal(err)
	}
	if want := taggedRegistryRoot(t, ptrs, h, progressiveTag); got != want {
		t.Fatalf("ProgressiveListRootPtr of %d: root %x, want %x", len(ptrs), got, want)
	}
}

// TestListRootPtrBasic checks pointer lists of a basic type, whose
// elements are packed rather than rooted: the roots equal the
// reference's of the values pointed to, a nil element packed as 0.
func TestListRootPtrBasic(t *testing.T) {
	p, err := PlanFor[uint64]()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 1, 3, 4, 5, 33} {
		ptrs := make([]*uint64, n)
		vals := make([]uint64, n)
		for i := range ptrs {
			if i%4 != 2 {
				vals[i] = uint64(i)*0x0101010101 + 7
				ptrs[i] = &vals[i]
			}
		}
		got, err := p.ListRootPtr(ptrs, 100)
		if err != nil {
			t.Fatal(err)
		}
		if want := taggedRegistryRoot(t, vals, lanes.SHA256, `ssz-max:"100"`); got != want {
			t.Fatalf("ListRootPtr of %d uint64: root %x, want %x", n, got, want)
		}
		got, err = p.ProgressiveListRootPtr(ptrs)
		if err != nil {
			t.Fatal(err)
		}
		if want := taggedRegistryRoot(t, vals, lanes.SHA256, progressiveTag); got != want {
			t.Fatalf("ProgressiveListRootPtr of %d uint64: root %x, want %x", n, got, want)
		}
	}
}

// TestListRootPtrErrors checks that the pointer lists report a list
// over its limit and a bad element (by its index in the list, on the
// plain and the tiled path) as the slice forms do.
func TestListRootPtrErrors(t *testing.T) {
	p, err := PlanFor[phase0.Validator](WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.ListRootPtr(make([]*phase0.Validator, 3), 2); !errors.Is(err, ssz.ErrListTooLong) {
		t.Fatalf("ListRootPtr over the limit = %v, want ErrListTooLong", err)
	}
	counts := []int{40}
	if !testing.Short() {
		counts = append(counts, 8<<12+1) // tiled
	}
	for _, n := range counts {
		ptrs := ptrRegistry(phase0.RandomValidators(n, 4))
		bad := n - 1 // the last element, past nil ones; not nil itself for these counts
		if ptrs[bad] == nil {
			t.Fatalf("element %d is nil", bad)
		}
		short := *ptrs[bad]
		short.WithdrawalCredentials = short.WithdrawalCredentials[:31]
		ptrs[bad] = &short
		for name, f := range map[string]func() error{
			"ListRootPtr":            func() error { _, err := p.ListRootPtr(ptrs, 1<<40); return err },
			"ProgressiveListRootPtr": func() error { _, err := p.ProgressiveListRootPtr(ptrs); return err },
		} {
			err := f()
			var pe *Error
			if !errors.As(err, &pe) || pe.Index != bad || !errors.Is(err, ssz.ErrSize) {
				t.Fatalf("%s of %d with a 31-byte WithdrawalCredentials at %d: %v, want an ssz.ErrSize *Error at index %d", name, n, bad, err, bad)
			}
		}
	}
}

// BenchmarkListRootPtrCPU measures what rooting a registry from pointers
// costs, in the benchmark thread's CPU time per validator, one worker,
// the automatic kernel: ListRootPtr over validators allocated one by one
// (as a client decodes them, scattered on the heap) against ListRoot of
// the same values in one slice, and against what a []*T needed before
// ListRootPtr: copying the values into a []T, then ListRoot. The three
// alternate in one loop, so a loaded machine slows them alike.
func BenchmarkListRootPtrCPU(b *testing.B) {
	if _, ok := cputime.Thread(); !ok {
		b.Skip("no per-thread CPU clock on this OS")
	}
	for _, n := range []int{1 << 16, 1 << 20} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			p, vals := threadValidators(b, n)
			ptrs := make([]*phase0.Validator, n)
			for i := range vals {
				v := vals[i]
				ptrs[i] = &v
			}
			copied := make([]phase0.Validator, n)
			var ptr, values, copying int64
			for b.Loop() {
				t0, _ := cputime.Thread()
				r1, err := p.ListRootPtr(ptrs, 1<<40)
				if err != nil {
					b.Fatal(err)
				}
				t1, _ := cputime.Thread()
				r2, err := p.ListRoot(vals, 1<<40)
				if err != nil {
					b.Fatal(err)
				}
				t2, _ := cputime.Thread()
				for i, v := range ptrs {
					copied[i] = *v
				}
				r3, err := p.ListRoot(copied, 1<<40)
				if err != nil {
					b.Fatal(err)
				}
				t3, _ := cputime.Thread()
				if r1 != r2 || r3 != r2 {
					b.Fatalf("roots differ: ListRootPtr %x, ListRoot %x, copy+ListRoot %x", r1, r2, r3)
				}
				ptr += t1 - t0
				values += t2 - t1
				copying += t3 - t2
			}
			per := float64(b.N) * float64(n)
			b.ReportMetric(float64(ptr)/per, "listrootptr-cpu-ns/validator")
			b.ReportMetric(float64(values)/per, "listroot-cpu-ns/validator")
			b.ReportMetric(float64(copying)/per, "copy+listroot-cpu-ns/validator")
		})
	}
}

// twoDefects has a list field, which the executor roots before the
// container's inline fields, after a fixed-size field: an element bad in
// both is met at its list first.
type twoDefects struct {
	Key  []byte   `ssz-size:"4"`
	List []uint64 `ssz-max:"2"`
}

// TestListRootFirstDefect checks that the list entries report an element
// with two defects by its first in field order, as RootAll and the
// reference do (an Error's path is part of the API and must not depend
// on which part the executor met first), on the plain and the tiled path.
func TestListRootFirstDefect(t *testing.T) {
	p, err := PlanFor[twoDefects](WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	counts := []int{3}
	if !testing.Short() {
		counts = append(counts, 8<<12+1) // tiled
	}
	for _, n := range counts {
		vs := make([]twoDefects, n)
		ptrs := make([]*twoDefects, n)
		for i := range vs {
			vs[i].Key = make([]byte, 4)
			ptrs[i] = &vs[i]
		}
		bad := n - 1
		vs[bad] = twoDefects{Key: make([]byte, 3), List: make([]uint64, 3)}
		for name, f := range map[string]func() error{
			"RootAll":                func() error { return p.RootAll(make([][32]byte, n), vs) },
			"ListRoot":               func() error { _, err := p.ListRoot(vs, 1<<20); return err },
			"ListRootPtr":            func() error { _, err := p.ListRootPtr(ptrs, 1<<20); return err },
			"ProgressiveListRoot":    func() error { _, err := p.ProgressiveListRoot(vs); return err },
			"ProgressiveListRootPtr": func() error { _, err := p.ProgressiveListRootPtr(ptrs); return err },
		} {
			err := f()
			var pe *Error
			if !errors.As(err, &pe) || pe.Index != bad || pe.Path != "twoDefects.Key" || !errors.Is(err, ssz.ErrSize) {
				t.Errorf("%s of %d: %v, want an ssz.ErrSize *Error at element %d, path twoDefects.Key", name, n, err, bad)
			}
		}
	}
}
