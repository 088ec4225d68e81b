package chunk

import (
	"bytes"
	"testing"
)

// TestEqual flips each bit of a 32-byte chunk in turn (and one past it):
// Equal must see every one inside the chunk and none outside.
func TestEqual(t *testing.T) {
	a := make([]byte, 33)
	for i := range a {
		a[i] = byte(7 * i)
	}
	b := bytes.Clone(a)
	if !Equal(a, b) {
		t.Fatal("equal chunks reported unequal")
	}
	for bit := range 8 * 33 {
		b[bit/8] ^= 1 << (bit % 8)
		if got, want := Equal(a, b), bit >= 8*32; got != want {
			t.Errorf("bit %d flipped: Equal = %v, want %v", bit, got, want)
		}
		b[bit/8] ^= 1 << (bit % 8)
	}
}

// TestMove copies one chunk into the middle of a buffer and nothing
// beside it.
func TestMove(t *testing.T) {
	src := make([]byte, 40)
	for i := range src {
		src[i] = byte(i + 1)
	}
	dst := make([]byte, 40)
	Move(dst[4:], src[8:])
	want := make([]byte, 40)
	copy(want[4:36], src[8:40])
	if !bytes.Equal(dst, want) {
		t.Errorf("Move wrote %x, want %x", dst, want)
	}
}

// TestShort: a slice shorter than a chunk panics, whatever its capacity.
func TestShort(t *testing.T) {
	buf := make([]byte, 64)
	for name, f := range map[string]func(){
		"Move dst": func() { Move(buf[:31], buf[32:]) },
		"Move src": func() { Move(buf, buf[:31]) },
		"Equal":    func() { Equal(buf, buf[:31]) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s with 31 bytes did not panic", name)
				}
			}()
			f()
		}()
	}
}
