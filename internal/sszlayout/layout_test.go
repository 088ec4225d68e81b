package sszlayout

import (
	"errors"
	"testing"

	"github.com/lanehash/lanehash/ssz"
)

// TestSeqLenHugeOffsets: offsets past 2^31 are refused as ErrLayout on
// every host; on a 32-bit one they were negative ints, passed the bound
// and made a slice of a negative length (a panic).
func TestSeqLenHugeOffsets(t *testing.T) {
	type elem struct {
		B []byte `ssz-max:"8"`
	}
	type outer struct {
		L []elem `ssz-max:"16"`
	}
	ot, err := ssz.TypeFor[outer]()
	if err != nil {
		t.Fatal(err)
	}
	lt := ot.Fields[0].Type
	for _, b := range [][]byte{
		{0x00, 0x00, 0x00, 0x80, 0, 0, 0, 0},             // first offset 2^31
		{0xfc, 0xff, 0xff, 0xff, 0, 0, 0, 0},             // first offset 2^32 - 4
		{0x08, 0, 0, 0, 0x00, 0x00, 0x00, 0x80, 1, 2, 3}, // second offset 2^31
	} {
		if _, _, err := SeqLen(lt, b); !errors.Is(err, ErrLayout) {
			t.Errorf("% x: %v, want ErrLayout", b, err)
		}
	}
}
