package sszjson

import (
	"encoding/json"
	"github.com/lanehash/lanehash/internal/checked"
	"strconv"
	"sync"

	"github.com/lanehash/lanehash/internal/sszlayout"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
)

// fieldKeys are a container's keys: the names Marshal writes, which are
// the names paths give the fields (sszlayout.FieldName: the spec's name
// where package proof resolves it to the field), so every key written
// reads back as its field.
type fieldKeys struct {
	names  []string       // by field
	quoted []string       // `"name":`, by field
	byName map[string]int // names → field
}

// keys memoizes fieldKeys by container type.
var keys sync.Map

// keysOf returns the keys of container t.
func keysOf(t *ssz.Type) *fieldKeys {
	if k, ok := keys.Load(t); ok {
		return k.(*fieldKeys)
	}
	k := &fieldKeys{names: make([]string, len(t.Fields)), quoted: make([]string, len(t.Fields)),
		byName: make(map[string]int, len(t.Fields))}
	for i := range t.Fields {
		name := sszlayout.FieldName(t, i)
		q, _ := json.Marshal(name) // a string always marshals
		k.names[i], k.quoted[i] = name, string(q)+":"
		k.byName[name] = i
	}
	keys.Store(t, k)
	return k
}

// index returns the field a key names: a written name at once, any
// other key by the rule of proof paths (proof.FieldIndex: the Go name,
// the json tag, either folded), so a key means what a path step does.
func (k *fieldKeys) index(t *ssz.Type, key []byte) (int, bool) {
	if i, ok := k.byName[string(key)]; ok {
		return i, true
	}
	if len(key) > 256 {
		return 0, false // no field's name is that long
	}
	i, err := proof.FieldIndex(t, string(key))
	return i, err == nil
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
	m := minJSONOf(t)
	minJSONs.Store(t, m)
	return m
}

var minJSONs sync.Map

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
