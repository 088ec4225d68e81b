package ssz

import (
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/holiman/uint256"
)

var (
	uint256Type    = reflect.TypeFor[uint256.Int]()
	uint256PtrType = reflect.TypeFor[*uint256.Int]()
)

// TypeOf returns the SSZ descriptor of t, which may be a type or a pointer
// to a struct type. Descriptors are cached per type and spec values, so
// repeated calls are cheap. The cache is bounded (maxCachedTypes types,
// maxSpecsPerType spec variants of each): a program that describes ever
// new types (reflect.StructOf) or one type under ever new spec values
// has older descriptors dropped and built again if they come back, so
// its memory and the cost of a look-up stay bounded. A dropped
// descriptor stays valid for whoever holds it.
func TypeOf(t reflect.Type, opts ...Option) (*Type, error) {
	return typeOf(t, "", false, opts)
}

// TypeFor returns the SSZ descriptor of T; see TypeOf.
func TypeFor[T any](opts ...Option) (*Type, error) {
	return TypeOf(reflect.TypeFor[T](), opts...)
}

// TypeOfTagged returns the descriptor of t as if t were a struct field
// carrying tag. It is how top-level lists, bitlists and sized slices are
// described, for example TypeOfTagged(reflect.TypeFor[[]uint64](),
// `ssz-max:"1024"`).
func TypeOfTagged(t reflect.Type, tag reflect.StructTag, opts ...Option) (*Type, error) {
	return typeOf(t, tag, true, opts)
}

type cacheKey struct {
	t      reflect.Type
	tag    reflect.StructTag
	tagged bool
}

// cached is one descriptor built for a type, with the spec values (and
// absences) it depended on.
type cached struct {
	deps map[string]specDep
	typ  *Type
}

type specDep struct {
	v     uint64
	found bool
}

// The cache's bounds. A look-up scans its type's variants, so the
// per-type bound also bounds its cost; the type bound keeps the memory
// of a program that describes unboundedly many types (the plan table
// above it, lanehash.MaxPlans, is bounded too). Variables so the tests
// can lower them.
var (
	maxCachedTypes  int64 = 4096
	maxSpecsPerType       = 8
)

var (
	typeCache sync.Map // cacheKey → *cacheEntry
	typeCount atomic.Int64
)

type cacheEntry struct {
	mu   sync.Mutex
	list []cached
}

func (c cached) matches(spec SpecValues) bool {
	for name, d := range c.deps {
		v, ok := spec[name]
		if ok != d.found || v != d.v {
			return false
		}
	}
	return true
}

func typeOf(t reflect.Type, tag reflect.StructTag, tagged bool, opts []Option) (*Type, error) {
	if t == nil {
		return nil, errorf("", ErrUnsupported, "nil type")
	}
	o := buildOptions(opts)
	key := cacheKey{t, tag, tagged}
	e, ok := typeCache.Load(key)
	if !ok {
		var loaded bool
		e, loaded = typeCache.LoadOrStore(key, &cacheEntry{})
		if !loaded && typeCount.Add(1) > maxCachedTypes {
			evictType(key)
		}
	}
	entry := e.(*cacheEntry)
	entry.mu.Lock()
	for _, c := range entry.list {
		if c.matches(o.spec) {
			entry.mu.Unlock()
			return c.typ, nil
		}
	}
	entry.mu.Unlock()

	b := &builder{spec: o.spec, deps: map[string]specDep{}}
	typ, err := b.top(t, tag)
	if err != nil {
		return nil, err
	}
	entry.mu.Lock()
	for _, c := range entry.list {
		if c.matches(o.spec) { // built meanwhile by another call
			entry.mu.Unlock()
			return c.typ, nil
		}
	}
	if len(entry.list) >= maxSpecsPerType {
		// Drop the oldest variant: the list stays a short scan.
		n := copy(entry.list, entry.list[1:])
		entry.list[n] = cached{}
		entry.list = entry.list[:n]
	}
	entry.list = append(entry.list, cached{deps: b.deps, typ: typ})
	entry.mu.Unlock()
	return typ, nil
}

// evictType drops one cached type other than keep, an arbitrary one
// (the first sync.Map's Range yields), to bring the cache back to its
// bound.
func evictType(keep cacheKey) {
	typeCache.Range(func(k, v any) bool {
		if k.(cacheKey) == keep {
			return true
		}
		if typeCache.CompareAndDelete(k, v) {
			typeCount.Add(-1)
			return false
		}
		return true
	})
}
