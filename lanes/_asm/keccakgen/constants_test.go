package keccakgen

import "testing"

// Spot checks against the published tables of the Keccak reference.
func TestRC(t *testing.T) {
	rc := RC()
	if rc[0] != 0x1 || rc[1] != 0x8082 || rc[23] != 0x8000000080008008 {
		t.Fatalf("round constants wrong: %#x %#x %#x", rc[0], rc[1], rc[23])
	}
}

func TestRho(t *testing.T) {
	r := Rho()
	want := map[int]int{Lane(0, 0): 0, Lane(1, 0): 1, Lane(2, 0): 62, Lane(0, 1): 36, Lane(4, 4): 14, Lane(3, 1): 55, Lane(1, 3): 45}
	for lane, w := range want {
		if r[lane] != w {
			t.Errorf("rho[%d] = %d, want %d", lane, r[lane], w)
		}
	}
}

func TestPiSource(t *testing.T) {
	for x := 0; x < 5; x++ {
		for y := 0; y < 5; y++ {
			X, Y := y, (2*x+3*y)%5
			if sx, sy := PiSource(X, Y); sx != x || sy != y {
				t.Errorf("PiSource(%d,%d) = (%d,%d), want (%d,%d)", X, Y, sx, sy, x, y)
			}
		}
	}
}
