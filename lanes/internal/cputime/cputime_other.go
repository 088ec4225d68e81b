//go:build !linux

package cputime

// Thread reports false: the thread CPU clock is read on linux only, and
// callers fall back to wall-clock time elsewhere.
func Thread() (int64, bool) { return 0, false }
