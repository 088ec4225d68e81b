package cache

import "github.com/lanehash/lanehash/proof"

// SparseOfGIndices is SparseOf given generalized indices instead of
// paths, so tests can ask for any node, valid or not, of any type.
func SparseOfGIndices[T any](v *T, gs []proof.GIndex, opts ...Option) (*Sparse, [32]byte, error) {
	return sparseOf(v, opts, func(*tree) ([]proof.GIndex, error) { return gs, nil })
}

// SparseOfBytesGIndices is SparseOfBytes given generalized indices
// instead of paths.
func SparseOfBytesGIndices[T any](b []byte, gs []proof.GIndex, opts ...Option) (*Sparse, [32]byte, error) {
	return sparseOfBytes[T](b, opts, func(*tree) ([]proof.GIndex, error) { return gs, nil })
}
