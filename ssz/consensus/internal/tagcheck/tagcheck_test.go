package tagcheck

import (
	"reflect"
	"slices"
	"testing"

	"github.com/lanehash/lanehash/ssz"
)

type inner struct {
	A []uint64 `dynssz-max:"FOO_LIMIT*BAR_2"`
}

type outer struct {
	In   *inner
	List []inner `dynssz-size:"(BAZ+7)/8,32" dynssz-bitsize:"QUX"`
	Self *outer
}

func TestNamesWalksNestedTypes(t *testing.T) {
	got := Names(reflect.TypeFor[outer]())
	want := []string{"BAR_2", "BAZ", "FOO_LIMIT", "QUX"}
	if !slices.Equal(got, want) {
		t.Fatalf("Names = %v, want %v", got, want)
	}
}

func TestMissingReportsUnknownNames(t *testing.T) {
	spec := ssz.SpecValues{"FOO_LIMIT": 1, "BAZ": 2}
	got := Missing(spec, reflect.TypeFor[outer]())
	want := []string{"BAR_2", "QUX"}
	if !slices.Equal(got, want) {
		t.Fatalf("Missing = %v, want %v", got, want)
	}
}

type sized struct {
	Roots [][32]byte `ssz-size:"8,32" dynssz-size:"N,32"`
}

func TestShapeDiffFindsLengthChange(t *testing.T) {
	a, err := ssz.TypeFor[sized](ssz.WithSpec(ssz.SpecValues{"N": 8}))
	if err != nil {
		t.Fatal(err)
	}
	b, err := ssz.TypeFor[sized](ssz.WithSpec(ssz.SpecValues{"N": 4}))
	if err != nil {
		t.Fatal(err)
	}
	if d := ShapeDiff(a, a, "sized"); d != "" {
		t.Errorf("same descriptor differs: %s", d)
	}
	if d := ShapeDiff(a, b, "sized"); d != "sized.Roots: length 8 vs 4" {
		t.Errorf("ShapeDiff = %q, want the Roots length", d)
	}
}
