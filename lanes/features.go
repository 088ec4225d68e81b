package lanes

import "strings"

// feature is one CPU capability a kernel needs, as detected at init.
type feature struct {
	name    string
	present bool
}

// missingFeatures lists, comma-separated, the features that are absent;
// "" means the kernel can run.
func missingFeatures(fs ...feature) string {
	var missing []string
	for _, f := range fs {
		if !f.present {
			missing = append(missing, f.name)
		}
	}
	return strings.Join(missing, ", ")
}
