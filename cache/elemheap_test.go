package cache_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/bellatrix"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// heapHeld returns the live heap after two collections (the second
// frees what the first's finalizers released).
func heapHeld() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// heldPerElem builds a cached tree of v in mode, checks its root against
// the reference and returns the live heap the tree holds per element of
// count, with the times of the first Root and of an unchanged one.
func heldPerElem[T any](t *testing.T, v *T, mode cache.Mode, count int) (per float64, first, again time.Duration) {
	t.Helper()
	want, err := ssz.HashTreeRoot(v, ssz.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	before := heapHeld()
	tr, err := cache.New[T](cache.WithMode(mode))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	got, err := tr.Root(v)
	first = time.Since(start)
	if err != nil || got != want {
		t.Fatalf("Root = %x, %v; want %x", got, err, want)
	}
	held := heapHeld() - min(before, heapHeld())
	start = time.Now()
	if got, err = tr.Root(v); err != nil || got != want {
		t.Fatalf("unchanged Root = %x, %v; want %x", got, err, want)
	}
	again = time.Since(start)
	runtime.KeepAlive(tr)
	return float64(held) / float64(count), first, again
}

// payloadOf is an execution payload of n transactions of txLen bytes.
func payloadOf(n, txLen int) *deneb.ExecutionPayload {
	p := &deneb.ExecutionPayload{Transactions: make([]bellatrix.Transaction, n)}
	for i := range p.Transactions {
		tx := make(bellatrix.Transaction, txLen)
		if txLen > 0 {
			tx[0] = byte(i)
		}
		p.Transactions[i] = tx
	}
	return p
}

// TestTransactionsHeld measures what a cached tree of an execution
// payload holds per transaction, empty and of a few chunks (2^16 of
// them; 2^20 empty ones, what the spec allows, without -short), in both
// modes: the node of a short byte list is its root, length and bytes.
func TestTransactionsHeld(t *testing.T) {
	for _, txLen := range []int{0, 100, 1000} {
		n := 1 << 16
		if txLen == 0 && !testing.Short() {
			n = 1 << 20
		}
		v := payloadOf(n, txLen)
		for _, mode := range []cache.Mode{cache.Detect, cache.Marked} {
			per, first, again := heldPerElem(t, v, mode, n)
			t.Logf("%d transactions of %d bytes, mode %d: %.0f bytes held per transaction; first Root %v, unchanged Root %v", n, txLen, mode, per, first, again)
			// The node (a root, a length, the bytes kept for comparing,
			// rounded up to a size class: at most an eighth more), its
			// slot and the list's element root and levels above it.
			if limit := 256 + 1.125*float64(txLen); per > limit {
				t.Errorf("%d transactions of %d bytes, mode %d: %.0f bytes held per transaction, want at most %.0f", n, txLen, mode, per, limit)
			}
		}
	}
}

// Variable-size vector elements of growing shape: a byte list, a
// container of one, of eight, of lists and a short vector, of a nested
// container and a vector of lists, and an attestation-like one.
type (
	costOne struct {
		A []byte `ssz-max:"16"`
	}
	costEight struct {
		A, B, C, D, E, F, G, H []byte `ssz-max:"16"`
	}
	costMixed struct {
		N    uint64
		L    []uint64 `ssz-max:"1024"`
		Bits []byte   `ssz:"bitlist" ssz-max:"2048"`
		Sig  [96]byte
		Big  [64]uint64
		In   costOne
		Vec  [][]byte            `ssz-size:"4,?" ssz-max:"?,8"`
		Cps  []phase0.Checkpoint `ssz-max:"8"`
	}
	costNested struct {
		X     uint8
		Inner costMixed
		Eight costEight
	}
)

// costVec is a vector of 4,096 variable-size elements E, held;
// costBytesVec one of byte lists.
type (
	costVec[E any] struct {
		V []E `ssz-size:"4096"`
	}
	costBytesVec struct {
		V [][]byte `ssz-size:"4096,?" ssz-max:"?,16"`
	}
)

// costCase measures the live heap a cached tree of v, a vector of
// 4,096 held variable-size elements, holds per element, in both modes,
// against what the MaxVectorBytes check counts for one (VectorElemCost,
// plus the 64 bytes of its element root and levels): never less than
// measured, and not so much more that the bound means nothing.
func costCase[T any](t *testing.T, name string, v *T) {
	t.Helper()
	est, err := cache.VectorElemCost[T]()
	if err != nil {
		t.Fatal(err)
	}
	counted := float64(est + 64)
	for _, mode := range []cache.Mode{cache.Detect, cache.Marked} {
		per, _, _ := heldPerElem(t, v, mode, 4096)
		t.Logf("%s, mode %d: %.0f bytes held per element, the check counts %.0f", name, mode, per, counted)
		if per > counted {
			t.Errorf("%s, mode %d: %.0f bytes held per element, more than the %.0f MaxVectorBytes's check counts", name, mode, per, counted)
		}
		if counted > 4*per+1024 {
			t.Errorf("%s, mode %d: the check counts %.0f bytes per element, far more than the %.0f held", name, mode, counted, per)
		}
	}
}

// TestVectorElemCostBoundsHeld checks MaxVectorBytes's per-element
// count against the heap measured, for elements of several shapes.
func TestVectorElemCostBoundsHeld(t *testing.T) {
	b := &costBytesVec{V: make([][]byte, 4096)}
	for i := range b.V {
		b.V[i] = []byte{byte(i)}
	}
	costCase(t, "byte list", b)
	costCase(t, "container of a byte list", &costVec[costOne]{V: make([]costOne, 4096)})
	costCase(t, "container of eight byte lists", &costVec[costEight]{V: make([]costEight, 4096)})
	costCase(t, "container of lists, a bitlist, vectors and a nested container", &costVec[costMixed]{V: make([]costMixed, 4096)})
	costCase(t, "nested containers", &costVec[costNested]{V: make([]costNested, 4096)})
}
