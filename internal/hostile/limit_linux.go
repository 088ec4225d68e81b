package hostile

import (
	"os"
	"syscall"
)

// limitAddressSpace caps the child's virtual memory, so that a huge
// allocation fails at once (the runtime then dies of "out of memory",
// which the parent reports) instead of swapping the machine. The race
// detector maps terabytes of shadow memory, so under -race, and where
// LANEHASH_HOSTILE_NO_RLIMIT is set (qemu user emulation maps its own
// guest space), only the soft heap limit applies.
func limitAddressSpace(n uint64) error {
	if RaceEnabled || os.Getenv("LANEHASH_HOSTILE_NO_RLIMIT") != "" {
		return nil
	}
	return syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: n, Max: n})
}
