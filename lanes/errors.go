package lanes

import "errors"

var (
	// ErrUnknownKernel is returned, wrapped with the name, when Select or
	// LANEHASH_KERNEL names a kernel that does not exist for the hash
	// function on this GOARCH.
	ErrUnknownKernel = errors.New("unknown kernel")

	// ErrUnavailable is returned, wrapped with the name and the missing
	// CPU features, when the named kernel exists but this CPU (or its
	// operating system) cannot run it.
	ErrUnavailable = errors.New("kernel unavailable on this CPU")
)
