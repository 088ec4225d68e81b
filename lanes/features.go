package lanes

import (
	"slices"
	"strings"
)

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
