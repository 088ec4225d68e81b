//go:build !linux

package hostile

// limitAddressSpace has no portable equivalent outside Linux; there the
// soft heap limit and the watchdog are the only caps.
func limitAddressSpace(uint64) error { return nil }
