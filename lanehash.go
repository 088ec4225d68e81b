// Package lanehash is the one-call entry to lanehash's plans for a value
// whose type is known only at run time: HashTreeRoot(v) roots any value
// plan.PlanFor takes, at the speed of a held plan.Plan, with no plan to
// build or keep. It is the drop-in for code written against fastssz
// (v.HashTreeRoot()) or dynamic-ssz (ds.HashTreeRoot(v)): a type becomes
// fast with one method,
//
//	func (b *Block) HashTreeRoot() ([32]byte, error) { return lanehash.HashTreeRoot(b) }
//
// The functions come in pairs, from Go values and from their
// serialization:
//
//	one value:            HashTreeRoot(v)                HashTreeRootBytes(t, data)
//	each element:         HashTreeRoots(dst, slice)      HashTreeRootsBytes(dst, t, data)
//	the list, List[T, N]: HashTreeRootList(slice, N)
//
// # Plans compiled once
//
// Each call finds the plan of its type (and option set) in a table
// shared by the process; the first call for a type compiles it, as
// plan.PlanFor does, and every later call reuses it. The first call
// costs what PlanFor costs, in CPU time on AMD EPYC Zen 5: about 70 µs
// for a phase0.Validator or a BeaconBlockHeader, 0.4-0.7 ms for a fulu
// BeaconState's plan, 0.7-0.9 ms for a fulu SignedBeaconBlock's (the
// wall time is that or more; BenchmarkFirstCall measures it). A call
// after the first, without options, finds the plan in a direct-mapped
// front table by the interface's type word (one atomic load), so it
// costs a held plan.Plan's Root within the benchmarks' noise (0-2% on a
// Validator, a header and a state: BenchmarkCPURatio) and allocates
// nothing Root does not.
//
// The table holds at most MaxPlans plans: a program that roots more
// types than that (types built with reflect.StructOf, one per input, or
// options with ever new spec values) has an arbitrary plan dropped for
// each new one, and a dropped plan is compiled again when its type comes
// back (the 256 slots of the front table may hold a dropped plan until
// another type takes the slot). Failed compilations (an unsupported
// type) are kept as well, so that a type that cannot be hashed is
// refused at the cost of a look-up.
//
// Options are keyed by what they configure, not by identity: two calls
// with WithWorkers(2) built separately share a plan. A call with options
// applies them each time and looks the plan up in the table (four
// allocations, about 430 bytes and 0.1-0.3 µs on AMD EPYC Zen 5); a hot
// loop with options is better served by holding a plan.Plan.
//
// # Errors
//
// Errors are plan's and ssz's: an unsupported type is an *ssz.Error
// wrapping ssz.ErrUnsupported that names the field, a value the type
// cannot hold (a list over its limit) a *plan.Error wrapping the ssz
// sentinel, a bad option a plan.ErrOption. A nil interface or a nil
// pointer is ErrNil (plan.Plan.Root reads a nil *T as T's zero value,
// but a nil given to a function of any value has no type to be the zero
// value of, and a nil *T is far more often a bug than a wish); an
// argument that must be a slice and is not is ErrNotSlice; a
// go-eth2-client versioned wrapper is ErrVersioned. No input panics.
//
// # go-eth2-client
//
// go-eth2-client's spec.Versioned* and api.Versioned* values
// (VersionedBeaconState, VersionedSignedBeaconBlock, ...) are wrappers
// of one fork's value: as a container of a version number and one
// pointer per fork, their root is no object's root. HashTreeRoot refuses
// them with ErrVersioned (recognised by their package and shape, without
// importing the client); root them with the adapter module
// github.com/lanehash/lanehash/eth2, whose HashTreeRoot picks the fork's
// value by its Version.
package lanehash

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/lanehash/lanehash/internal/anyplan"
	"github.com/lanehash/lanehash/internal/options"
	"github.com/lanehash/lanehash/internal/pointee"
	"github.com/lanehash/lanehash/internal/sszpath"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
)

// ErrNil reports a nil interface or a nil pointer given as the value to
// root, or a nil reflect.Type.
var ErrNil = errors.New("lanehash: nil value")

// ErrVersioned reports a go-eth2-client versioned wrapper
// (spec.VersionedBeaconState, ...): its root as a container of a version
// and one pointer per fork is no object's root, so HashTreeRoot refuses
// it, and any value holding one at any depth, and names the adapter,
// github.com/lanehash/lanehash/eth2, whose HashTreeRoot roots the fork's
// value the wrapper holds. (plan.PlanFor of such a type still compiles
// the container, for a caller who wants exactly that.)
var ErrVersioned = errors.New("lanehash: a go-eth2-client versioned wrapper: root it with github.com/lanehash/lanehash/eth2")

// ErrNotSlice reports a list argument (HashTreeRoots, HashTreeRootList)
// that is not a slice ([]T or []*T).
var ErrNotSlice = errors.New("lanehash: not a slice")

// MaxPlans bounds the number of compiled plans the process keeps (see
// the package documentation).
const MaxPlans = 1024

// maxPlans is the bound lookup applies: MaxPlans, lowered by the tests
// of the bound so that they need not compile a thousand types.
var maxPlans int64 = MaxPlans

// HashTreeRoot returns hash_tree_root of v, a value of any type
// plan.PlanFor takes or a pointer to one, with the plan of v's type
// compiled on the first call and reused after (see the package
// documentation). opts are plan's options (WithWorkers, WithSpec, ...);
// a value is rooted with the plan its type and options compile. A
// pointer is read in place; a value is read from the copy the caller's
// conversion to any made.
func HashTreeRoot(v any, opts ...plan.Option) ([32]byte, error) {
	if len(opts) == 0 {
		// The fast path: the plan of v's dynamic type, found by the type
		// word of the interface in a direct-mapped front table.
		w := (*[2]unsafe.Pointer)(unsafe.Pointer(&v))
		if f := front[frontIndex(w[0])].Load(); f != nil && f.typ == w[0] && w[1] != nil {
			return f.e.r.Root(w[1])
		}
	}
	return hashTreeRoot(v, opts)
}

// hashTreeRoot is HashTreeRoot's path through the table: a first call
// for a type, a call with options, a nil, a value the front table cannot
// take.
func hashTreeRoot(v any, opts []plan.Option) ([32]byte, error) {
	t := reflect.TypeOf(v)
	if t == nil {
		return [32]byte{}, fmt.Errorf("%w: HashTreeRoot(nil)", ErrNil)
	}
	if t.Kind() == reflect.Pointer {
		p := dataOf(v)
		if p == nil {
			return [32]byte{}, fmt.Errorf("%w: HashTreeRoot of a nil %v", ErrNil, t)
		}
		e, err := lookup(t.Elem(), opts)
		if err != nil {
			return [32]byte{}, err
		}
		if len(opts) == 0 {
			remember(v, e)
		}
		return e.r.Root(p)
	}
	e, err := lookup(t, opts)
	if err != nil {
		return [32]byte{}, err
	}
	if e.direct {
		// The interface holds the value itself, not a pointer to it
		// (a struct of one pointer): root an addressable copy.
		c := reflect.New(t)
		c.Elem().Set(reflect.ValueOf(v))
		return e.r.Root(c.UnsafePointer())
	}
	if len(opts) == 0 {
		remember(v, e)
	}
	return e.r.Root(dataOf(v))
}

// front is a direct-mapped table in front of the plans table, for calls
// without options: slot frontIndex(type word of v) holds the plan of the
// last type that hashed there, so that a call after the first costs one
// atomic load and one comparison instead of a map look-up. Its key is
// v's dynamic type as it is (a *T and a T have slots of their own), and
// its slots hold only entries that are compiled, of a pointer type or of
// a value type an interface holds through a pointer: for both, the data
// word of v is the address Root reads.
var front [256]atomic.Pointer[frontEntry]

// frontEntry is one slot of front.
type frontEntry struct {
	typ unsafe.Pointer // the type word of the interfaces it serves
	e   *entry
}

// frontIndex hashes a type word (a *runtime type) to a slot.
func frontIndex(typ unsafe.Pointer) uintptr {
	return uintptr(uint64(uintptr(typ))*0x9e3779b97f4a7c15>>(64-8)) & (uintptr(len(front)) - 1)
}

// remember puts e, the compiled plan for v's type, in v's slot of front.
func remember(v any, e *entry) {
	typ := (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[0]
	front[frontIndex(typ)].Store(&frontEntry{typ: typ, e: e})
}

// HashTreeRootBytes returns hash_tree_root of the value of Go type t
// serialized in data, read straight from the bytes without decoding (as
// plan.Plan.RootBytes; the errors name the offending offset's field). A
// pointer type stands for its element type:
// HashTreeRootBytes(reflect.TypeFor[*fulu.BeaconState](), data) roots a
// serialized fulu.BeaconState.
func HashTreeRootBytes(t reflect.Type, data []byte, opts ...plan.Option) ([32]byte, error) {
	e, err := lookupType(t, "HashTreeRootBytes", opts)
	if err != nil {
		return [32]byte{}, err
	}
	return e.r.RootBytes(data)
}

// HashTreeRoots sets dst[i] to hash_tree_root of element i of slice, a
// []T or a []*T (a nil element is T's zero value, as in
// plan.Plan.RootAllPtr), hashing elements side by side as
// plan.Plan.RootAll does. dst must hold at least len(slice) roots.
func HashTreeRoots(dst [][32]byte, slice any, opts ...plan.Option) error {
	s, e, err := sliceOf(slice, "HashTreeRoots", opts)
	if err != nil {
		return err
	}
	return e.r.RootAll(dst, s)
}

// HashTreeRootsBytes sets dst[i] to hash_tree_root of element i of
// data, the serialization of a list of values of Go type t (as
// plan.Plan.RootAllBytes: fixed-size elements back to back, or the
// offset table, then the elements). A pointer type stands for its
// element type. dst must hold at least as many roots as data has
// elements.
func HashTreeRootsBytes(dst [][32]byte, t reflect.Type, data []byte, opts ...plan.Option) error {
	e, err := lookupType(t, "HashTreeRootsBytes", opts)
	if err != nil {
		return err
	}
	return e.r.RootAllBytes(dst, data)
}

// HashTreeRootList returns hash_tree_root(List[T, limit]) of slice, a
// []T or a []*T: the root a container's list field of that limit has
// (a registry's root is HashTreeRootList(validators, 1<<40)), as
// plan.Plan.ListRoot. More elements than limit is a *plan.Error wrapping
// ssz.ErrListTooLong.
func HashTreeRootList(slice any, limit uint64, opts ...plan.Option) ([32]byte, error) {
	s, e, err := sliceOf(slice, "HashTreeRootList", opts)
	if err != nil {
		return [32]byte{}, err
	}
	return e.r.ListRoot(s, limit)
}

// sliceOf returns slice as a reflect.Value and the plan of its elements
// (of T for a []*T).
func sliceOf(slice any, fn string, opts []plan.Option) (reflect.Value, *entry, error) {
	s := reflect.ValueOf(slice)
	if !s.IsValid() {
		return s, nil, fmt.Errorf("%w: %s(nil)", ErrNil, fn)
	}
	if s.Kind() != reflect.Slice {
		return s, nil, fmt.Errorf("%w: %s of a %v", ErrNotSlice, fn, s.Type())
	}
	et := s.Type().Elem()
	if et.Kind() == reflect.Pointer {
		et = et.Elem()
	}
	e, err := lookup(et, opts)
	return s, e, err
}

// lookupType is lookup for a type given by the caller: nil is ErrNil, a
// pointer type stands for its element type.
func lookupType(t reflect.Type, fn string, opts []plan.Option) (*entry, error) {
	if t == nil {
		return nil, fmt.Errorf("%w: %s of a nil reflect.Type", ErrNil, fn)
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return lookup(t, opts)
}

// dataOf returns the data word of the interface v: the pointer a
// pointer-shaped value is, or the address of the value otherwise.
func dataOf(v any) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1]
}

// entry is one compiled plan of the table, compiled once.
type entry struct {
	once   sync.Once
	r      anyplan.Rooter
	err    error
	direct bool // an interface holds a value of the type itself, not a pointer to it
}

// optKey keys a plan compiled with options by what the options
// configure: options are functions, which Go cannot compare, so the
// table keys the configuration they build (a spec's values in a sorted
// string, since a map is not comparable either).
type optKey struct {
	t       reflect.Type
	hash    lanes.Hash
	kernel  string
	workers int
	spec    string
}

// plans is the table of compiled plans: a reflect.Type for a plan
// without options, an optKey otherwise. A sync.Map because the table is
// read on every call from every goroutine and written once per type.
var (
	plans  sync.Map
	nplans atomic.Int64
)

// lookup returns the plan of t with opts, compiling it on the first
// call. Concurrent first calls for one type compile it once (the others
// wait for it).
func lookup(t reflect.Type, opts []plan.Option) (*entry, error) {
	var key any = t
	if len(opts) > 0 {
		c, err := options.Apply("plan", opts)
		if err != nil {
			return nil, err
		}
		if c.Impl != nil || len(c.Ext) > 0 {
			// A kernel given directly cannot key a table, and an option
			// of another package is refused: neither is kept.
			return compile(t, opts)
		}
		key = optKey{t: t, hash: c.Hash, kernel: c.Kernel, workers: c.Workers, spec: specKey(c.Spec)}
	}
	v, ok := plans.Load(key)
	if !ok {
		var loaded bool
		if v, loaded = plans.LoadOrStore(key, new(entry)); !loaded && nplans.Add(1) > maxPlans {
			evict(key)
		}
	}
	e := v.(*entry)
	e.once.Do(func() {
		c, err := compile(t, opts)
		if err != nil {
			e.err = err
			return
		}
		e.r, e.direct = c.r, c.direct
	})
	if e.err != nil {
		return nil, e.err
	}
	return e, nil
}

// compile compiles the plan of t with opts into an entry outside the
// table.
func compile(t reflect.Type, opts []plan.Option) (*entry, error) {
	if versioned(t) {
		return nil, fmt.Errorf("%w: %v", ErrVersioned, t)
	}
	if at, ok := holdsVersioned(t); ok {
		return nil, fmt.Errorf("%w: %v holds one at %s", ErrVersioned, t, at)
	}
	r, err := anyplan.Compile(t, opts)
	if err != nil {
		return nil, err
	}
	// A value of a pointer-shaped type (a struct of one pointer) is
	// stored in an interface as itself; any other as a pointer to a copy.
	// Converting the zero value and looking at the data word says which,
	// on any Go version: never nil for a copy, nil for the zero pointer.
	return &entry{r: r, direct: dataOf(reflect.Zero(t).Interface()) == nil}, nil
}

// versioned reports whether t is one of go-eth2-client's versioned
// wrappers, by its shape, without importing the client: a struct named
// Versioned... of the client's module with a Version field, or a pointer
// to one (the plan of a **VersionedBeaconState, HashTreeRoot(&resp.Data),
// is compiled for *VersionedBeaconState).
func versioned(t reflect.Type) bool {
	t, ok := pointee.Type(t) // a type that points to itself is no wrapper
	if !ok || t.Kind() != reflect.Struct || !strings.HasPrefix(t.PkgPath(), "github.com/attestantio/go-eth2-client/") || !strings.HasPrefix(t.Name(), "Versioned") {
		return false
	}
	_, ok = t.FieldByName("Version")
	return ok
}

// holdsVersioned reports where a part of t's SSZ type (a field, an
// element, a union option, at any depth) is a versioned wrapper, whose
// root as a container no chain has either. A type ssz cannot describe
// holds none here: compiling its plan reports why.
func holdsVersioned(t reflect.Type) (string, bool) {
	st, err := ssz.TypeOf(t)
	if err != nil {
		return "", false
	}
	seen := map[*ssz.Type]bool{}
	var walk func(st *ssz.Type, path string) (string, bool)
	walk = func(st *ssz.Type, path string) (string, bool) {
		if st == nil || seen[st] {
			return "", false
		}
		seen[st] = true
		if versioned(st.Go) {
			return path, true
		}
		if name, ok := embedsVersioned(st.Go, map[reflect.Type]bool{}); ok {
			// Its fields were promoted into this container's.
			return sszpath.Field(path, name), true
		}
		for _, f := range st.Fields {
			if at, ok := walk(f.Type, sszpath.Field(path, f.Name)); ok {
				return at, true
			}
		}
		for i, o := range st.Options {
			if at, ok := walk(o, sszpath.Field(path, fmt.Sprintf("option %d", i))); ok {
				return at, true
			}
		}
		return walk(st.Elem, path+"[]")
	}
	return walk(st, st.Go.String())
}

// embedsVersioned reports the embedded field of struct t (or of a
// struct it embeds, at any depth) that is a versioned wrapper: ssz
// promotes an embedded struct's fields, so the wrapper is no part of
// the SSZ type to find there. seen stops at a type embedding itself.
func embedsVersioned(t reflect.Type, seen map[reflect.Type]bool) (string, bool) {
	t, ok := pointee.Type(t)
	if !ok || t.Kind() != reflect.Struct || seen[t] {
		return "", false
	}
	seen[t] = true
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.Anonymous {
			continue
		}
		if versioned(f.Type) {
			return f.Name, true
		}
		if name, ok := embedsVersioned(f.Type, seen); ok {
			return f.Name + "." + name, true
		}
	}
	return "", false
}

// evict drops one plan other than keep, to hold the table to MaxPlans,
// and any front slot that holds it.
func evict(keep any) {
	plans.Range(func(k, _ any) bool {
		if k == keep {
			return true
		}
		if old, deleted := plans.LoadAndDelete(k); deleted {
			nplans.Add(-1)
			for i := range front {
				if f := front[i].Load(); f != nil && f.e == old.(*entry) {
					front[i].CompareAndSwap(f, nil)
				}
			}
		}
		return false
	})
}

// specKey is a canonical string of spec values: sorted name=value pairs
// after a mark that tells an empty spec from none (the mainnet values).
// Names are quoted, so that a name holding '=' or ';' cannot spell the
// key of another spec.
func specKey(s map[string]uint64) string {
	if s == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("spec:")
	for _, n := range slices.Sorted(maps.Keys(s)) {
		b.WriteString(strconv.Quote(n))
		b.WriteByte('=')
		b.WriteString(strconv.FormatUint(s[n], 10))
		b.WriteByte(';')
	}
	return b.String()
}
