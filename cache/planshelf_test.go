package cache_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
)

// shelfCase is one value SparseOf is asked for, with what it must give:
// the reference root of a good value, TreeOf's error for a bad one.
type shelfCase struct {
	name  string
	opts  []plan.Option
	state *fulu.BeaconState
	path  string
	root  [32]byte
	err   error
}

// shelfCases are fulu states of several sizes, good and bad (a short
// withdrawal credential), with the default kernel, Keccak-256 and every
// available kernel by name.
func shelfCases(t *testing.T) []shelfCase {
	t.Helper()
	var cases []shelfCase
	type kernel struct {
		opts []plan.Option
		hash lanes.Hash
	}
	kernels := []kernel{{nil, lanes.SHA256}, {[]plan.Option{plan.WithHash(lanes.Keccak256)}, lanes.Keccak256}}
	for _, info := range lanes.Kernels() {
		if info.Available {
			kernels = append(kernels, kernel{[]plan.Option{plan.WithKernel(info.Name)}, info.Hash})
		}
	}
	for ki, k := range kernels {
		opts, hash := k.opts, k.hash
		for j, n := range []int{1, 17, 130} {
			s := fulu.SyntheticBeaconState(n, uint64(100*ki+j))
			c := shelfCase{name: fmt.Sprintf("kernel %d, %d validators", ki, n), opts: opts, state: s,
				path: fmt.Sprintf("validators[%d].effective_balance", n/2)}
			if j == 1 {
				s.Validators[n-1].WithdrawalCredentials = s.Validators[n-1].WithdrawalCredentials[:31]
				c.name += ", short credentials"
				_, _, c.err = cache.TreeOf(s, opts...)
				if c.err == nil {
					t.Fatalf("%s: TreeOf took a bad value", c.name)
				}
			} else {
				root, err := ssz.HashTreeRoot(s, ssz.Hash(hash))
				if err != nil {
					t.Fatal(err)
				}
				c.root = root
			}
			cases = append(cases, c)
		}
	}
	return cases
}

// TestPlanShelfReuse builds sparse trees of states of several sizes,
// good and bad, with every kernel, in a random order, so each tree takes
// plans that earlier trees (of other values, some failed half way)
// left on the shelves: every root is the reference's, every proof
// TreeOf's, every error TreeOf's.
func TestPlanShelfReuse(t *testing.T) {
	cases := shelfCases(t)
	rng := rand.New(rand.NewPCG(5, 6))
	rounds := 4 * len(cases)
	if testing.Short() {
		rounds = len(cases)
	}
	for range rounds {
		c := cases[rng.IntN(len(cases))]
		sp, root, err := cache.SparseOf(c.state, []string{c.path}, c.opts...)
		if c.err != nil {
			if !sameValueError(err, c.err) {
				t.Fatalf("%s: %v, want TreeOf's %v", c.name, err, c.err)
			}
			continue
		}
		if err != nil || root != c.root {
			t.Fatalf("%s: root %x (%v), want the reference's %x", c.name, root, err, c.root)
		}
		full, _, err := cache.TreeOf(c.state, c.opts...)
		if err != nil {
			t.Fatal(err)
		}
		sameProofs(t, sp, full, c.root, []string{c.path})
	}
}

// TestPlanShelfConcurrent builds sparse trees of different states from
// several goroutines at once (-race in CI): no two trees hold one plan,
// so each root is its own value's.
func TestPlanShelfConcurrent(t *testing.T) {
	const workers = 6
	states := make([]*fulu.BeaconState, workers)
	roots := make([][32]byte, workers)
	for i := range states {
		states[i] = fulu.SyntheticBeaconState(3+11*i, uint64(40+i))
		r, err := ssz.HashTreeRoot(states[i], ssz.Hash(lanes.SHA256))
		if err != nil {
			t.Fatal(err)
		}
		roots[i] = r
	}
	errs := make(chan error, workers)
	for w := range workers {
		go func() {
			for i := range 8 {
				k := (w + i) % workers
				path := fmt.Sprintf("balances[%d]", k)
				_, r, err := cache.SparseOf(states[k], []string{path})
				if err != nil || r != roots[k] {
					errs <- fmt.Errorf("goroutine %d, state %d: %x (%v), want %x", w, k, r, err, roots[k])
					return
				}
			}
			errs <- nil
		}()
	}
	for range workers {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestPlanShelfMinimal: the minimal preset's types are other types, with
// shelves of their own; trees of both presets interleaved keep their
// roots.
func TestPlanShelfMinimal(t *testing.T) {
	v := newNestedOuter()
	want, err := ssz.HashTreeRoot(v, ssz.Hash(lanes.SHA256))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		var opts []plan.Option
		if i%2 == 1 {
			opts = []plan.Option{plan.WithSpec(ssz.MinimalSpec())}
		}
		_, root, err := cache.SparseOf(v, []string{"Elems[1].L[1]"}, opts...)
		if err != nil || root != want {
			t.Fatalf("round %d: %x (%v), want %x", i, root, err, want)
		}
	}
	bad := newNestedOuter()
	bad.Elems[0].Bits = []byte{1, 0}
	_, _, werr := cache.TreeOf(bad)
	if werr == nil {
		t.Fatal("TreeOf took a bitlist without its delimiter")
	}
	for i := range 3 {
		if _, _, err := cache.SparseOf(bad, []string{"Head"}); !sameValueError(err, werr) {
			t.Fatalf("round %d: %v, want TreeOf's %v", i, err, werr)
		}
		if _, root, err := cache.SparseOf(v, []string{"Head"}); err != nil || root != want {
			t.Fatalf("round %d, after the bad value: %x (%v), want %x", i, root, err, want)
		}
	}
}
