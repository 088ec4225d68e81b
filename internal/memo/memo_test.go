package memo

import (
	"sync"
	"testing"
)

// TestBoundedStaysUnderItsBound stores many more keys than the bound and
// checks after every store that the memo holds no more than its bound.
func TestBoundedStaysUnderItsBound(t *testing.T) {
	const bound = 64
	m := New(bound)
	for i := range 10 * bound {
		m.Store(i, 2*i)
		if n := m.Len(); n > bound {
			t.Fatalf("after %d stores: %d entries, bound %d", i+1, n, bound)
		}
		if v, ok := m.Load(i); ok && v.(int) != 2*i {
			t.Fatalf("key %d: %d", i, v)
		}
	}
}

// TestBoundedKeepsTheFirstValue: a second Store of a key returns the
// value already memoized, not its own.
func TestBoundedKeepsTheFirstValue(t *testing.T) {
	m := New(8)
	if got := m.Store("a", 1); got.(int) != 1 {
		t.Fatalf("first Store: %d", got)
	}
	if got := m.Store("a", 2); got.(int) != 1 {
		t.Errorf("second Store: %d, want the first value 1", got)
	}
	if v, ok := m.Load("a"); !ok || v.(int) != 1 {
		t.Errorf("Load: %d, %v", v, ok)
	}
	if _, ok := m.Load("b"); ok {
		t.Error("Load of a key never stored found one")
	}
}

// TestBoundedConcurrent stores and loads from many goroutines past the
// bound (the memo is emptied while others fill it): every value loaded
// is the one stored for its key, and the memo ends near its bound. Run
// with -race.
func TestBoundedConcurrent(t *testing.T) {
	const bound, workers, per = 100, 8, 2000
	m := New(bound)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range per {
				k := w*per + i
				if got := m.Store(k, -k); got.(int) != -k {
					t.Errorf("Store(%d): %d", k, got)
					return
				}
				if v, ok := m.Load(k - 1); ok && v != -(k-1) {
					t.Errorf("Load(%d): %d", k-1, v)
					return
				}
			}
		}()
	}
	wg.Wait()
	if n := m.Len(); n > bound+workers {
		t.Errorf("%d entries after the stores, bound %d", n, bound)
	}
}

// TestBoundedSetBound: a lowered bound applies from the next store.
func TestBoundedSetBound(t *testing.T) {
	m := New(1000)
	for i := range 100 {
		m.Store(i, i)
	}
	if old := m.SetBound(10); old != 1000 {
		t.Fatalf("SetBound returned %d", old)
	}
	for i := 100; i < 200; i++ {
		m.Store(i, i)
	}
	if n := m.Len(); n > 10 {
		t.Errorf("%d entries under bound 10", n)
	}
}
