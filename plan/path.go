package plan

import (
	"reflect"

	"github.com/lanehash/lanehash/ssz"
)

// typeName is the root of a plan's paths for Go type g: its name, or for
// an unnamed type the reference's spelling of it (the literal when short,
// elided to "struct {…}" when long; ssz.UnnamedPath). The paths below it
// are bounded as the reference's are (internal/sszpath): a plan keeps one
// for every boolean byte of an inlined vector, so their length would
// otherwise multiply a plan's size.
func typeName(g reflect.Type) string {
	if g.Name() != "" {
		return g.Name()
	}
	return ssz.UnnamedPath(g)
}
