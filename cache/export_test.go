package cache

import (
	"runtime"
	"unsafe"

	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// SparseOfGIndices is SparseOf given generalized indices instead of
// paths, so tests can ask for any node, valid or not, of any type.
func SparseOfGIndices[T any](v *T, gs []proof.GIndex, opts ...Option) (*Sparse, [32]byte, error) {
	cfg := newConfig(opts)
	cfg.mode, cfg.noCopy = Marked, true
	tr, err := newTreeOf(cfg, ssz.TypeFor[T])
	if err != nil {
		return nil, [32]byte{}, err
	}
	s, err := tr.sparse(unsafe.Pointer(v), gs)
	runtime.KeepAlive(v)
	if err != nil {
		return nil, [32]byte{}, err
	}
	return s, s.root, nil
}
