package plan

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/internal/cputime"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/fulu"
	"github.com/lanehash/lanehash/ssz/consensus/gloas"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// stateBytes returns the serialization of a synthetic state and the
// root of the decoded value through the value path (itself checked
// against the reference by the state tests).
func stateBytes[T any](t testing.TB, p *Plan[T], s *T) ([]byte, [32]byte) {
	t.Helper()
	b, err := ssz.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want, err := p.Root(s)
	if err != nil {
		t.Fatal(err)
	}
	return b, want
}

// TestRootBytesStates roots fulu and Gloas states (progressive
// containers and lists) from their bytes, on one worker and on two,
// with registries long enough to be tiled (2^15 validators and up, not
// with -short) and packed lists long enough to be split across workers.
func TestRootBytesStates(t *testing.T) {
	sizes := []int{1, 300, 1 << 15}
	if testing.Short() {
		sizes = sizes[:2]
	}
	for _, n := range sizes {
		for _, workers := range []int{1, 2} {
			fp, err := PlanFor[fulu.BeaconState](WithWorkers(workers))
			if err != nil {
				t.Fatal(err)
			}
			b, want := stateBytes(t, fp, fulu.SyntheticBeaconState(n, 3))
			if got, err := fp.RootBytes(b); err != nil || got != want {
				t.Errorf("fulu, %d validators, %d workers: RootBytes %x, %v; Root of the decoded state %x", n, workers, got, err, want)
			}
			gp, err := PlanFor[gloas.BeaconState](WithWorkers(workers))
			if err != nil {
				t.Fatal(err)
			}
			b, want = stateBytes(t, gp, gloas.SyntheticBeaconState(n, 4))
			if got, err := gp.RootBytes(b); err != nil || got != want {
				t.Errorf("gloas, %d validators, %d workers: RootBytes %x, %v; Root of the decoded state %x", n, workers, got, err, want)
			}
		}
	}
}

// TestRootBytesStateAllocs checks that a state's root from bytes
// allocates in proportion to the depth of the type, not the size of the
// value: the same small number of allocations for 2^10 and 2^16
// validators, and at most 1 MB of heap per call (scratch is pooled).
func TestRootBytesStateAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	const maxAllocs, maxHeap = 64, 1 << 20
	big := 1 << 16
	if testing.Short() {
		big = 1 << 13
	}
	p, err := PlanFor[fulu.BeaconState](WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	var counts []float64
	for _, n := range []int{1 << 10, big} {
		b, _ := stateBytes(t, p, fulu.SyntheticBeaconState(n, 5))
		root := func() error { _, err := p.RootBytes(b); return err }
		a := allocsOf(t, root)
		heap := heapPerCall(t, false, root)
		t.Logf("%d validators (%d bytes): %.0f allocations, %d bytes of heap per call", n, len(b), a, heap)
		if a > maxAllocs || heap > maxHeap {
			t.Errorf("%d validators: %.0f allocations and %d bytes per call, want at most %d and %d", n, a, heap, maxAllocs, maxHeap)
		}
		counts = append(counts, a)
	}
	if counts[1] > counts[0]+2 {
		t.Errorf("allocations grow with the registry: %.0f for 2^10 validators, %.0f for %d", counts[0], counts[1], big)
	}
}

// TestRootBytesConcurrent roots one state's bytes from several
// goroutines on one plan (pooled scratch, the shared call context): every
// root is the value's.
func TestRootBytesConcurrent(t *testing.T) {
	p, err := PlanFor[gloas.BeaconState](WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	b, want := stateBytes(t, p, gloas.SyntheticBeaconState(200, 8))
	errs := make(chan error, 4)
	for g := 0; g < cap(errs); g++ {
		go func() {
			for i := 0; i < 5; i++ {
				got, err := p.RootBytes(b)
				if err == nil && got != want {
					err = fmt.Errorf("root %x, want %x", got, want)
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for g := 0; g < cap(errs); g++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// attestationsBox is a list of variable-size elements, as a block body
// holds its attestations.
type attestationsBox struct {
	Atts []*phase0.PendingAttestation `ssz-max:"4096"`
}

// TestRootBytesBatchesVariableElements checks that the elements of a
// list of variable-size elements are hashed together (lockstep lanes
// for their fixed parts, the level queue for their trees), not one by
// one: the bytes path makes about as few kernel calls as the value
// path, far fewer than one per element, and gives the same root.
func TestRootBytesBatchesVariableElements(t *testing.T) {
	const n = 1000
	atts := append(phase0.SyntheticBeaconState(4096, 6).PreviousEpochAttestations, phase0.SyntheticBeaconState(4096, 7).PreviousEpochAttestations...)
	for len(atts) < n {
		atts = append(atts, atts...)
	}
	box := &attestationsBox{Atts: atts[:n]}
	p, err := PlanFor[attestationsBox](WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	b, want := stateBytes(t, p, box)
	p.ResetStats()
	if _, err := p.Root(box); err != nil {
		t.Fatal(err)
	}
	value := p.Stats().KernelCalls
	p.ResetStats()
	got, err := p.RootBytes(b)
	if err != nil || got != want {
		t.Fatalf("RootBytes %x, %v; Root %x", got, err, want)
	}
	bytes := p.Stats().KernelCalls
	t.Logf("%d attestations: %d kernel calls from bytes, %d from the value", n, bytes, value)
	if bytes > 2*value || bytes >= n {
		t.Errorf("%d kernel calls from bytes for %d elements (the value path: %d): the elements are not batched", bytes, n, value)
	}
}

// longVarList and longVarProgressive are long lists of variable-size
// elements (a payload's transactions, at the extreme): byte lists of
// 0 to 8 bytes.
type longVarList struct {
	A uint64
	L [][]byte `ssz-max:"1048576,8"`
}

type longVarProgressive struct {
	L [][]byte `ssz-type:"progressive-list" ssz-max:",8"`
}

// TestRootBytesLongVariableList roots lists of 2^17 variable-size
// elements from their bytes: the root is the value's, the heap a call
// allocates stays a few tiles' (the elements are rooted a tile at a
// time, as fixed-size ones are), and a bad element deep in the list is
// the decoder's error (its sentinel and path).
func TestRootBytesLongVariableList(t *testing.T) {
	const n = 1 << 17
	elems := make([][]byte, n)
	for i := range elems {
		elems[i] = make([]byte, i%9)
		for j := range elems[i] {
			elems[i][j] = byte(i >> j)
		}
	}
	// Element 100,000 is 8 bytes, its limit, and 100,001 5: the test
	// moves the offset between them to make the first 9.
	elems[100000], elems[100001] = make([]byte, 8), make([]byte, 5)
	t.Run("list", func(t *testing.T) { testRootBytesLongVariable(t, &longVarList{A: 7, L: elems}, 12) })
	t.Run("progressive", func(t *testing.T) { testRootBytesLongVariable(t, &longVarProgressive{L: elems}, 4) })
}

// heapPerCall returns the heap call allocates: the median of five
// calls, so that one call during which a collection emptied the
// scratch pools (what a caller meets now and then, not per call) does
// not stand for the others; with emptyPools, after two collections
// before each call, which empty the pools every time.
func heapPerCall(t *testing.T, emptyPools bool, call func() error) uint64 {
	t.Helper()
	const calls = 5
	heaps := make([]uint64, 0, calls)
	for range calls {
		if emptyPools {
			runtime.GC()
			runtime.GC()
		}
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		if err := call(); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&m1)
		heaps = append(heaps, m1.TotalAlloc-m0.TotalAlloc)
	}
	slices.Sort(heaps)
	return heaps[calls/2]
}

// maxLongListHeap bounds what RootBytes of a long list of variable-size
// elements allocates: its tiles' batches take their scratch and
// bookkeeping from pools (a 1 MB list of 2^17 elements allocated 10.5 MB
// per call when every batch made its own).
const maxLongListHeap = 1 << 20

// testRootBytesLongVariable checks RootBytes of v, whose list of
// variable-size elements starts at byte list of its serialization.
func testRootBytesLongVariable[T any](t *testing.T, v *T, list int) {
	p, err := PlanFor[T](WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	b, want := stateBytes(t, p, v)
	if got, err := p.RootBytes(b); err != nil || got != want {
		t.Fatalf("RootBytes %x (%v), the value's root %x", got, err, want)
	}
	// Two workers take the tiles in two runs at once (-race in CI).
	p2, err := PlanFor[T](WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := p2.RootBytes(b); err != nil || got != want {
		t.Fatalf("RootBytes on two workers %x (%v), the value's root %x", got, err, want)
	}
	if !raceEnabled {
		heap := heapPerCall(t, false, func() error { _, err := p.RootBytes(b); return err })
		t.Logf("%d bytes: %d bytes of heap per call", len(b), heap)
		if heap > maxLongListHeap {
			t.Errorf("%d bytes of heap per call, want at most %d", heap, maxLongListHeap)
		}
	}
	bad := append([]byte(nil), b...)
	at := list + 4*100001
	binary.LittleEndian.PutUint32(bad[at:], binary.LittleEndian.Uint32(bad[at:])+1)
	_, werr := p.RootBytes(bad)
	derr := ssz.Unmarshal(bad, new(T))
	var pe *Error
	var se *ssz.Error
	if !errors.As(werr, &pe) || !errors.As(derr, &se) || pe.Path != se.Path || !strings.Contains(pe.Path, "[100000]") ||
		!errors.Is(werr, ssz.ErrListTooLong) || !errors.Is(derr, ssz.ErrListTooLong) {
		t.Fatalf("element 100000 over its limit: RootBytes %v, the decoder %v", werr, derr)
	}
}

// longProgressivePacked holds long progressive lists of basic values
// and bits, as a Gloas state's per-validator lists.
type longProgressivePacked struct {
	U    []uint64 `ssz-type:"progressive-list"`
	Bits []byte   `ssz-type:"progressive-bitlist"`
}

// TestProgressivePackedTiled roots long progressive packed lists (more
// than two tiles of chunks, rooted a tile at a time) from the value and
// from its bytes, for lengths around the subtree and tile edges and
// every delimiter position of the last byte: each root is the
// reference's, and RootBytes of a million integers allocates a tile's
// scratch at most, not the list's 8 MB.
func TestProgressivePackedTiled(t *testing.T) {
	p, err := PlanFor[longProgressivePacked](WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	p2, err := PlanFor[longProgressivePacked](WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{8191 * 4, 8192 * 4, 8192*4 + 1, 21845*4 + 3, 87381 * 4} {
		for _, extra := range []int{0, 3, 7} {
			v := &longProgressivePacked{U: make([]uint64, n), Bits: make([]byte, n/4+1)}
			for i := range v.U {
				v.U[i] = uint64(i)*0x9e3779b97f4a7c15 + 1
			}
			for i := range v.Bits {
				v.Bits[i] = byte(i*7 + 1)
			}
			v.Bits[len(v.Bits)-1] = 1<<extra | 1 // the delimiter at bit extra
			rootsBothWays(t, []*Plan[longProgressivePacked]{p, p2}, v, fmt.Sprintf("n=%d, delimiter at %d", n, extra))
		}
	}
	if raceEnabled {
		return
	}
	v := &longProgressivePacked{U: make([]uint64, 1<<20), Bits: []byte{1}}
	b, err := ssz.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	// The pools emptied before each call, as a server's collections
	// between its calls do: what a call then allocates is all the
	// scratch it takes.
	if heap := heapPerCall(t, true, func() error { _, err := p.RootBytes(b); return err }); heap > maxLongListHeap {
		t.Errorf("RootBytes of 2^20 progressive integers: %d bytes of heap per call, want at most %d", heap, maxLongListHeap)
	}
}

// longBinaryPacked holds long binary packed values, as a state's
// balances: lists of integers, bits and booleans, and a vector.
type longBinaryPacked struct {
	U     []uint64 `ssz-max:"1099511627776"`
	Bits  []byte   `ssz:"bitlist" ssz-max:"1099511627776"`
	Bools []bool   `ssz-max:"1048576"`
	V     [65537]uint32
}

// TestBinaryPackedTiled roots long binary packed values (wider than a
// tile, hashed a tile at a time from the value's or the
// serialization's bytes) on one to five workers, for chunk counts
// around the tile depths and the tiles' edges, the last chunk full or
// short and the bitlist's delimiter at every position of its byte:
// each root is the reference's. RootBytes and Root of a million
// integers allocate a tile's scratch at most, not the list's 8 MB.
func TestBinaryPackedTiled(t *testing.T) {
	workers := []int{1, 2, 3, 5}
	var plans []*Plan[longBinaryPacked]
	for _, w := range workers {
		p, err := PlanFor[longBinaryPacked](WithWorkers(w))
		if err != nil {
			t.Fatal(err)
		}
		plans = append(plans, p)
	}
	chunks := []int{4095, 4096, 4097, 8191, 8193, 12289, 16384, 16385, 32767, 32769, 65536, 65537, 98305, 1<<17 + 1}
	if testing.Short() {
		chunks = []int{4097, 16385, 65537}
	}
	for i, c := range chunks {
		short := i % 4 // elements short of the last chunk
		v := &longBinaryPacked{U: make([]uint64, 4*c-short), Bits: make([]byte, 32*c-short), Bools: make([]bool, min(32*c, 1<<20)-short)}
		for j := range v.U {
			v.U[j] = uint64(j)*0x9e3779b97f4a7c15 + 1
		}
		for j := range v.Bits {
			v.Bits[j] = byte(j*7 + 1)
		}
		for j := range v.Bools {
			v.Bools[j] = j%3 == 1
		}
		for j := range v.V {
			v.V[j] = uint32(j * c)
		}
		for _, extra := range []int{0, 3, 7} {
			v.Bits[len(v.Bits)-1] = 1<<extra | byte(i)&(1<<extra-1) // the delimiter at bit extra
			rootsBothWays(t, plans, v, fmt.Sprintf("%d chunks, delimiter at %d", c, extra))
		}
	}
	if raceEnabled {
		return
	}
	v := &longBinaryPacked{U: make([]uint64, 1<<20), Bits: []byte{1}}
	b, err := ssz.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	for k, p := range plans[:2] {
		// The pools emptied before each call, as a server's collections
		// between its calls do: what a call then allocates is all the
		// scratch it takes.
		if heap := heapPerCall(t, true, func() error { _, err := p.RootBytes(b); return err }); heap > maxLongListHeap {
			t.Errorf("%d workers: RootBytes of 2^20 integers: %d bytes of heap per call, want at most %d", workers[k], heap, maxLongListHeap)
		}
		if heap := heapPerCall(t, true, func() error { _, err := p.Root(v); return err }); heap > maxLongListHeap {
			t.Errorf("%d workers: Root of 2^20 integers: %d bytes of heap per call, want at most %d", workers[k], heap, maxLongListHeap)
		}
	}
}

// longPackedElems holds lists of long packed values: byte lists, and
// containers of a long list of integers and a long bitlist.
type (
	longPackedElems struct {
		L [][]byte       `ssz-max:"16,8388608"`
		C []longPackedEl `ssz-max:"16"`
	}
	longPackedEl struct {
		U    []uint64 `ssz-max:"1048576"`
		Bits []byte   `ssz:"bitlist" ssz-max:"8388608"`
	}
)

// TestRootBytesLongPackedElements roots lists of long packed values
// from their bytes and from the value, on one and two workers: the
// reference's root, and a tile's scratch per call with the pools
// emptied (the bytes path copied every value of such a list into two
// buffers, 33.6 MB a call for two 4 MiB byte lists, before it rooted
// them as the value path does).
func TestRootBytesLongPackedElements(t *testing.T) {
	v := &longPackedElems{L: make([][]byte, 4), C: make([]longPackedEl, 3)}
	for i := range v.L {
		v.L[i] = make([]byte, 1<<20+i*4097)
		for j := range v.L[i] {
			v.L[i][j] = byte(i + j*7)
		}
	}
	for i := range v.C {
		v.C[i] = longPackedEl{U: make([]uint64, 1<<17+i), Bits: make([]byte, 1<<16+i)}
		for j := range v.C[i].U {
			v.C[i].U[j] = uint64(j * (i + 3))
		}
		v.C[i].Bits[len(v.C[i].Bits)-1] = 1 << i
	}
	for _, w := range []int{1, 2} {
		p, err := PlanFor[longPackedElems](WithWorkers(w))
		if err != nil {
			t.Fatal(err)
		}
		b := rootsBothWays(t, []*Plan[longPackedElems]{p}, v, fmt.Sprintf("%d workers", w))
		if raceEnabled {
			continue
		}
		for name, call := range map[string]func() error{
			"RootBytes": func() error { _, err := p.RootBytes(b); return err },
			"Root":      func() error { _, err := p.Root(v); return err },
		} {
			if heap := heapPerCall(t, true, call); heap > maxLongListHeap {
				t.Errorf("%s, %d workers, %d bytes: %d bytes of heap per call, want at most %d", name, w, len(b), heap, maxLongListHeap)
			}
		}
	}
}

// rootsBothWays checks Root of v and RootBytes of its serialization on
// every plan against the reference root, and returns the serialization.
func rootsBothWays[T any](t *testing.T, plans []*Plan[T], v *T, what string) []byte {
	t.Helper()
	want, err := ssz.HashTreeRoot(v, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ssz.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	for k, p := range plans {
		if got, err := p.Root(v); err != nil || got != want {
			t.Fatalf("%s, plan %d: Root %x (%v), reference %x", what, k, got, err, want)
		}
		if got, err := p.RootBytes(b); err != nil || got != want {
			t.Fatalf("%s, plan %d: RootBytes %x (%v), reference %x", what, k, got, err, want)
		}
	}
	return b
}

// BenchmarkPackedList roots a long binary list of integers (a state's
// balances: 2^18 and 2^20 of them) on one worker, from the value and
// from its bytes, in CPU ns per chunk of the list (thread CPU time
// where the system keeps it).
func BenchmarkPackedList(b *testing.B) {
	p, err := PlanFor[longBinaryPacked](WithWorkers(1))
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{1 << 18, 1 << 20} {
		v := &longBinaryPacked{U: make([]uint64, n), Bits: []byte{1}}
		for i := range v.U {
			v.U[i] = uint64(i) * 0x9e3779b97f4a7c15
		}
		buf, err := ssz.Marshal(v)
		if err != nil {
			b.Fatal(err)
		}
		for _, from := range []string{"value", "bytes"} {
			b.Run(fmt.Sprintf("n=%d/from=%s", n, from), func(b *testing.B) {
				root := func() error { _, err := p.Root(v); return err }
				if from == "bytes" {
					root = func() error { _, err := p.RootBytes(buf); return err }
				}
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				t0, _ := cputime.Thread()
				b.ReportAllocs()
				for b.Loop() {
					if err := root(); err != nil {
						b.Fatal(err)
					}
				}
				if t1, ok := cputime.Thread(); ok {
					b.ReportMetric(float64(t1-t0)/float64(b.N)/float64(n/4), "cpu-ns/chunk")
				}
			})
		}
	}
}

// Long lists of variable-size containers, of unions and of lists.
type (
	varElem struct {
		A uint64
		B []byte `ssz-max:"4"`
		C bool
	}
	longVarContainers struct {
		L []varElem `ssz-max:"1048576"`
	}
	longUnions struct {
		L []unionOf3 `ssz-max:"1048576"`
	}
	longNestedLists struct {
		L [][][]uint16 `ssz-max:"1048576,4,3"`
	}
)

// TestRootBytesLongListsAllocs roots long lists of variable-size
// containers, unions and nested lists from their bytes and from the
// value on one and two workers: the root is the value's, and a call
// allocates under maxLongListHeap however long the list (every batch's
// bookkeeping is pooled; they allocated 80 to 195 bytes an element when
// it was not, and Root of unions 9 while each option was copied out of
// its interface).
func TestRootBytesLongListsAllocs(t *testing.T) {
	const n = 1 << 16
	vc, ul, ll := &longVarContainers{L: make([]varElem, n)}, &longUnions{L: make([]unionOf3, n)}, &longNestedLists{L: make([][][]uint16, n)}
	for i := range n {
		vc.L[i] = varElem{A: uint64(i), B: make([]byte, i%5), C: i%3 == 0}
		switch i % 3 {
		case 1:
			ul.L[i] = unionOf3{Selector: 1, Value: uint16(i)}
		case 2:
			ul.L[i] = unionOf3{Selector: 2, Value: make([]uint8, i%4)}
		}
		ll.L[i] = make([][]uint16, i%5)
		for j := range ll.L[i] {
			ll.L[i][j] = make([]uint16, (i+j)%4)
		}
	}
	t.Run("containers", func(t *testing.T) { testRootBytesAllocs(t, vc) })
	t.Run("unions", func(t *testing.T) {
		testRootBytesAllocs(t, ul)
		if raceEnabled {
			return
		}
		// Each option is read where its interface holds it: no
		// allocation an element (43,690 a call while each was copied).
		p, err := PlanFor[longUnions](WithWorkers(1))
		if err != nil {
			t.Fatal(err)
		}
		if allocs := testing.AllocsPerRun(4, func() { _, _ = p.Root(ul) }); allocs > 64 {
			t.Errorf("Root of %d unions: %.0f allocations a call, want at most 64", n, allocs)
		}
	})
	t.Run("nested", func(t *testing.T) { testRootBytesAllocs(t, ll) })
}

type unionOf3 = ssz.Union[struct {
	N ssz.None
	A uint16
	B []uint8 `ssz-max:"3"`
}]

// testRootBytesAllocs checks the root of v from its bytes and from the
// value: the value's root, under maxLongListHeap a call.
func testRootBytesAllocs[T any](t *testing.T, v *T) {
	for _, w := range []int{1, 2} {
		p, err := PlanFor[T](WithWorkers(w))
		if err != nil {
			t.Fatal(err)
		}
		b, want := stateBytes(t, p, v)
		if got, err := p.RootBytes(b); err != nil || got != want {
			t.Fatalf("%d workers: RootBytes %x (%v), the value's root %x", w, got, err, want)
		}
		if raceEnabled {
			continue
		}
		calls := map[string]func() error{
			"RootBytes": func() error { _, err := p.RootBytes(b); return err },
			"Root":      func() error { _, err := p.Root(v); return err },
		}
		for name, call := range calls {
			if heap := heapPerCall(t, false, call); heap > maxLongListHeap {
				t.Errorf("%s, %d workers, %d bytes: %d bytes of heap per call, want at most %d", name, w, len(b), heap, maxLongListHeap)
			}
		}
	}
}
