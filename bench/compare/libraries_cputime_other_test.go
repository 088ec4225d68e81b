//go:build !unix

package compare

// processCPUTime cannot read the process's CPU time here; 0 leaves the
// cpu-ns metrics out.
func processCPUTime() int64 { return 0 }
