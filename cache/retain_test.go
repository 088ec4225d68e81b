package cache_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// registryHolder holds a registry by value, so a tree roots it through
// the element plan's pointers into the caller's array.
type registryHolder struct {
	Validators []phase0.Validator `ssz-max:"1099511627776"`
}

// collectedAfter reports whether the allocation p starts becomes
// garbage once drop has run (and the collector with it): a tree must
// not keep a value the caller has let go of.
func collectedAfter[T any](p *T, drop func()) bool {
	done := make(chan struct{})
	runtime.AddCleanup(p, func(ch chan struct{}) { close(ch) }, done)
	p = nil
	drop()
	for range 20 {
		runtime.GC()
		select {
		case <-done:
			return true
		case <-time.After(10 * time.Millisecond):
		}
	}
	return false
}

// TestTreeKeepsNoOldValue roots a value, replaces the list in it with a
// new one, roots again and lets the old list go: the tree (batched short
// elements, elements rooted by the element plan, a sparse walk) must not
// keep pointers into it.
func TestTreeKeepsNoOldValue(t *testing.T) {
	t.Run("transactions", func(t *testing.T) {
		v := &shortLists{Bytes: make([][]byte, 2000)}
		for i := range v.Bytes {
			v.Bytes[i] = []byte{byte(i), 1, 2}
		}
		tr, err := cache.New[shortLists]()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tr.Root(v); err != nil {
			t.Fatal(err)
		}
		old := &v.Bytes[0]
		if !collectedAfter(old, func() {
			v.Bytes = [][]byte{{9}}
			if _, err := tr.Root(v); err != nil {
				t.Fatal(err)
			}
		}) {
			t.Error("the old transactions' array stays reachable after the tree rooted a new one")
		}
		runtime.KeepAlive(tr)
	})
	t.Run("registry", func(t *testing.T) {
		v := &registryHolder{Validators: phase0.RandomValidators(3000, 1)}
		tr, err := cache.New[registryHolder]()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tr.Root(v); err != nil {
			t.Fatal(err)
		}
		old := &v.Validators[0]
		if !collectedAfter(old, func() {
			v.Validators = phase0.RandomValidators(2, 2)
			if _, err := tr.Root(v); err != nil {
				t.Fatal(err)
			}
		}) {
			t.Error("the old registry's array stays reachable after the tree rooted a new one")
		}
		runtime.KeepAlive(tr)
	})
	t.Run("sparse", func(t *testing.T) {
		v := &registryHolder{Validators: phase0.RandomValidators(3000, 1)}
		old := &v.Validators[0]
		var sp *cache.Sparse
		if !collectedAfter(old, func() {
			var err error
			if sp, _, err = cache.SparseOf(v, []string{"Validators[7].Slashed"}); err != nil {
				t.Fatal(err)
			}
			v = nil
		}) {
			t.Error("a Sparse keeps the value it walked reachable")
		}
		runtime.KeepAlive(sp)
	})
}

// TestCutListMemory roots a registry of 50,000 validators, then the
// same registry cut to one, in both modes, and a progressive list of
// 2^20 integers cut to one: the tree's levels above the new top (a
// progressive list's subtrees past the cut) and its levels' arrays
// must go with the elements, so the heap it keeps follows its
// Stats.Bytes, and both follow the new length (beside scratch up to the
// size the tree keeps whatever the update).
func TestCutListMemory(t *testing.T) {
	vals := phase0.RandomValidators(50000, 3)
	for _, mode := range []cache.Mode{cache.Detect, cache.Marked} {
		checkCutMemory(t, fmt.Sprintf("registry, mode %d", mode), func() (*cache.List[phase0.Validator], error) {
			return cache.NewList[phase0.Validator](1<<40, cache.WithMode(mode))
		}, vals)
	}
	checkCutMemory(t, "progressive list of integers", func() (*cache.List[uint64], error) {
		return cache.NewProgressiveList[uint64]()
	}, make([]uint64, 1<<20))
}

// checkCutMemory roots elems in a new list, then elems cut to one, and
// checks the heap the list keeps against its Stats.Bytes.
func checkCutMemory[E any](t *testing.T, name string, newList func() (*cache.List[E], error), elems []E) {
	t.Helper()
	h0 := heapHeld()
	l, err := newList()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Root(elems); err != nil {
		t.Fatal(err)
	}
	full := l.Stats().Bytes
	if _, err := l.Root(elems[:1]); err != nil {
		t.Fatal(err)
	}
	held, st := int64(heapHeld())-int64(h0), l.Stats().Bytes
	if held > 2*int64(st)+256<<10 || st > full/2 {
		t.Errorf("%s cut to one element: the tree keeps %d bytes alive and counts %d (%d before the cut)", name, held, st, full)
	}
	runtime.KeepAlive(l)
	runtime.KeepAlive(elems)
}
