package proof

import "errors"

// Sentinel errors; every error of the package wraps one of them.
var (
	// ErrIndex reports a generalized index that is 0, or a node a source
	// cannot provide.
	ErrIndex = errors.New("bad generalized index")
	// ErrOverflow reports a generalized index deeper than 63 levels.
	ErrOverflow = errors.New("generalized index overflows 64 bits")
	// ErrPath reports a path that does not name a value of the type: an
	// unknown field, an index past a vector's length or a list's limit, a
	// malformed path.
	ErrPath = errors.New("bad path")
	// ErrProof reports a proof whose parts do not fit together: a wrong
	// number of nodes, a descriptor that is not a tree.
	ErrProof = errors.New("malformed proof")
)
