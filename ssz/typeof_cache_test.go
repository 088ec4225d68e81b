package ssz

import (
	"reflect"
	"testing"
)

type specLimited struct {
	A []uint64 `ssz-max:"16" dynssz-max:"CACHE_TEST_LIMIT"`
	B uint64
}

// cachedVariants is how many descriptors the cache holds for T.
func cachedVariants[T any]() int {
	e, ok := typeCache.Load(cacheKey{t: reflect.TypeFor[T]()})
	if !ok {
		return 0
	}
	entry := e.(*cacheEntry)
	entry.mu.Lock()
	defer entry.mu.Unlock()
	return len(entry.list)
}

// TestTypeCacheSpecBound describes one type under ever new spec values:
// each descriptor must carry its own value (a variant dropped from the
// cache is built again, never confused with another), and the cache
// must keep at most maxSpecsPerType variants of the type.
func TestTypeCacheSpecBound(t *testing.T) {
	for round := range 2 {
		for k := uint64(17); k < 17+uint64(5*maxSpecsPerType); k++ {
			typ, err := TypeFor[specLimited](WithSpec(SpecValues{"CACHE_TEST_LIMIT": k}))
			if err != nil {
				t.Fatal(err)
			}
			if typ.Fields[0].Type.Limit != k {
				t.Fatalf("round %d: limit %d under CACHE_TEST_LIMIT=%d", round, typ.Fields[0].Type.Limit, k)
			}
			if n := cachedVariants[specLimited](); n > maxSpecsPerType {
				t.Fatalf("%d variants cached, bound %d", n, maxSpecsPerType)
			}
		}
	}
	// The newest variants are still served from the cache.
	last := 17 + uint64(5*maxSpecsPerType) - 1
	a, _ := TypeFor[specLimited](WithSpec(SpecValues{"CACHE_TEST_LIMIT": last}))
	b, _ := TypeFor[specLimited](WithSpec(SpecValues{"CACHE_TEST_LIMIT": last}))
	if a != b {
		t.Error("the newest variant was not kept")
	}
}

// TestTypeCacheTypeBound describes more types than the cache keeps: the
// count of cached types must stay at the bound, and every descriptor
// must still describe its own type.
func TestTypeCacheTypeBound(t *testing.T) {
	old := maxCachedTypes
	maxCachedTypes = typeCount.Load() + 8
	defer func() { maxCachedTypes = old }()
	for i := range 64 {
		st := reflect.StructOf([]reflect.StructField{
			{Name: "A", Type: reflect.ArrayOf(i+1, reflect.TypeFor[uint16]())},
			{Name: "B", Type: reflect.TypeFor[uint64]()},
		})
		typ, err := TypeOf(st)
		if err != nil {
			t.Fatal(err)
		}
		if typ.Fields[0].Type.Length != uint64(i+1) {
			t.Fatalf("type %d: vector length %d", i, typ.Fields[0].Type.Length)
		}
		if n := typeCount.Load(); n > maxCachedTypes {
			t.Fatalf("%d types counted, bound %d", n, maxCachedTypes)
		}
	}
	n := int64(0)
	typeCache.Range(func(any, any) bool { n++; return true })
	if n != typeCount.Load() || n > maxCachedTypes {
		t.Errorf("%d types cached, %d counted, bound %d", n, typeCount.Load(), maxCachedTypes)
	}
}

// TestMinSizeMemoBound computes MinSize for more descriptors than its
// memo keeps: the memo must stay at its bound and every size must still
// be right (compared with the uncached computation).
func TestMinSizeMemoBound(t *testing.T) {
	const bound = 16
	defer minSizes.SetBound(minSizes.SetBound(bound))
	for k := uint64(1); k <= 100; k++ {
		st := reflect.StructOf([]reflect.StructField{
			{Name: "A", Type: reflect.TypeFor[[]uint64](), Tag: `ssz-max:"64"`},
			{Name: "B", Type: reflect.ArrayOf(int(k), reflect.TypeFor[byte]())},
		})
		typ, err := TypeOf(st)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := MinSize(typ), minSizeOf(typ); got != want || want != 4+k {
			t.Fatalf("MinSize %d, uncached %d, want %d", got, want, 4+k)
		}
		if n := minSizes.Len(); n > bound {
			t.Fatalf("%d sizes memoized, bound %d", n, bound)
		}
	}
}
