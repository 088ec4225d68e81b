//go:build !linux

package plan

// threadCPUTime is only available on linux.
func threadCPUTime() (int64, bool) { return 0, false }
