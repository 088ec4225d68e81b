package plan

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

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

// heapPerCall returns the heap call allocates, on average over four
// calls; with emptyPools, after two collections before each call, which
// empty the scratch pools.
func heapPerCall(t *testing.T, emptyPools bool, call func() error) uint64 {
	t.Helper()
	const calls = 4
	var heap uint64
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
		heap += m1.TotalAlloc - m0.TotalAlloc
	}
	return heap / calls
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
			want, err := ssz.HashTreeRoot(v, ssz.SHA256)
			if err != nil {
				t.Fatal(err)
			}
			b, err := ssz.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			for _, pl := range []*Plan[longProgressivePacked]{p, p2} {
				if got, err := pl.Root(v); err != nil || got != want {
					t.Fatalf("n=%d, delimiter at %d: Root %x (%v), reference %x", n, extra, got, err, want)
				}
				if got, err := pl.RootBytes(b); err != nil || got != want {
					t.Fatalf("n=%d, delimiter at %d: RootBytes %x (%v), reference %x", n, extra, got, err, want)
				}
			}
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
// containers, unions and nested lists from their bytes on one and two
// workers: the root is the value's, and a call allocates under
// maxLongListHeap however long the list (every batch's bookkeeping is
// pooled; they allocated 80 to 195 bytes an element when it was not).
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
	t.Run("containers", func(t *testing.T) { testRootBytesAllocs(t, vc, true) })
	// Root copies each union's option out of its interface (reflect):
	// about 9 bytes an element, so only RootBytes is bounded.
	t.Run("unions", func(t *testing.T) { testRootBytesAllocs(t, ul, false) })
	t.Run("nested", func(t *testing.T) { testRootBytesAllocs(t, ll, true) })
}

type unionOf3 = ssz.Union[struct {
	N ssz.None
	A uint16
	B []uint8 `ssz-max:"3"`
}]

// testRootBytesAllocs checks the root of v from its bytes and, when
// value, from the value too: the value's root, under maxLongListHeap a
// call.
func testRootBytesAllocs[T any](t *testing.T, v *T, value bool) {
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
		calls := map[string]func() error{"RootBytes": func() error { _, err := p.RootBytes(b); return err }}
		if value {
			calls["Root"] = func() error { _, err := p.Root(v); return err }
		}
		for name, call := range calls {
			if heap := heapPerCall(t, false, call); heap > maxLongListHeap {
				t.Errorf("%s, %d workers, %d bytes: %d bytes of heap per call, want at most %d", name, w, len(b), heap, maxLongListHeap)
			}
		}
	}
}
