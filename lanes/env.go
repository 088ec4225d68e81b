package lanes

import (
	"fmt"
	"os"
	"slices"
	"strings"
)

// The environment variables of package lanes. Each value is parsed
// whole and checked: a value that cannot be honoured is an *EnvError
// from Select, never a setting silently ignored in part.

// EnvKernel is the environment variable that forces the automatic
// choice: a kernel name such as "sha256/avx2x8" ("<hash>/auto" for the
// automatic kernel), or a comma-separated list with at most one name per
// hash function. Every entry must name a kernel of this GOARCH (its
// availability on this CPU is checked when its hash function is
// selected); two different names for one hash function are an
// ErrConflict. Select for a hash function the list does not name returns
// the automatic kernel.
const EnvKernel = "LANEHASH_KERNEL"

// EnvHide is the environment variable that hides CPU features from the
// registry, in the spirit of OpenSSL's capability mask: a
// comma-separated list of feature names, for example
// LANEHASH_HIDE=avx512,shani. A kernel that needs a hidden feature is
// unavailable (Kernels reports the feature missing, "hidden by
// LANEHASH_HIDE"), so tests, benchmarks and lanebench run exactly as on
// a CPU without it. Names are those Kernels reports as missing (avx,
// avx2, avx512f, avx512vl, avx512bw, sha, ssse3, sse4.1 on amd64;
// asimd, sha2, sha3 on arm64) and the groups "avx512" (the three AVX-512
// features) and "shani" or "sha-ni" (sha). A name of another GOARCH's
// feature is accepted and hides nothing here, so one setting serves a
// mixed fleet of machines; any other name makes Select fail with
// ErrUnknownFeature. It is read once, when the package is initialised.
const EnvHide = "LANEHASH_HIDE"

// EnvCalibrate is the environment variable that sets how the automatic
// kernels are chosen, read once when they are built:
//
//   - unset, "" or "on": measure the kernels in this process;
//   - "off": the static table, nothing measured (reproducible benchmark
//     runs; see docs/kernels.md);
//   - "persist": reuse the measurement stored under the user's cache
//     directory for this CPU, feature set and lanehash version, or
//     measure and store it (docs/kernels.md, "Persisted calibration").
//
// Case and surrounding space are ignored; any other value makes Select
// of an automatic kernel fail with ErrUnknownSetting.
const EnvCalibrate = "LANEHASH_CALIBRATE"

// calibrateMode is a parsed EnvCalibrate value.
type calibrateMode uint8

const (
	calibrateOn calibrateMode = iota
	calibrateOff
	calibratePersist
)

// parseCalibrate parses an EnvCalibrate value. An unknown value returns
// calibrateOff with the error, so that the report built beside the
// error measures nothing on the strength of a setting nobody meant.
func parseCalibrate(value string) (calibrateMode, error) {
	switch strings.ToLower(strings.TrimSpace(value)) {
	case "", "on":
		return calibrateOn, nil
	case "off":
		return calibrateOff, nil
	case "persist":
		return calibratePersist, nil
	}
	return calibrateOff, &EnvError{Var: EnvCalibrate, Value: value,
		Err: fmt.Errorf("%w: want on, off or persist", ErrUnknownSetting)}
}

// featureGroups are the names EnvHide accepts for several features or
// under another spelling.
var featureGroups = map[string][]string{
	"avx512": {"avx512f", "avx512vl", "avx512bw"},
	"shani":  {"sha"},
	"sha-ni": {"sha"},
}

// knownFeatures are the feature names the kernels of every GOARCH
// check (features_amd64.go, registry_arm64.go): what EnvHide accepts
// besides featureGroups.
var knownFeatures = []string{
	"avx", "avx2", "avx512f", "avx512vl", "avx512bw", "sha", "ssse3", "sse4.1",
	"asimd", "sha2", "sha3",
}

// hidden is the set of feature names EnvHide hides in this process, and
// hideErr the error of a value naming an unknown feature.
var hidden, hideErr = parseHide(os.Getenv(EnvHide))

// parseHide expands an EnvHide value into the feature names it hides.
// An unknown name is an *EnvError wrapping ErrUnknownFeature; the known
// names are hidden all the same, so Kernels reports what the rest of the
// value asks for.
func parseHide(value string) (map[string]bool, error) {
	set := map[string]bool{}
	var unknown []string
	for _, name := range strings.Split(value, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		switch {
		case name == "":
		case featureGroups[name] != nil:
			for _, f := range featureGroups[name] {
				set[f] = true
			}
		case slices.Contains(knownFeatures, name):
			set[name] = true
		default:
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		return set, &EnvError{Var: EnvHide, Value: value, Err: fmt.Errorf("%w %s (known: %s, and the groups avx512, shani)",
			ErrUnknownFeature, strings.Join(unknown, ", "), strings.Join(knownFeatures, ", "))}
	}
	return set, nil
}

// parseKernelEnv parses an EnvKernel value into one name per hash
// function. Every entry must be "<hash>/auto" or the name of a kernel of
// this GOARCH, available or not (ErrUnknownKernel); two different names
// for one hash function are an ErrConflict. Errors are *EnvError.
func parseKernelEnv(value string) (map[Hash]string, error) {
	names := map[Hash]string{}
	fail := func(err error) (map[Hash]string, error) {
		return nil, &EnvError{Var: EnvKernel, Value: value, Err: err}
	}
	for _, name := range strings.Split(value, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		h, ok := hashOfName(name)
		if !ok {
			return fail(fmt.Errorf("kernel %q: %w: its prefix is no hash function (sha256/…, keccak256/…)", name, ErrUnknownKernel))
		}
		if name != h.String()+"/auto" && kernelEntry(h, name) == nil {
			return fail(fmt.Errorf("kernel %q: %w (%s kernels here: %s)", name, ErrUnknownKernel, h, strings.Join(kernelNames(h), ", ")))
		}
		if prev, dup := names[h]; dup && prev != name {
			return fail(fmt.Errorf("%w: %q and %q both name a %s kernel", ErrConflict, prev, name, h))
		}
		names[h] = name
	}
	return names, nil
}

// hashOfName returns the hash function a kernel name's prefix names.
func hashOfName(name string) (Hash, bool) {
	for _, h := range []Hash{SHA256, Keccak256} {
		if strings.HasPrefix(name, h.String()+"/") {
			return h, true
		}
	}
	return 0, false
}
