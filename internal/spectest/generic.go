package spectest

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/lanehash/lanehash/ssz"
)

// genericContainers are the Go types of the "containers" handler, by the
// name that starts each case name.
var genericContainers = map[string]reflect.Type{
	"SingleFieldTestStruct": reflect.TypeFor[SingleFieldTestStruct](),
	"SmallTestStruct":       reflect.TypeFor[SmallTestStruct](),
	"FixedTestStruct":       reflect.TypeFor[FixedTestStruct](),
	"VarTestStruct":         reflect.TypeFor[VarTestStruct](),
	"ComplexTestStruct":     reflect.TypeFor[ComplexTestStruct](),
	"BitsStruct":            reflect.TypeFor[BitsStruct](),
	"ProgressiveTestStruct": reflect.TypeFor[ProgressiveTestStruct](),
	"ProgressiveBitsStruct": reflect.TypeFor[ProgressiveBitsStruct](),
}

// genericProgressiveContainers are the Go types of the
// "progressive_containers" handler.
var genericProgressiveContainers = map[string]reflect.Type{
	"ProgressiveSingleFieldContainerTestStruct": reflect.TypeFor[ProgressiveSingleFieldContainerTestStruct](),
	"ProgressiveSingleListContainerTestStruct":  reflect.TypeFor[ProgressiveSingleListContainerTestStruct](),
	"ProgressiveVarTestStruct":                  reflect.TypeFor[ProgressiveVarTestStruct](),
	"ProgressiveComplexTestStruct":              reflect.TypeFor[ProgressiveComplexTestStruct](),
}

// genericCompatibleUnions are the Go types of the "compatible_unions"
// handler.
var genericCompatibleUnions = map[string]reflect.Type{
	"CompatibleUnionA":    reflect.TypeFor[CompatibleUnionA](),
	"CompatibleUnionBC":   reflect.TypeFor[CompatibleUnionBC](),
	"CompatibleUnionABCA": reflect.TypeFor[CompatibleUnionABCA](),
}

// basicElem returns the Go type and per-level ssz-type of a basic type name
// of the generator ("uint16", "uint256", "bool").
func basicElem(name string) (reflect.Type, string, error) {
	switch name {
	case "bool":
		return reflect.TypeFor[bool](), "", nil
	case "uint8":
		return reflect.TypeFor[uint8](), "", nil
	case "uint16":
		return reflect.TypeFor[uint16](), "", nil
	case "uint32":
		return reflect.TypeFor[uint32](), "", nil
	case "uint64":
		return reflect.TypeFor[uint64](), "", nil
	case "uint128":
		return reflect.TypeFor[[16]byte](), "uint128", nil
	case "uint256":
		return reflect.TypeFor[[32]byte](), "uint256", nil
	}
	return nil, "", fmt.Errorf("unknown basic type %q", name)
}

// genericType returns the SSZ type of an ssz_generic case from its handler
// and case name, and a readable name of it.
func genericType(handler, name string) (*ssz.Type, string, error) {
	parts := strings.Split(name, "_")
	num := func(i int) (uint64, error) {
		if i >= len(parts) {
			return 0, fmt.Errorf("case name %q has no size", name)
		}
		return strconv.ParseUint(parts[i], 10, 64)
	}
	switch handler {
	case "boolean":
		t, err := ssz.TypeFor[bool]()
		return t, "bool", err
	case "uints":
		if len(parts) < 2 {
			return nil, "", fmt.Errorf("case name %q has no size", name)
		}
		name := "uint" + parts[1]
		g, typ, err := basicElem(name)
		if err != nil {
			return nil, "", err
		}
		t, err := ssz.TypeOfTagged(g, tagOf("ssz-type", typ))
		return t, name, err
	case "basic_vector":
		g, typ, err := basicElem(parts[1])
		if err != nil {
			return nil, "", err
		}
		n, err := num(2)
		if err != nil {
			return nil, "", err
		}
		tag := reflect.StructTag("")
		if typ != "" {
			tag = tagOf("ssz-type", "vector,"+typ)
		}
		t, err := ssz.TypeOfTagged(reflect.ArrayOf(int(n), g), tag)
		return t, fmt.Sprintf("Vector[%s, %d]", parts[1], n), err
	case "basic_progressive_list":
		g, typ, err := basicElem(parts[1])
		if err != nil {
			return nil, "", err
		}
		ts := "progressive-list"
		if typ != "" {
			ts += "," + typ
		}
		t, err := ssz.TypeOfTagged(reflect.SliceOf(g), tagOf("ssz-type", ts))
		return t, fmt.Sprintf("ProgressiveList[%s]", parts[1]), err
	case "bitvector":
		n, err := num(1)
		if err != nil {
			return nil, "", err
		}
		t, err := ssz.TypeOfTagged(reflect.ArrayOf(int((n+7)/8), reflect.TypeFor[byte]()),
			reflect.StructTag(fmt.Sprintf(`ssz-type:"bitvector" ssz-bitsize:"%d"`, n)))
		return t, fmt.Sprintf("Bitvector[%d]", n), err
	case "bitlist":
		n, err := num(1)
		if err != nil {
			// bitlist_no_delimiter_*: any limit; these fail on the delimiter.
			n = 1 << 16
		}
		t, err := ssz.TypeOfTagged(reflect.TypeFor[[]byte](), reflect.StructTag(fmt.Sprintf(`ssz:"bitlist" ssz-max:"%d"`, n)))
		return t, fmt.Sprintf("Bitlist[%d]", n), err
	case "progressive_bitlist":
		t, err := ssz.TypeOfTagged(reflect.TypeFor[[]byte](), tagOf("ssz-type", "progressive-bitlist"))
		return t, "ProgressiveBitlist", err
	case "containers", "progressive_containers", "compatible_unions":
		g, ok := map[string]map[string]reflect.Type{
			"containers":             genericContainers,
			"progressive_containers": genericProgressiveContainers,
			"compatible_unions":      genericCompatibleUnions,
		}[handler][parts[0]]
		if !ok {
			return nil, "", fmt.Errorf("unknown %s type %q", handler, parts[0])
		}
		t, err := ssz.TypeOf(g)
		return t, parts[0], err
	}
	return nil, "", fmt.Errorf("unknown ssz_generic handler %q", handler)
}

// tagOf builds a struct tag with one key; an empty value gives no tag.
func tagOf(key, value string) reflect.StructTag {
	if value == "" {
		return ""
	}
	return reflect.StructTag(key + `:"` + value + `"`)
}
