//go:build unix

package lanes

import "syscall"

// openNonblock opens a persisted calibration without waiting: a FIFO
// planted at its path would otherwise block the open until a writer
// came. A regular file reads the same either way.
const openNonblock = syscall.O_NONBLOCK
