//go:build !unix

package main

import "time"

// processCPU is not measured on this OS: 0 means unknown.
func processCPU() time.Duration { return 0 }
