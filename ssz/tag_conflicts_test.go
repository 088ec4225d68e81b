package ssz_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/ssz"
)

// oneTag is a single tag and the SSZ kinds it asks for.
type oneTag struct {
	text  string // as written in the struct tag
	key   string // how an error message names it
	kinds []ssz.Kind
}

var singleTags = []oneTag{
	{`ssz-size:"4"`, "ssz-size", []ssz.Kind{ssz.KindVector, ssz.KindBitvector}},
	{`ssz-max:"4"`, "ssz-max", []ssz.Kind{ssz.KindList, ssz.KindBitlist}},
	{`ssz-bitsize:"32"`, "ssz-bitsize", []ssz.Kind{ssz.KindBitvector}},
	{`ssz:"bitlist"`, `ssz:"bitlist"`, []ssz.Kind{ssz.KindBitlist}},
	{`ssz-type:"vector"`, "ssz-type", []ssz.Kind{ssz.KindVector}},
	{`ssz-type:"list"`, "ssz-type", []ssz.Kind{ssz.KindList}},
	{`ssz-type:"bitvector"`, "ssz-type", []ssz.Kind{ssz.KindBitvector}},
	{`ssz-type:"bitlist"`, "ssz-type", []ssz.Kind{ssz.KindBitlist}},
	{`ssz-type:"progressive-list"`, "ssz-type", []ssz.Kind{ssz.KindProgressiveList}},
	{`ssz-type:"progressive-bitlist"`, "ssz-type", []ssz.Kind{ssz.KindProgressiveBitlist}},
	{`ssz-type:"container"`, "ssz-type", []ssz.Kind{ssz.KindContainer}},
	{`ssz-type:"uint64"`, "ssz-type", []ssz.Kind{ssz.KindUint64}},
}

var tagTargets = []reflect.Type{
	reflect.TypeFor[[]byte](), reflect.TypeFor[[]uint64](), reflect.TypeFor[[4]byte](),
	reflect.TypeFor[uint64](), reflect.TypeFor[struct{ A uint8 }](), reflect.TypeFor[*struct{ A uint8 }](),
}

// TestContradictoryTags tries every pair of single tags on every target
// Go type. An accepted field must have a kind every one of its tags asks
// for (no tag silently ignored or overruled), and a pair rejected while
// each tag alone is accepted must be an ErrTag naming the field and both
// tags.
func TestContradictoryTags(t *testing.T) {
	build := func(g reflect.Type, tag string) (*ssz.Type, error) {
		st := reflect.StructOf([]reflect.StructField{{Name: "Field", Type: g, Tag: reflect.StructTag(tag)}})
		typ, err := ssz.TypeOf(st)
		if err != nil {
			return nil, err
		}
		return typ.Fields[0].Type, nil
	}
	for _, g := range tagTargets {
		for i, a := range singleTags {
			_, errA := build(g, a.text)
			for _, b := range singleTags[i:] {
				tag := a.text
				if b.text != a.text {
					tag += " " + b.text
				}
				ft, err := build(g, tag)
				if err != nil {
					var se *ssz.Error
					if !errors.As(err, &se) || !strings.Contains(se.Path, ".Field") {
						t.Errorf("%s `%s`: error %v does not name the field", g, tag, err)
						continue
					}
					_, errB := build(g, b.text)
					// The path of a reflect.StructOf type quotes the whole
					// tag, so only the message proper is searched.
					msg := se.Err.Error()
					if errA == nil && errB == nil && (!errors.Is(err, ssz.ErrTag) ||
						!strings.Contains(msg, a.key) || !strings.Contains(msg, b.key)) {
						t.Errorf("%s `%s`: each tag alone is accepted, but the pair's error %q does not name both as a bad tag", g, tag, err)
					}
					continue
				}
				for _, one := range []oneTag{a, b} {
					ok := false
					for _, k := range one.kinds {
						ok = ok || ft.Kind == k
					}
					if !ok {
						t.Errorf("%s `%s`: accepted as %s, which %s does not ask for", g, tag, ft, one.text)
					}
				}
			}
		}
	}
}
