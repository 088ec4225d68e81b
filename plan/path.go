package plan

import (
	"reflect"
	"strconv"
	"unicode/utf8"

	"github.com/lanehash/lanehash/ssz"
)

// maxPath bounds the paths a compiled plan keeps for its checks and
// sources. A plan keeps one for every boolean byte of a vector and every
// element of a vector of containers, and reflect.StructOf takes field
// names and tags of any length, so unbounded paths would make a plan
// hold its elements' count times its names' length (a type a few
// hundred KB long needing gigabytes). The reference (ssz) builds a
// path only when it reports an error, so it needs no bound.
const maxPath = 256

// typeName is the root of a plan's paths for Go type g: its name, or for
// an unnamed type the reference's spelling of it (the literal when short,
// elided to "struct {…}" when long; ssz.UnnamedPath).
func typeName(g reflect.Type) string {
	if g.Name() != "" {
		return g.Name()
	}
	return ssz.UnnamedPath(g)
}

// fieldPath is path + "." + name, bounded by maxPath (elidePath).
func fieldPath(path, name string) string { return joinPath(path, ".", name) }

// elemPath is path + "[i]", bounded by maxPath (elidePath).
func elemPath(path string, i uint64) string {
	var b [24]byte
	return joinPath(path, "[", string(strconv.AppendUint(b[:0], i, 10))+"]")
}

// joinPath joins path, sep and elem, elided in the middle when longer
// than maxPath. It never builds the long string first: a vector of n
// elements under a long path would otherwise copy it n times.
func joinPath(path, sep, elem string) string {
	if len(path)+len(sep)+len(elem) <= maxPath {
		return path + sep + elem
	}
	return elidePath(path, sep+elem)
}

// elidePath returns path+tail cut to about maxPath bytes, the middle
// replaced by "…": the head names the top of the value, the tail the
// innermost field or index, where a defect is. Cuts fall on rune
// boundaries.
func elidePath(path, tail string) string {
	const keep = (maxPath - len("…")) / 2
	var head string
	if len(path) > keep {
		head = path[:runeStart(path, keep)]
	} else {
		head = path
	}
	rest := maxPath - len("…") - len(head)
	full := len(path) - len(head) + len(tail)
	if full <= rest {
		return path + tail // nothing left to elide
	}
	// The last rest bytes of path[len(head):] + tail.
	var end string
	if len(tail) >= rest {
		end = tail[runeStart(tail, len(tail)-rest):]
	} else {
		p := path[len(head):]
		end = p[runeStart(p, len(p)-(rest-len(tail))):] + tail
	}
	return head + "…" + end
}

// runeStart returns the first rune boundary of s at or after i.
func runeStart(s string, i int) int {
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	return i
}
