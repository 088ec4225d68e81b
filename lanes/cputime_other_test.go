//go:build !linux

package lanes_test

// threadCPUTime is unavailable here; benchmarks then report wall-clock
// ns/pair only.
func threadCPUTime() (int64, bool) { return 0, false }
