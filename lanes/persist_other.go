//go:build !unix

package lanes

// openNonblock is 0 where the file system has no FIFOs to block an open
// (Windows' named pipes live outside it) or no such flag exists (wasm):
// the regular-file check after the open still refuses anything else.
const openNonblock = 0
