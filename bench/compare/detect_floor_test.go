package compare

import (
	"encoding/binary"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
	"unsafe"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// BenchmarkCachedStateDetectFloor is the floor of BenchmarkCachedStateDetect
// on the same machine: one pass that reads every byte a Detect root must
// read and nothing else, the Go memory of the 1M-validator fulu state
// (every Validator object and the arrays it points at, every list's
// array) and a buffer the size of the state's serialization, which stands
// for what the tree stores to compare with (the elements' copies, the
// basic lists' chunks). Each word is XOR-ed into a sum, no branch depends
// on the data, so loads run ahead as far as the processor lets them: what
// Detect costs beyond this is its own work. Reported as cpu-ms/op (one
// core) and the bytes read.
func BenchmarkCachedStateDetectFloor(b *testing.B) {
	withProcs(b, 1)
	s := fulu.SyntheticBeaconState(cachedRegistrySize, 1)
	ser, err := ssz.Marshal(s)
	if err != nil {
		b.Fatal(err)
	}
	read := floorReader(reflect.TypeFor[fulu.BeaconState]())
	stored := make([]byte, len(ser))
	copy(stored, ser)
	var goBytes int
	var sink uint64
	var cpu time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_, dc := timeCPU(func() {
			var n int
			sink ^= read(unsafe.Pointer(s), &n) ^ sumWords(stored)
			goBytes = n
		})
		cpu += dc
	}
	b.StopTimer()
	if sink == 1 { // keeps the sum alive
		b.Log(sink)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/op")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/1e6, "cpu-ms/op")
	b.ReportMetric(float64(goBytes+len(stored))/(1<<20), "read-MiB")
}

// BenchmarkDetectRegistry times a Detect root of an unchanged registry of
// 1M validator pointers on one core, the compare from Go memory alone
// (nothing changed, nothing hashed). heap=ordered has the validators in
// one array, in registry order, as a decoder allocates them;
// heap=scattered has the pointers shuffled, the heap of a node whose
// validators were replaced one by one over time, where every element is
// a cache and TLB miss and the compare's pipelined touches matter most.
// cpu-ns/op is process CPU time (the machine may be shared).
func BenchmarkDetectRegistry(b *testing.B) {
	for _, heap := range []string{"ordered", "scattered"} {
		b.Run("heap="+heap, func(b *testing.B) {
			withProcs(b, 1)
			vals := phase0.RandomValidators(1_000_000, 1)
			ptrs := make([]*phase0.Validator, len(vals))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if heap == "scattered" {
				r := rand.New(rand.NewPCG(4, 4))
				r.Shuffle(len(ptrs), func(i, j int) { ptrs[i], ptrs[j] = ptrs[j], ptrs[i] })
			}
			l, err := cache.NewList[*phase0.Validator](registryLimit)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := l.Root(ptrs); err != nil {
				b.Fatal(err)
			}
			c0 := processCPUTime()
			for b.Loop() {
				if _, err := l.Root(ptrs); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(processCPUTime()-c0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// sumWords XORs the words of b (and its tail bytes).
func sumWords(b []byte) uint64 {
	var a, c, d, e uint64 // four sums: no single dependence chain
	for len(b) >= 32 {
		a ^= binary.LittleEndian.Uint64(b)
		c ^= binary.LittleEndian.Uint64(b[8:])
		d ^= binary.LittleEndian.Uint64(b[16:])
		e ^= binary.LittleEndian.Uint64(b[24:])
		b = b[32:]
	}
	for _, x := range b {
		a ^= uint64(x)
	}
	return a ^ c ^ d ^ e
}

// floorReader returns a function that sums the memory of a value of type t
// at p, following pointers and slices, and adds the bytes it read to *n.
// A value without pointers is read as one piece of memory; a struct is
// read whole (its pointer words too: a handful of bytes), then the fields
// that hold pointers are followed.
func floorReader(t reflect.Type) func(p unsafe.Pointer, n *int) uint64 {
	if !hasPointers(t) {
		size := int(t.Size())
		return func(p unsafe.Pointer, n *int) uint64 {
			*n += size
			return sumWords(unsafe.Slice((*byte)(p), size))
		}
	}
	switch t.Kind() {
	case reflect.Pointer:
		elem := floorReader(t.Elem())
		return func(p unsafe.Pointer, n *int) uint64 {
			q := *(*unsafe.Pointer)(p)
			if q == nil {
				return 0
			}
			return elem(q, n)
		}
	case reflect.Slice:
		et := t.Elem()
		if !hasPointers(et) {
			es := int(et.Size())
			return func(p unsafe.Pointer, n *int) uint64 {
				h := (*sliceHeader)(p)
				*n += h.len * es
				return sumWords(unsafe.Slice((*byte)(h.data), h.len*es))
			}
		}
		elem := floorReader(et)
		es := et.Size()
		slots := 0 // the pointer words a slice of pointers holds (a struct counts its own)
		if et.Kind() == reflect.Pointer {
			slots = int(es)
		}
		return func(p unsafe.Pointer, n *int) uint64 {
			h := (*sliceHeader)(p)
			*n += h.len * slots
			var x uint64
			for i := range h.len {
				x ^= elem(unsafe.Add(h.data, uintptr(i)*es), n)
			}
			return x
		}
	case reflect.Array:
		elem := floorReader(t.Elem())
		es := t.Elem().Size()
		return func(p unsafe.Pointer, n *int) uint64 {
			var x uint64
			for i := range t.Len() {
				x ^= elem(unsafe.Add(p, uintptr(i)*es), n)
			}
			return x
		}
	case reflect.Struct:
		type follow struct {
			off uintptr
			f   func(unsafe.Pointer, *int) uint64
		}
		var fs []follow
		for i := range t.NumField() {
			f := t.Field(i)
			if !hasPointers(f.Type) {
				continue
			}
			switch f.Type.Kind() {
			case reflect.Pointer:
				elem := floorReader(f.Type.Elem())
				fs = append(fs, follow{f.Offset, func(p unsafe.Pointer, n *int) uint64 {
					if q := *(*unsafe.Pointer)(p); q != nil {
						return elem(q, n)
					}
					return 0
				}})
			case reflect.Slice:
				fs = append(fs, follow{f.Offset, floorReader(f.Type)})
			default: // an embedded struct or array with pointers inside
				fr := floorReader(f.Type)
				fs = append(fs, follow{f.Offset, fr})
			}
		}
		size := int(t.Size())
		return func(p unsafe.Pointer, n *int) uint64 {
			*n += size
			x := sumWords(unsafe.Slice((*byte)(p), size))
			for _, f := range fs {
				x ^= f.f(unsafe.Add(p, f.off), n)
			}
			return x
		}
	}
	return func(unsafe.Pointer, *int) uint64 { return 0 }
}

// hasPointers reports whether a value of t holds pointers (the floor
// follows them).
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.String, reflect.Map, reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// sliceHeader is the memory of a Go slice.
type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}
