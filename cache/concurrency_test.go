package cache_test

import (
	"sync"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// TestConcurrentUse shares one tree between goroutines that each hash
// their own registry and prove from it. Calls are serialized by the tree,
// and in Detect mode each Root compares against whatever the previous
// call stored, so every goroutine gets its own value's root; run it with
// -race to check the locking.
func TestConcurrentUse(t *testing.T) {
	l, err := cache.NewList[phase0.Validator](registryLimit)
	if err != nil {
		t.Fatal(err)
	}
	const workers = 4
	regs := make([][]phase0.Validator, workers)
	want := make([][32]byte, workers)
	for w := range regs {
		regs[w] = phase0.RandomValidators(100+37*w, uint64(w))
		want[w] = refListRoot(t, regs[w], `ssz-max:"1099511627776"`)
	}
	var wg sync.WaitGroup
	errs := make(chan string, workers*20)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				got, err := l.Root(regs[w])
				if err != nil || got != want[w] {
					errs <- "wrong root"
					return
				}
				// Another goroutine may have hashed its own registry in
				// between: a proof is of whatever was hashed last, so it
				// must verify against one of the roots.
				p, err := l.Prove("[3].Slashed")
				if err != nil {
					errs <- err.Error()
					return
				}
				ok := false
				for _, r := range want {
					ok = ok || p.Verify(r)
				}
				if !ok {
					errs <- "proof verifies against no root"
				}
				l.Mark(1, 2)
				_ = l.Stats()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
