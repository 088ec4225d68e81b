package lanehash_test

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/lanehash/lanehash"
	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/internal/sszrand"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/electra"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// roots are the consensus types the tests start from; every struct type
// reachable from them is tested too.
var roots = []reflect.Type{
	reflect.TypeFor[phase0.BeaconState](), reflect.TypeFor[phase0.SignedBeaconBlock](),
	reflect.TypeFor[electra.BeaconState](), reflect.TypeFor[electra.SignedBeaconBlock](),
	reflect.TypeFor[fulu.BeaconState](), reflect.TypeFor[fulu.SignedBeaconBlock](),
	reflect.TypeFor[gloas.BeaconState](), reflect.TypeFor[gloas.SignedBeaconBlock](),
}

// consensusTypes returns the struct types reachable from roots through
// fields, elements and pointers, each once, in a stable order.
func consensusTypes() []reflect.Type {
	seen := map[reflect.Type]bool{}
	var out []reflect.Type
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(t.Elem())
		case reflect.Struct:
			if seen[t] {
				return
			}
			seen[t] = true
			out = append(out, t)
			for i := range t.NumField() {
				walk(t.Field(i).Type)
			}
		}
	}
	for _, t := range roots {
		walk(t)
	}
	return out
}

// random returns a pointer to a random valid value of t (a
// reflect.Value of *t) and its serialization.
func random(tb testing.TB, t reflect.Type, seed uint64) (reflect.Value, []byte) {
	tb.Helper()
	st, err := ssz.TypeOf(t)
	if err != nil {
		tb.Fatalf("ssz.TypeOf(%v): %v", t, err)
	}
	p := reflect.New(t)
	f := &sszrand.Filler{Rand: sszrand.NewRand(seed), MaxList: 6}
	f.Fill(st, p.Elem())
	b, err := ssz.Marshal(p.Interface())
	if err != nil {
		tb.Fatalf("ssz.Marshal(%v): %v", t, err)
	}
	return p, b
}

// TestMatchesReference roots random values of every consensus type by
// pointer, by value and from their serialization, and compares each
// with the reference ssz.HashTreeRoot.
func TestMatchesReference(t *testing.T) {
	types := consensusTypes()
	if len(types) < 40 {
		t.Fatalf("only %d consensus types reachable from the roots", len(types))
	}
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	for _, typ := range types {
		t.Run(typ.String(), func(t *testing.T) {
			for seed := range uint64(seeds) {
				p, b := random(t, typ, seed+1)
				want, err := ssz.HashTreeRoot(p.Interface(), ssz.SHA256)
				if err != nil {
					t.Fatalf("reference: %v", err)
				}
				check := func(form string, got [32]byte, err error) {
					t.Helper()
					if err != nil || got != want {
						t.Fatalf("seed %d, %s: %x, %v; reference %x", seed+1, form, got, err, want)
					}
				}
				got, err := lanehash.HashTreeRoot(p.Interface())
				check("pointer", got, err)
				got, err = lanehash.HashTreeRoot(p.Elem().Interface())
				check("value", got, err)
				got, err = lanehash.HashTreeRootBytes(typ, b)
				check("bytes", got, err)
				got, err = lanehash.HashTreeRootBytes(reflect.PointerTo(typ), b)
				check("bytes, pointer type", got, err)
			}
		})
	}
}

// TestKeccak roots with an option: the plan compiled for it is not the
// default one, and the root is the reference's Keccak-256 root.
func TestKeccak(t *testing.T) {
	p, _ := random(t, reflect.TypeFor[phase0.BeaconBlockHeader](), 7)
	for range 2 { // the second call reuses the plan the first compiled
		want, err := ssz.HashTreeRoot(p.Interface(), ssz.Keccak256)
		if err != nil {
			t.Fatal(err)
		}
		got, err := lanehash.HashTreeRoot(p.Interface(), plan.WithHash(lanes.Keccak256))
		if err != nil || got != want {
			t.Fatalf("Keccak-256: %x, %v; reference %x", got, err, want)
		}
		sha, err := lanehash.HashTreeRoot(p.Interface(), plan.WithWorkers(1))
		if err != nil || sha == got {
			t.Fatalf("WithWorkers(1) after WithHash(Keccak256): %x, %v: the Keccak plan was reused", sha, err)
		}
	}
}

// TestSpecOption roots a minimal-preset value: WithSpec keys its own
// plan, and a spec given as an equal map built again finds it.
func TestSpecOption(t *testing.T) {
	st, err := ssz.TypeOf(reflect.TypeFor[phase0.BeaconState](), ssz.WithSpec(ssz.MinimalSpec()))
	if err != nil {
		t.Fatal(err)
	}
	v := new(phase0.BeaconState)
	(&sszrand.Filler{Rand: sszrand.NewRand(3), MaxList: 4}).Fill(st, reflect.ValueOf(v).Elem())
	want, err := ssz.HashTreeRoot(v, ssz.SHA256, ssz.WithSpec(ssz.MinimalSpec()))
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		got, err := lanehash.HashTreeRoot(v, plan.WithSpec(ssz.MinimalSpec()))
		if err != nil || got != want {
			t.Fatalf("minimal: %x, %v; reference %x", got, err, want)
		}
	}
	// The mainnet plan of the same type refuses the minimal-sized value
	// or roots it differently; either way it is not the minimal root.
	if got, err := lanehash.HashTreeRoot(v); err == nil && got == want {
		t.Fatalf("the mainnet plan gave the minimal root %x", got)
	}
}

// listWrapper has one field, so its root is its field's root: the
// reference's root of List[Validator, 2^40].
type listWrapper struct {
	V []*phase0.Validator `ssz-max:"1099511627776"`
}

// TestLists roots a registry element by element and as a list, from a
// []T, a []*T with a nil element, and its serialization.
func TestLists(t *testing.T) {
	const n = 37
	ptrs := make([]*phase0.Validator, n)
	vals := make([]phase0.Validator, n)
	for i := range ptrs {
		p, _ := random(t, reflect.TypeFor[phase0.Validator](), uint64(i))
		ptrs[i] = p.Interface().(*phase0.Validator)
		vals[i] = *ptrs[i]
	}
	ptrs[5], vals[5] = nil, phase0.Validator{}
	want := make([][32]byte, n)
	for i := range vals {
		r, err := ssz.HashTreeRoot(&vals[i], ssz.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = r
	}
	ser, err := ssz.Marshal(&listWrapper{V: ptrs})
	if err != nil {
		t.Fatal(err)
	}
	ser = ser[4:] // the list's bytes, after the container's one offset
	for _, c := range []struct {
		name  string
		roots func([][32]byte) error
	}{
		{"[]T", func(d [][32]byte) error { return lanehash.HashTreeRoots(d, vals) }},
		{"[]*T", func(d [][32]byte) error { return lanehash.HashTreeRoots(d, ptrs) }},
		{"bytes", func(d [][32]byte) error {
			return lanehash.HashTreeRootsBytes(d, reflect.TypeFor[phase0.Validator](), ser)
		}},
	} {
		got := make([][32]byte, n)
		if err := c.roots(got); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: root %d %x, reference %x", c.name, i, got[i], want[i])
			}
		}
	}
	wantList, err := ssz.HashTreeRoot(&listWrapper{V: ptrs}, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]any{"[]T": vals, "[]*T": ptrs} {
		got, err := lanehash.HashTreeRootList(s, 1<<40)
		if err != nil || got != wantList {
			t.Fatalf("HashTreeRootList(%s): %x, %v; reference %x", name, got, err, wantList)
		}
	}
	wantEmpty, err := ssz.HashTreeRoot(&listWrapper{}, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := lanehash.HashTreeRootList([]*phase0.Validator(nil), 1<<40); err != nil || got != wantEmpty {
		t.Fatalf("HashTreeRootList(nil slice): %x, %v; reference %x", got, err, wantEmpty)
	}
}

// balances has one packed list field: its root is the list's.
type balances struct {
	B []uint64 `ssz-max:"1099511627776"`
}

// TestPackedList roots a list of a basic type (a registry's balances),
// whose elements are packed into chunks rather than rooted one by one.
func TestPackedList(t *testing.T) {
	for _, n := range []int{0, 1, 3, 4, 5, 1000} {
		b := make([]uint64, n)
		for i := range b {
			b[i] = uint64(i)*1e9 + 7
		}
		want, err := ssz.HashTreeRoot(&balances{B: b}, ssz.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := lanehash.HashTreeRootList(b, 1<<40); err != nil || got != want {
			t.Fatalf("%d balances: %x, %v; reference %x", n, got, err, want)
		}
	}
}

// onePointer is stored in an interface as its one pointer, not as a
// pointer to a copy: the value form must root it all the same.
type onePointer struct {
	C *phase0.Checkpoint
}

func TestPointerShapedValue(t *testing.T) {
	v := onePointer{C: &phase0.Checkpoint{Epoch: 9, Root: phase0.Root{1, 2, 3}}}
	want, err := ssz.HashTreeRoot(&v, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []any{v, &v} {
		if got, err := lanehash.HashTreeRoot(x); err != nil || got != want {
			t.Fatalf("HashTreeRoot(%T): %x, %v; reference %x", x, got, err, want)
		}
	}
}

// TestErrors checks that each refusal is the typed error it documents,
// and that nothing panics.
func TestErrors(t *testing.T) {
	var nilPtr *phase0.Validator
	dst := make([][32]byte, 1)
	long := make([]phase0.Checkpoint, 3)
	for _, c := range []struct {
		name string
		err  error
		is   error
	}{
		{"nil interface", second(lanehash.HashTreeRoot(nil)), lanehash.ErrNil},
		{"nil pointer", second(lanehash.HashTreeRoot(nilPtr)), lanehash.ErrNil},
		{"nil type", second(lanehash.HashTreeRootBytes(nil, nil)), lanehash.ErrNil},
		{"nil type, roots", lanehash.HashTreeRootsBytes(dst, nil, nil), lanehash.ErrNil},
		{"nil slice interface", lanehash.HashTreeRoots(dst, nil), lanehash.ErrNil},
		{"not a slice", lanehash.HashTreeRoots(dst, phase0.Validator{}), lanehash.ErrNotSlice},
		{"list of not a slice", second(lanehash.HashTreeRootList([2]phase0.Validator{}, 4)), lanehash.ErrNotSlice},
		{"map", second(lanehash.HashTreeRoot(map[string]int{})), ssz.ErrUnsupported},
		{"map again (kept failure)", second(lanehash.HashTreeRoot(map[string]int{})), ssz.ErrUnsupported},
		{"int", second(lanehash.HashTreeRoot(3)), ssz.ErrUnsupported},
		{"chan", second(lanehash.HashTreeRoot(make(chan int))), ssz.ErrUnsupported},
		{"slice of funcs", lanehash.HashTreeRoots(dst, []func(){}), ssz.ErrUnsupported},
		{"list too long", second(lanehash.HashTreeRootList(long, 2)), ssz.ErrListTooLong},
		{"bytes too short", second(lanehash.HashTreeRootBytes(reflect.TypeFor[phase0.Validator](), make([]byte, 100))), ssz.ErrSize},
		{"bad option", second(lanehash.HashTreeRoot(&phase0.Fork{}, plan.WithWorkers(-1))), plan.ErrOption},
		{"nil option", second(lanehash.HashTreeRoot(&phase0.Fork{}, nil)), plan.ErrOption},
		{"cache option", second(lanehash.HashTreeRoot(&phase0.Fork{}, cache.WithMode(cache.Marked))), plan.ErrOption},
	} {
		if !errors.Is(c.err, c.is) {
			t.Errorf("%s: %v, want an error wrapping %v", c.name, c.err, c.is)
		}
	}
	if err := lanehash.HashTreeRoots(make([][32]byte, 1), long); err == nil {
		t.Errorf("HashTreeRoots into a short dst: no error")
	}
	var pe *plan.Error
	if _, err := lanehash.HashTreeRootList(long, 2); !errors.As(err, &pe) {
		t.Errorf("list too long: %v is not a *plan.Error", err)
	}
	var se *ssz.Error
	if _, err := lanehash.HashTreeRoot(struct{ M map[int]int }{}); !errors.As(err, &se) || se.Path == "" {
		t.Errorf("unsupported field: %v is not an *ssz.Error naming the field", err)
	}
}

func second[T any](_ T, err error) error { return err }

// TestConcurrent roots several types from many goroutines at once,
// first calls included, and compares every root with the reference
// (run it with -race).
func TestConcurrent(t *testing.T) {
	types := consensusTypes()[:12]
	type job struct {
		v    any
		want [32]byte
	}
	var jobs []job
	for i, typ := range types {
		p, _ := random(t, typ, uint64(100+i))
		want, err := ssz.HashTreeRoot(p.Interface(), ssz.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, job{p.Interface(), want}, job{p.Elem().Interface(), want})
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Go(func() {
			for r := range 20 {
				j := jobs[(g+r)%len(jobs)]
				if got, err := lanehash.HashTreeRoot(j.v, plan.WithWorkers(1+g%2)); err != nil || got != j.want {
					errs <- fmt.Errorf("goroutine %d, %T: %x, %v; reference %x", g, j.v, got, err, j.want)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestAllocs checks that a call after the first allocates no more than
// a held plan's Root of the same value.
func TestAllocs(t *testing.T) {
	v := &phase0.Validator{EffectiveBalance: 32e9, ExitEpoch: 1 << 60}
	p, err := plan.PlanFor[phase0.Validator]()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lanehash.HashTreeRoot(v); err != nil {
		t.Fatal(err)
	}
	held := testing.AllocsPerRun(100, func() { _, _ = p.Root(v) })
	got := testing.AllocsPerRun(100, func() { _, _ = lanehash.HashTreeRoot(v) })
	if got > held {
		t.Fatalf("HashTreeRoot allocates %.1f a call, a held Plan.Root %.1f", got, held)
	}
}

// TestBasicAndVectorTypes roots values that are not containers, as
// PlanFor takes them: basic types and vectors, by value and by pointer.
func TestBasicAndVectorTypes(t *testing.T) {
	u, b, r, v := uint64(1<<60+3), true, [32]byte{7, 8}, [5]uint16{1, 2, 3, 4, 5}
	for _, x := range []any{&u, &b, &r, &v, u, b, r, v, uint8(9), [3]phase0.Root{{1}, {2}, {3}}} {
		want, err := ssz.HashTreeRoot(x, ssz.SHA256)
		if err != nil {
			t.Fatalf("reference of %T: %v", x, err)
		}
		if got, err := lanehash.HashTreeRoot(x); err != nil || got != want {
			t.Fatalf("%T: %x, %v; reference %x", x, got, err, want)
		}
	}
}
