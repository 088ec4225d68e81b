//go:build !unix

package cputime

func processCPUTime() (int64, bool) { return 0, false }
