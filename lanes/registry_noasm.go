//go:build purego || !amd64

package lanes

// asmEntries is empty where no assembly kernels exist: other GOARCHes
// (for now) and the purego build.
func asmEntries() []entry { return nil }
