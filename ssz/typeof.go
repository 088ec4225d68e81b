package ssz

import (
	"reflect"
	"sync"

	"github.com/holiman/uint256"
)

var (
	uint256Type    = reflect.TypeFor[uint256.Int]()
	uint256PtrType = reflect.TypeFor[*uint256.Int]()
)

// TypeOf returns the SSZ descriptor of t, which may be a type or a pointer
// to a struct type. Descriptors are cached per type and spec values, so
// repeated calls are cheap.
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

var typeCache sync.Map // cacheKey → *cacheEntry

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
		e, _ = typeCache.LoadOrStore(key, &cacheEntry{})
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
	entry.list = append(entry.list, cached{deps: b.deps, typ: typ})
	entry.mu.Unlock()
	return typ, nil
}
