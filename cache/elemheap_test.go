package cache_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/bellatrix"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
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
// them; 2^20, what the spec allows, without -short), in both modes: the
// node of a short byte list is its root, length and bytes.
func TestTransactionsHeld(t *testing.T) {
	n := 1 << 20
	if testing.Short() {
		n = 1 << 16
	}
	for _, txLen := range []int{0, 100, 1000} {
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
