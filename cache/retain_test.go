package cache_test

import (
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
