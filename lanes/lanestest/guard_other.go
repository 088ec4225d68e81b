//go:build !linux

package lanestest

import "testing"

// guarded returns an ordinary n-byte buffer: without mprotect here the
// guard-page test cannot fault on an over-read, but it still checks the
// digests at these sizes.
func guarded(t *testing.T, n int, atEnd bool) []byte {
	t.Helper()
	_ = atEnd
	return make([]byte, n)
}
