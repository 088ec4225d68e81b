package sszjson

import (
	"encoding/json"
	"strconv"

	"github.com/lanehash/lanehash/internal/checked"
	"github.com/lanehash/lanehash/internal/fieldfold"
	"github.com/lanehash/lanehash/internal/memo"
	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/ssz"
)

// fieldKeys are a container's keys: the names Marshal writes, which are
// the names paths give the fields (sszlayout.FieldName: the spec's name
// where package proof resolves it to the field), so every key written
// reads back as its field; and every other name a proof path's step
// gives a field (proof.FieldIndex), worked out once per type so that a
// key is resolved by map lookups, without allocating: a document of a
// million keys spelled otherwise costs nothing per key.
type fieldKeys struct {
	names  []string       // by field
	quoted []string       // `"name":`, by field
	byName map[string]int // names → field
	// exact are the names proof.FieldIndex matches as they are: the Go
	// names (the first field of one), then the json tags that are no Go
	// name; folded the fold of each field's Go name and json tag. A
	// name two fields answer to maps to -1: FieldIndex refuses it.
	exact, folded map[string]int
	// foldedList is folded's names in field order, for keys that fold
	// longer than the stack buffer of index (none for SSZ's types).
	foldedList []string
	// maxFolded is the longest a key's fold can be and name a field:
	// the longest folded name, or len("publickey") where a field folds
	// to "pubkey" (which a key folding to "publickey" names).
	maxFolded int
}

// keys memoizes fieldKeys by container type, bounded (memo.Bounded) as
// ssz's own memos are: each entry keeps its descriptor alive.
var keys = memo.New(1 << 12)

// keysOf returns the keys of container t.
func keysOf(t *ssz.Type) *fieldKeys {
	if k, ok := keys.Load(t); ok {
		return k.(*fieldKeys)
	}
	k := &fieldKeys{names: make([]string, len(t.Fields)), quoted: make([]string, len(t.Fields)),
		byName: make(map[string]int, len(t.Fields)),
		exact:  make(map[string]int, 2*len(t.Fields)), folded: make(map[string]int, 2*len(t.Fields))}
	for i := range t.Fields {
		name := sszlayout.FieldName(t, i)
		q, _ := json.Marshal(name) // a string always marshals
		k.names[i], k.quoted[i] = name, string(q)+":"
		k.byName[name] = i
	}
	// proof.FieldIndex's three rounds (proof/walk.go fieldIndex): a Go
	// name, first match; else a json tag, two fields sharing it an
	// error; else either folded, two fields answering an error.
	for i := range t.Fields {
		if _, ok := k.exact[t.Fields[i].Name]; !ok {
			k.exact[t.Fields[i].Name] = i
		}
	}
	tags := map[string]int{}
	for i := range t.Fields {
		if tag := t.Fields[i].SpecName; tag != "" {
			if _, isGo := k.exact[tag]; !isGo {
				tags[tag] = claim(tags, tag, i)
			}
		}
	}
	for tag, i := range tags {
		k.exact[tag] = i
	}
	for i := range t.Fields {
		f := &t.Fields[i]
		names := []string{f.Name}
		if f.SpecName != "" {
			names = append(names, f.SpecName)
		}
		for _, name := range names {
			n := fieldfold.Fold(name)
			if _, seen := k.folded[n]; !seen {
				k.foldedList = append(k.foldedList, n)
			}
			k.folded[n] = claim(k.folded, n, i)
			k.maxFolded = max(k.maxFolded, len(n))
			if n == "pubkey" {
				k.maxFolded = max(k.maxFolded, len("publickey"))
			}
		}
	}
	return keys.Store(t, k).(*fieldKeys)
}

// claim returns what m should map name to once field i answers to it:
// i, or -1 when another field does too.
func claim(m map[string]int, name string, i int) int {
	if j, ok := m[name]; ok && j != i {
		return -1
	}
	return i
}

// foldBuffer is how long a key's fold index builds on the stack; a type
// with a longer folded name has its longer keys compared name by name.
const foldBuffer = 128

// index returns the field a key names: a written name at once, any
// other key by the rule of proof paths (proof.FieldIndex: the Go name,
// the json tag, either folded, a name two fields answer to naming
// none), so a key means what a path step does. It allocates nothing:
// the key is folded into a buffer on the stack, and given up as
// unknown as soon as its fold is longer than any name's, whatever its
// length (underscores fold away, so no raw length is too long).
func (k *fieldKeys) index(key []byte) (int, bool) {
	if i, ok := k.byName[string(key)]; ok {
		return i, true
	}
	if i, ok := k.exact[string(key)]; ok {
		return i, i >= 0
	}
	var buf [foldBuffer]byte
	n := 0
	for _, c := range key {
		if c == '_' {
			continue
		}
		if n == k.maxFolded {
			return 0, false // its fold is longer than any field's
		}
		if n == len(buf) {
			return k.indexLong(key)
		}
		buf[n] = fieldfold.LowerASCII(c)
		n++
	}
	i, ok := k.folded[string(buf[:n])]
	if string(buf[:n]) == "publickey" {
		i, ok = k.folded["pubkey"]
	}
	return i, ok && i >= 0
}

// indexLong is index's last round for a key whose fold is longer than
// the stack buffer: each folded name compared with the key in turn
// (at most one can match; the pubkey rule concerns short keys only).
func (k *fieldKeys) indexLong(key []byte) (int, bool) {
	for _, name := range k.foldedList {
		if fieldfold.FoldsTo(key, name) {
			i := k.folded[name]
			return i, i >= 0
		}
	}
	return 0, false
}

// indexStep is the path step of element i.
func indexStep(i int) string { return "[" + strconv.Itoa(i) + "]" }

// minJSON returns the fewest bytes any JSON of a valid value of t takes
// (saturating): the bound count checks each element of an array
// against, so that an element too short to be one is refused before the
// array's slice is made.
func minJSON(t *ssz.Type) uint64 {
	if m, ok := minJSONs.Load(t); ok {
		return m.(uint64)
	}
	return minJSONs.Store(t, minJSONOf(t)).(uint64)
}

// minJSONs memoizes minJSON per descriptor (an element's is asked for
// per array), bounded as keys is.
var minJSONs = memo.New(1 << 14)

func minJSONOf(t *ssz.Type) uint64 {
	switch t.Kind {
	case ssz.KindBool:
		return 4 // true
	case ssz.KindBitvector:
		return checked.SatAdd(4, checked.SatAdd(t.Size, t.Size)) // "0x" and the bytes in hex
	case ssz.KindBitlist, ssz.KindProgressiveBitlist:
		return 6 // "0x01"
	case ssz.KindVector:
		// [e,e,…], or a byte string's hex, or [n,n,…]: 2L+1 at least.
		per := checked.SatAdd(minJSON(t.Elem), 1)
		return checked.SatAdd(1, checked.SatMul(t.Length, per))
	case ssz.KindList, ssz.KindProgressiveList:
		return 2 // []
	case ssz.KindContainer, ssz.KindProgressiveContainer:
		// {"k":v,"k":v}: a key of one character at least.
		m := uint64(1)
		for i := range t.Fields {
			m = checked.SatAdd(m, checked.SatAdd(5, minJSON(t.Fields[i].Type)))
		}
		return m
	case ssz.KindUnion, ssz.KindCompatibleUnion:
		// {"selector":0,"value":v} (23 bytes and the value, null for
		// the None option) or {"selector":1,"data":v} (22 and the value).
		base, m := uint64(23), ^uint64(0)
		if t.Kind == ssz.KindCompatibleUnion {
			base = 22
		}
		for i, o := range t.Options {
			switch {
			case o != nil:
				m = min(m, minJSON(o))
			case i == 0 && t.Kind == ssz.KindUnion:
				m = min(m, 4) // null
			}
		}
		return checked.SatAdd(base, m)
	}
	return 1 // a digit
}
