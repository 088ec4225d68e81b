package vectortest

import (
	"bytes"
	"testing"

	"github.com/lanehash/lanehash/ssz"
)

// AddSeeds adds the serialized form of every ssz_static case of the type
// folder typeName in fork (both presets) to the fuzz corpus, and returns
// how many it added.
func AddSeeds(f *testing.F, fork, typeName string) int {
	f.Helper()
	n := 0
	for _, c := range StaticCases(f, fork) {
		if c.TypeName != typeName {
			continue
		}
		if err := c.Load(); err != nil {
			f.Fatal(err)
		}
		f.Add(c.Serialized)
		n++
	}
	if n == 0 {
		f.Fatalf("no %s/%s cases to seed from", fork, typeName)
	}
	return n
}

// CheckDecode decodes data into a fresh value from newValue under both
// presets. Bad input must be an error, never a panic; input that decodes
// must re-encode to exactly data (SSZ encodings are unique, so a strict
// decoder accepts only canonical bytes) and must hash without error.
func CheckDecode(t *testing.T, data []byte, newValue func() any) {
	for name, spec := range map[string]ssz.SpecValues{"mainnet": ssz.MainnetSpec(), "minimal": ssz.MinimalSpec()} {
		opt := ssz.WithSpec(spec)
		v := newValue()
		if err := ssz.Unmarshal(data, v, opt); err != nil {
			continue
		}
		enc, err := ssz.Marshal(v, opt)
		if err != nil {
			t.Fatalf("%s: decoded value does not encode: %v", name, err)
		}
		if !bytes.Equal(enc, data) {
			t.Fatalf("%s: decode then encode changed %d bytes into %d different bytes", name, len(data), len(enc))
		}
		if _, err := ssz.HashTreeRoot(v, ssz.SHA256, opt); err != nil {
			t.Fatalf("%s: decoded value does not hash: %v", name, err)
		}
	}
}
