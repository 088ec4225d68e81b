package sched

import (
	"sync"
	"testing"
)

// TestSingleRootOwnBuffer checks how the straight path hands out flat
// buffers: the first get takes the root's own buffer, a get while it
// is held takes another from the pool, put of a pool buffer leaves the
// own one held, and put of the own one hands it back to the next get.
// Then goroutines taking and handing back buffers at once never hold
// one buffer together.
func TestSingleRootOwnBuffer(t *testing.T) {
	f := &singleRoot{own: &flatBuf{b: make([]byte, 64)}}
	f.pool.New = func() any { return &flatBuf{b: make([]byte, 64)} }
	a := f.get()
	if a != f.own {
		t.Fatal("first get: not the own buffer")
	}
	b := f.get()
	if b == f.own || b == nil {
		t.Fatal("get while the own buffer is held: the own buffer again")
	}
	f.put(b)
	if c := f.get(); c == f.own {
		t.Fatal("put of a pool buffer handed back the own one")
	} else {
		f.put(c)
	}
	f.put(a)
	if c := f.get(); c != f.own {
		t.Fatal("get after put of the own buffer: not the own buffer")
	} else {
		f.put(c)
	}

	const goroutines, rounds = 4, 2000
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			for r := range rounds {
				fb := f.get()
				mark := byte(g + 1)
				fb.b[0], fb.b[63] = mark, byte(r)
				for i := 1; i < 63; i++ {
					fb.b[i] = mark
				}
				for i := range 63 {
					if fb.b[i] != mark {
						t.Errorf("goroutine %d: buffer written by another holder", g)
						f.put(fb)
						return
					}
				}
				f.put(fb)
			}
		})
	}
	wg.Wait()
	if c := f.get(); c != f.own {
		t.Fatal("after the goroutines: own buffer still held")
	}
}
