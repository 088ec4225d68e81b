package sched_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/sched/schedtest"
)

// TestRunnerSingleShapes runs one instance at a time (the Pairs path
// with its planned flat layout) and a group of several (the lockstep
// path) over programs whose shapes stress that layout: a root that is a
// leaf, a zero constant and a leaf each read by two ops, a lone leaf
// under zero padding, a root that is a constant. Both paths must match
// the textbook roots.
func TestRunnerSingleShapes(t *testing.T) {
	var th thing
	shapes := []struct {
		name  string
		build func(b *graph.Builder) graph.Ref
		want  func(h lanes.Hash, x *thing) [32]byte
	}{
		{"leaf root", func(b *graph.Builder) graph.Ref {
			return b.Leaf(0, unsafe.Offsetof(th.Bal), 8)
		}, func(h lanes.Hash, x *thing) [32]byte {
			return chunksOf(le(x.Bal, 8))[0]
		}},
		{"constant root", func(b *graph.Builder) graph.Ref {
			return b.Merkle(nil, 2)
		}, func(h lanes.Hash, x *thing) [32]byte {
			return merkle(h, nil, 2)
		}},
		{"shared zero and leaf", func(b *graph.Builder) graph.Ref {
			bal := b.Leaf(0, unsafe.Offsetof(th.Bal), 8)
			return b.Pair(b.Pair(b.Merkle([]graph.Ref{bal}, 1), b.Merkle([]graph.Ref{b.Leaf(0, unsafe.Offsetof(th.Key), 32)}, 1)), bal)
		}, func(h lanes.Hash, x *thing) [32]byte {
			bal := chunksOf(le(x.Bal, 8))[0]
			l := merkle(h, [][32]byte{merkle(h, [][32]byte{bal}, 1), merkle(h, chunksOf(x.Key[:32]), 1)}, 1)
			return merkle(h, [][32]byte{l, bal}, 1)
		}},
		{"deep padding", func(b *graph.Builder) graph.Ref {
			return b.Merkle([]graph.Ref{b.Leaf(0, unsafe.Offsetof(th.Flag), 1)}, 5)
		}, func(h lanes.Hash, x *thing) [32]byte {
			flag := byte(0)
			if x.Flag {
				flag = 1
			}
			return merkle(h, chunksOf([]byte{flag}), 5)
		}},
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for _, s := range shapes {
		b := graph.NewBuilder()
		p, err := b.Finish(s.build(b))
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		for _, k := range testKernels(t) {
			r := prepare(t, k, nil, p)
			t.Run(fmt.Sprintf("%s/%s", s.name, kernelName(k)), func(t *testing.T) {
				n := k.Width() + 1
				things := randomThings(rng, n)
				in := sched.SliceOf(things)
				group := make([][32]byte, n)
				if err := r.Run(group, in, 1); err != nil {
					t.Fatal(err)
				}
				for i := range things {
					want := s.want(k.Hash(), &things[i])
					if group[i] != want {
						t.Fatalf("group: root %d = %x, want %x", i, group[i], want)
					}
					// Twice, so that a layout one call leaves dirty shows.
					for range 2 {
						one := make([][32]byte, 1)
						if err := r.Run(one, sched.ValueOf(&things[i]), 1); err != nil {
							t.Fatal(err)
						}
						if one[0] != want {
							t.Fatalf("single: root %d = %x, want %x", i, one[0], want)
						}
					}
				}
			})
		}
	}
}

// TestRunnerSingleErrors checks the single-instance path reports a bad
// field of its instance.
func TestRunnerSingleErrors(t *testing.T) {
	r := prepare(t, schedtest.New(lanes.SHA256, 4), nil, thingProgram(t, false))
	things := randomThings(rand.New(rand.NewPCG(11, 12)), 1)
	things[0].Cred = things[0].Cred[:5]
	dst := make([][32]byte, 1)
	var se *sched.Error
	err := r.Run(dst, sched.ValueOf(&things[0]), 1)
	if !errors.As(err, &se) || se.Index != 0 || se.Path != "thing.Cred" {
		t.Fatalf("err = %v, want element 0 thing.Cred", err)
	}
}

// TestPreparedRoot checks Root, the single-value entry, against Run over
// a group (the lockstep path) on every kernel, the automatic ones
// included: equal roots, twice in a row, the same counters as Run of
// one value, the same error for a bad field and for a nil value, and
// typed errors for an input of another type or of other than one value.
func TestPreparedRoot(t *testing.T) {
	ks := testKernels(t)
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		auto, err := lanes.Select(h, "")
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, auto)
	}
	p := thingProgram(t, false)
	rng := rand.New(rand.NewPCG(32, 3))
	for _, k := range ks {
		t.Run(kernelName(k), func(t *testing.T) {
			var stats sched.Stats
			r := prepare(t, k, &stats, p)
			things := randomThings(rng, k.Width()+1)
			want := make([][32]byte, len(things))
			if err := r.Run(want, sched.SliceOf(things), 1); err != nil {
				t.Fatal(err)
			}
			for i := range things {
				for range 2 {
					stats.Reset()
					one := make([][32]byte, 1)
					if err := r.Run(one, sched.ValueOf(&things[i]), 1); err != nil {
						t.Fatal(err)
					}
					ran := stats.Snapshot()
					stats.Reset()
					got, err := r.Root(sched.ValueOf(&things[i]), 1)
					if err != nil || got != want[i] {
						t.Fatalf("Root %d = %x, %v; want %x", i, got, err, want[i])
					}
					if s := stats.Snapshot(); s != ran || s.Instances != 1 || s.TreePairs != uint64(len(p.Ops)) {
						t.Fatalf("Root counted %+v, Run of one value %+v", s, ran)
					}
				}
			}
			bad := things[0]
			bad.Cred = bad.Cred[:5]
			var se *sched.Error
			if _, err := r.Root(sched.ValueOf(&bad), 1); !errors.As(err, &se) || se.Index != 0 || se.Path != "thing.Cred" || se.Kind != graph.KindLength {
				t.Fatalf("short Cred: err = %v, want element 0 thing.Cred of KindLength", err)
			}
			one := make([][32]byte, 1)
			runErr := r.Run(one, sched.ValueOf[thing](nil), 1)
			if _, err := r.Root(sched.ValueOf[thing](nil), 1); fmt.Sprint(err) != fmt.Sprint(runErr) || err == nil {
				t.Fatalf("nil value: Root err = %v, Run err = %v", err, runErr)
			}
			if _, err := r.Root(sched.SliceOf(things[:2]), 1); !errors.As(err, &se) || se.Kind != graph.KindLength {
				t.Fatalf("two values: err = %v, want KindLength", err)
			}
			if _, err := r.Root(sched.SliceOf(things[:0]), 1); !errors.As(err, &se) || se.Kind != graph.KindLength {
				t.Fatalf("no value: err = %v, want KindLength", err)
			}
			if _, err := r.Root(sched.ValueOf(&bad.Bal), 1); !errors.As(err, &se) || se.Kind != graph.KindType {
				t.Fatalf("a uint64: err = %v, want KindType", err)
			}
		})
	}
}

// TestPreparedRootAt checks RootAt and Root of a one-element PtrsOf
// input against Root of ValueOf on every kernel, the automatic ones
// included, before and after Root's straight path is set up: equal
// roots, a nil value or element read as Root's nil value does (the
// same root or the same error), a bad field's error, and for another
// type a KindType error with the destination left as it was.
func TestPreparedRootAt(t *testing.T) {
	ks := testKernels(t)
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		auto, err := lanes.Select(h, "")
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, auto)
	}
	p := thingProgram(t, false)
	rng := rand.New(rand.NewPCG(33, 4))
	typ := reflect.TypeFor[thing]()
	for _, k := range ks {
		t.Run(kernelName(k), func(t *testing.T) {
			r := prepare(t, k, nil, p)
			things := randomThings(rng, 3)
			for i := range things {
				var at [32]byte
				// RootAt first on a fresh Prepared: the path is set up there.
				if err := r.RootAt(&at, typ, unsafe.Pointer(&things[i]), 1); err != nil {
					t.Fatal(err)
				}
				want, err := r.Root(sched.ValueOf(&things[i]), 1)
				ptr, perr := r.Root(sched.PtrsOf([]*thing{&things[i]}), 1)
				if err != nil || perr != nil || at != want || ptr != want {
					t.Fatalf("thing %d: RootAt %x, PtrsOf %x, %v; Root %x, %v", i, at, ptr, perr, want, err)
				}
			}
			nilRoot, nilErr := r.Root(sched.ValueOf[thing](nil), 1)
			var at [32]byte
			atErr := r.RootAt(&at, typ, nil, 1)
			ptr, ptrErr := r.Root(sched.PtrsOf([]*thing{nil}), 1)
			if fmt.Sprint(atErr) != fmt.Sprint(nilErr) || fmt.Sprint(ptrErr) != fmt.Sprint(nilErr) ||
				(nilErr == nil && (at != nilRoot || ptr != nilRoot)) {
				t.Fatalf("nil: RootAt %x, %v; PtrsOf %x, %v; Root %x, %v", at, atErr, ptr, ptrErr, nilRoot, nilErr)
			}
			bad := things[0]
			bad.Cred = bad.Cred[:5]
			var se *sched.Error
			if err := r.RootAt(&at, typ, unsafe.Pointer(&bad), 1); !errors.As(err, &se) || se.Index != 0 || se.Path != "thing.Cred" || se.Kind != graph.KindLength {
				t.Fatalf("short Cred: RootAt err = %v, want element 0 thing.Cred of KindLength", err)
			}
			keep := [32]byte{7}
			x := uint64(5)
			if err := r.RootAt(&keep, reflect.TypeFor[uint64](), unsafe.Pointer(&x), 1); !errors.As(err, &se) || se.Kind != graph.KindType || keep != [32]byte{7} {
				t.Fatalf("a uint64: RootAt err = %v, destination %x; want KindType, unchanged", err, keep)
			}
		})
	}
}
