package spectest

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/golang/snappy"

	"github.com/lanehash/lanehash/ssz"
)

// fuzzUnmarshal fuzzes decoding into T: it must never panic, and whatever
// decodes must re-encode to the same bytes (the codec is strict, so every
// accepted input is canonical) and must hash without error. The corpus is
// seeded with the serialized bytes of the ssz_generic container cases of
// T, valid and invalid (of the handler's cases named after T, or after
// name when given: an alias of a generic type has no name of its own).
func fuzzUnmarshal[T any](f *testing.F, handler string, name ...string) {
	typeName := reflect.TypeFor[T]().Name()
	if len(name) > 0 {
		typeName = name[0]
	}
	for _, seed := range genericSeeds(handler, typeName) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var v T
		if err := ssz.Unmarshal(b, &v); err != nil {
			return
		}
		enc, err := ssz.Marshal(&v)
		if err != nil {
			t.Fatalf("decoded value does not encode: %v", err)
		}
		if !bytes.Equal(enc, b) {
			t.Fatalf("re-encoding differs:\n in %x\nout %x", b, enc)
		}
		if _, err := ssz.HashTreeRoot(&v, ssz.SHA256); err != nil {
			t.Fatalf("decoded value does not hash: %v", err)
		}
	})
}

// genericSeeds returns the serialized bytes of the handler's cases whose
// name starts with the type name, or nothing if the vectors are missing.
func genericSeeds(handler, typeName string) [][]byte {
	dir, err := Dir()
	if err != nil {
		return nil
	}
	var out [][]byte
	for _, kind := range []string{"valid", "invalid"} {
		paths, _ := filepath.Glob(filepath.Join(dir, "general", "phase0", "ssz_generic", handler, kind, typeName+"_*"))
		for _, p := range paths {
			if strings.Contains(filepath.Base(p), "lengthy") {
				continue // large inputs slow the fuzzer down without adding paths
			}
			raw, err := os.ReadFile(filepath.Join(p, "serialized.ssz_snappy"))
			if err != nil {
				continue
			}
			if b, err := snappy.Decode(nil, raw); err == nil {
				out = append(out, b)
			}
		}
	}
	return out
}

func FuzzUnmarshalSingleFieldTestStruct(f *testing.F) {
	fuzzUnmarshal[SingleFieldTestStruct](f, "containers")
}
func FuzzUnmarshalSmallTestStruct(f *testing.F)   { fuzzUnmarshal[SmallTestStruct](f, "containers") }
func FuzzUnmarshalFixedTestStruct(f *testing.F)   { fuzzUnmarshal[FixedTestStruct](f, "containers") }
func FuzzUnmarshalVarTestStruct(f *testing.F)     { fuzzUnmarshal[VarTestStruct](f, "containers") }
func FuzzUnmarshalComplexTestStruct(f *testing.F) { fuzzUnmarshal[ComplexTestStruct](f, "containers") }
func FuzzUnmarshalBitsStruct(f *testing.F)        { fuzzUnmarshal[BitsStruct](f, "containers") }
func FuzzUnmarshalProgressiveTestStruct(f *testing.F) {
	fuzzUnmarshal[ProgressiveTestStruct](f, "containers")
}
func FuzzUnmarshalProgressiveBitsStruct(f *testing.F) {
	fuzzUnmarshal[ProgressiveBitsStruct](f, "containers")
}
func FuzzUnmarshalProgressiveComplexTestStruct(f *testing.F) {
	fuzzUnmarshal[ProgressiveComplexTestStruct](f, "progressive_containers")
}
func FuzzUnmarshalCompatibleUnionABCA(f *testing.F) {
	fuzzUnmarshal[CompatibleUnionABCA](f, "compatible_unions", "CompatibleUnionABCA")
}
