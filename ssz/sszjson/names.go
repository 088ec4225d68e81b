package sszjson

import (
	"encoding/json"
	"strconv"
	"strings"
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

// specPath turns a path of sszwalk.Fill (Go field names, the union's
// value field by its Go name: ".Validators[3].Pubkey", ".Choice.Value")
// into the spec's names ("validators[3].pubkey", "choice.value"),
// following t; the option a union step enters is the one last read at
// its depth (d.sels).
func (d *decoder) specPath(t *ssz.Type, goPath string) string {
	var b strings.Builder
	depth := 0
	for p := goPath; p != ""; depth++ {
		if p[0] == '[' {
			end := strings.IndexByte(p, ']')
			if end < 0 || t == nil || t.Elem == nil {
				b.WriteString(p)
				break
			}
			b.WriteString(p[:end+1])
			p, t = p[end+1:], t.Elem
			continue
		}
		// ".Name"
		name := p[1:]
		if end := strings.IndexAny(name, ".["); end >= 0 {
			name = name[:end]
		}
		p = p[1+len(name):]
		step, next := name, (*ssz.Type)(nil)
		if t != nil {
			switch t.Kind {
			case ssz.KindContainer, ssz.KindProgressiveContainer:
				for i := range t.Fields {
					if t.Fields[i].Name == name {
						step, next = keysOf(t).names[i], t.Fields[i].Type
						break
					}
				}
			case ssz.KindUnion, ssz.KindCompatibleUnion:
				step = "value"
				if t.Kind == ssz.KindCompatibleUnion {
					step = "data"
				}
				if depth < len(d.sels) && d.sels[depth] < len(t.Options) {
					next = t.Options[d.sels[depth]]
				}
			}
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(step)
		t = next
	}
	return b.String()
}

// indexStep is the path step of element i.
func indexStep(i int) string { return "[" + strconv.Itoa(i) + "]" }
