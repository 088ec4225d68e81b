//go:build purego || !(amd64 || arm64)

package lanes

// asmEntries is empty where no assembly kernels exist: GOARCHes
// other than amd64 and arm64, and the purego build.
func asmEntries() []entry { return nil }

// thisCPU is the microarchitecture the static table plans for: with
// only the pure-Go kernels there is nothing it could change.
var thisCPU = microarch{name: "unknown"}
