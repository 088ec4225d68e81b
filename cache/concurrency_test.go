package cache_test

import (
	"sync"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/proof"
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

// TestProofBesideRoot: proof.Prove, ProveMulti and ProveCompact read a
// proof node by node, and a Tree's Node takes the tree's lock per
// call, so a Root between two reads gave a proof of nodes from two
// trees, which verifies against neither root, with no error (found by
// breaker22: about 1 in 60 multiproofs, 13 in 60 compact proofs). Read
// through Tree.ReadNodes and List.ReadNodes (proof.SnapshotSource),
// every proof is of one tree: it verifies against the root of one of
// the two values a goroutine beside it keeps rooting.
func TestProofBesideRoot(t *testing.T) {
	a := phase0.RandomValidators(300, 1)
	b := append([]phase0.Validator(nil), a...)
	for i := range b {
		b[i].EffectiveBalance++
	}
	l, err := cache.NewList[phase0.Validator](registryLimit)
	if err != nil {
		t.Fatal(err)
	}
	ra, err := l.Root(a)
	if err != nil {
		t.Fatal(err)
	}
	rb := refListRoot(t, b, `ssz-max:"1099511627776"`)
	var gs []proof.GIndex
	for _, path := range []string{"[0].EffectiveBalance", "[7].EffectiveBalance", "[150].Pubkey", "[299].EffectiveBalance", "__len__"} {
		g, err := l.GIndex(path)
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-done:
				return
			default:
			}
			v := a
			if i%2 == 1 {
				v = b
			}
			if _, err := l.Root(v); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	bad := 0
	const rounds = 200
	for range rounds {
		m, err := proof.ProveMulti(l, gs)
		if err != nil {
			t.Fatal(err)
		}
		c, err := proof.ProveCompact(l, gs)
		if err != nil {
			t.Fatal(err)
		}
		p, err := proof.Prove(l, gs[1])
		if err != nil {
			t.Fatal(err)
		}
		if !m.Verify(ra) && !m.Verify(rb) || !c.Verify(ra) && !c.Verify(rb) || !p.Verify(ra) && !p.Verify(rb) {
			bad++
		}
	}
	close(done)
	wg.Wait()
	if bad > 0 {
		t.Errorf("%d of %d rounds: a proof read beside Root verifies against neither root", bad, rounds)
	}
}
