package hostile

import (
	"fmt"
	"math"
	"reflect"
	"strings"
)

// Kind is the SSZ kind a generated shape asks for.
type Kind int

// The kinds the generator builds.
const (
	Basic Kind = iota
	Vector
	List
	Bitvector
	Bitlist
	ProgressiveList
	Container
)

// Shape is one generated Go type together with the SSZ type its tags ask
// for, written down independently of package ssz: the oracle derives the
// expected outcome (a root, or which error) from the Shape alone.
type Shape struct {
	Kind  Kind
	Go    reflect.Type
	N     uint64 // Vector length, List limit, Bitvector/Bitlist bits
	Size  uint64 // a Basic's byte size
	Bytes uint64 // a Bitvector's byte count (its ssz-size)
	// ByBytes marks a Bitvector given by its byte count (ssz-size, all
	// bits used) rather than its bit count (ssz-bitsize); N is unused.
	ByBytes bool
	Elem    *Shape   // Vector, List, ProgressiveList
	Fields  []*Shape // Container
	// Levels are the tag dimensions of a field holding this shape, one
	// per slice or array nesting level (a struct starts over).
	Levels []Level
	Name   string
}

// Level is one dimension of a field's tags.
type Level struct {
	Size, Max, Bitsize, Type string
	Bitlist                  bool // ssz:"bitlist" (outer level only)
}

// Tag renders the struct tag of a field holding s.
func (s *Shape) Tag() reflect.StructTag {
	var size, max, bitsize, typ []string
	var tags []string
	for _, l := range s.Levels {
		size, max, bitsize, typ = append(size, q(l.Size)), append(max, q(l.Max)), append(bitsize, q(l.Bitsize)), append(typ, q(l.Type))
		if l.Bitlist {
			tags = append(tags, `ssz:"bitlist"`)
		}
	}
	for _, d := range []struct {
		name string
		v    []string
	}{{"ssz-size", size}, {"ssz-max", max}, {"ssz-bitsize", bitsize}, {"ssz-type", typ}} {
		if strings.Trim(strings.Join(d.v, ""), "?") != "" {
			tags = append(tags, fmt.Sprintf("%s:%q", d.name, strings.Join(d.v, ",")))
		}
	}
	return reflect.StructTag(strings.Join(tags, " "))
}

func q(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// Edges are the sizes and limits where overflow lives: 2^64, 2^63 and 2^32
// and their neighbours (2^64-255 is where a bitlist's chunk count used to
// wrap), plus small values (0 and 1 are the degenerate vectors) and 2^40
// (a huge vector a value can still describe).
var Edges = []uint64{0, 1, 4,
	1<<32 - 1, 1 << 32, 1<<32 + 1, 1 << 40,
	1<<63 - 1, 1 << 63, 1<<63 + 1,
	math.MaxUint64 - 255, math.MaxUint64 - 254, math.MaxUint64 - 1, math.MaxUint64}

var (
	uint8Shape  = &Shape{Kind: Basic, Go: reflect.TypeFor[uint8](), Size: 1, Name: "uint8"}
	uint64Shape = &Shape{Kind: Basic, Go: reflect.TypeFor[uint64](), Size: 8, Name: "uint64"}
	boolShape   = &Shape{Kind: Basic, Go: reflect.TypeFor[bool](), Size: 1, Name: "bool"}
)

// Bases are the leaves of the generator: basic types and a small
// container.
func Bases() []*Shape {
	return []*Shape{uint8Shape, uint64Shape, boolShape, ContainerOf(uint64Shape)}
}

// ContainerOf is struct{F0 f0; F1 f1; …}, each field carrying its shape's
// tags.
func ContainerOf(fields ...*Shape) *Shape {
	sf := make([]reflect.StructField, len(fields))
	names := make([]string, len(fields))
	for i, f := range fields {
		sf[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: f.Go, Tag: f.Tag()}
		names[i] = f.Name
	}
	return &Shape{Kind: Container, Go: reflect.StructOf(sf), Fields: fields, Name: "{" + strings.Join(names, ", ") + "}"}
}

// wrap puts a slice or array level in front of e's levels.
func wrap(kind Kind, goType reflect.Type, l Level, n uint64, e *Shape, name string) *Shape {
	levels := append([]Level{l}, e.Levels...)
	if e.Kind == Container {
		levels = []Level{l} // a struct element starts its own tags
	}
	return &Shape{Kind: kind, Go: goType, N: n, Elem: e, Levels: levels, Name: name}
}

// Grow returns every one-level extension of e: vectors and lists of e with
// each edge as length or limit, a Go array of 3, a progressive list, a
// container of e and one of two e (sizes add), and for bytes the
// bitfields with each edge as bit or byte count.
func Grow(e *Shape) []*Shape {
	var out []*Shape
	slice, array := reflect.SliceOf(e.Go), reflect.ArrayOf(3, e.Go)
	for _, v := range Edges {
		d := fmt.Sprint(v)
		out = append(out,
			wrap(Vector, slice, Level{Size: d}, v, e, fmt.Sprintf("Vector[%s, %d]", e.Name, v)),
			wrap(List, slice, Level{Max: d}, v, e, fmt.Sprintf("List[%s, %d]", e.Name, v)))
		if e == uint8Shape {
			out = append(out,
				&Shape{Kind: Bitvector, Go: slice, N: v, Bytes: ceilDiv(v, 8), Levels: []Level{{Bitsize: d}}, Name: fmt.Sprintf("Bitvector[%d] by bits", v)},
				&Shape{Kind: Bitvector, Go: slice, Bytes: v, ByBytes: true, Levels: []Level{{Size: d, Type: "bitvector"}}, Name: fmt.Sprintf("Bitvector[8·%d] by bytes", v)},
				&Shape{Kind: Bitlist, Go: slice, N: v, Levels: []Level{{Max: d, Type: "bitlist"}}, Name: fmt.Sprintf("Bitlist[%d]", v)})
		}
	}
	out = append(out,
		wrap(Vector, array, Level{}, 3, e, fmt.Sprintf("[3]%s", e.Name)),
		wrap(ProgressiveList, slice, Level{Type: "progressive-list"}, 0, e, fmt.Sprintf("ProgressiveList[%s]", e.Name)),
		ContainerOf(e), ContainerOf(e, e))
	return out
}

// Generate returns every shape up to depth levels of Grow over Bases,
// deduplicated by name, plus outer-level variants that use ssz:"bitlist".
func Generate(depth int) []*Shape {
	seen := map[string]bool{}
	level := Bases()
	var all []*Shape
	for d := 0; d < depth; d++ {
		var next []*Shape
		for _, e := range level {
			for _, s := range Grow(e) {
				if !seen[s.Name] {
					seen[s.Name] = true
					next = append(next, s)
				}
			}
		}
		all = append(all, next...)
		level = next
	}
	for _, v := range Edges {
		all = append(all, &Shape{Kind: Bitlist, Go: reflect.TypeFor[[]byte](), N: v,
			Levels: []Level{{Max: fmt.Sprint(v), Bitlist: true}}, Name: fmt.Sprintf(`Bitlist[%d] by ssz:"bitlist"`, v)})
	}
	return all
}

func ceilDiv(a, d uint64) uint64 {
	q := a / d
	if a%d != 0 {
		q++
	}
	return q
}
