package lanes

// AutomaticWithout builds the automatic kernel of h as a CPU lacking the
// named kernels would get it, so tests can cover every composition on
// one machine.
func AutomaticWithout(h Hash, names ...string) *Kernel {
	entries := make([]entry, len(registry))
	copy(entries, registry)
	for i := range entries {
		for _, name := range names {
			if entries[i].kernel.name == name {
				entries[i].missing = "excluded by the test"
			}
		}
	}
	return newAutomatic(h, entries)
}
