package lanes

import (
	"os"
	"slices"
	"strings"
)

// EnvHide is the environment variable that hides CPU features from the
// registry, in the spirit of OpenSSL's capability mask: a
// comma-separated list of feature names, for example
// LANEHASH_HIDE=avx512,shani. A kernel that needs a hidden feature is
// unavailable (Kernels reports the feature missing, "hidden by
// LANEHASH_HIDE"), so tests, benchmarks and lanebench run exactly as on
// a CPU without it. Names are those Kernels reports as missing (avx,
// avx2, avx512f, avx512vl, avx512bw, sha, ssse3, sse4.1 on amd64; asimd,
// sha2 on arm64) and
// the groups "avx512" (the three AVX-512 features) and "shani" (sha).
// It is read once, when the package is initialised.
const EnvHide = "LANEHASH_HIDE"

// featureGroups are the names EnvHide accepts for several features or
// under another spelling.
var featureGroups = map[string][]string{
	"avx512": {"avx512f", "avx512vl", "avx512bw"},
	"shani":  {"sha"},
	"sha-ni": {"sha"},
}

// hidden is the set of feature names EnvHide hides in this process.
var hidden = parseHide(os.Getenv(EnvHide))

// parseHide expands an EnvHide value into the feature names it hides.
func parseHide(value string) map[string]bool {
	set := map[string]bool{}
	for _, name := range strings.Split(value, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		if group, ok := featureGroups[name]; ok {
			for _, f := range group {
				set[f] = true
			}
			continue
		}
		set[name] = true
	}
	return set
}

// hiddenFeatures lists the hidden feature names, sorted.
func hiddenFeatures() []string {
	names := make([]string, 0, len(hidden))
	for name := range hidden {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// feature is one CPU capability a kernel needs, as detected at init.
type feature struct {
	name    string
	present bool
}

// missingFeatures lists, comma-separated, the features that are absent
// or hidden by EnvHide; "" means the kernel can run.
func missingFeatures(fs ...feature) string {
	return missingWith(hidden, fs...)
}

// missingWith is missingFeatures under the hidden set hide.
func missingWith(hide map[string]bool, fs ...feature) string {
	var missing []string
	for _, f := range fs {
		switch {
		case !f.present:
			missing = append(missing, f.name)
		case hide[f.name]:
			missing = append(missing, f.name+" (hidden by "+EnvHide+")")
		}
	}
	return strings.Join(missing, ", ")
}
