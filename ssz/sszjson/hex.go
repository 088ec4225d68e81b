package sszjson

import (
	"encoding/binary"
	"encoding/hex"
)

// Hex digits eight at a time: byte strings are most of a state's JSON
// (keys, roots, credentials), so the reader checks and decodes their
// digits a word at a time rather than a byte at a time.

// The words of SWAR arithmetic: a byte of 1s, a byte of high bits.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// inRange returns a word with the high bit set of each byte of x that is
// in [lo, hi], for x of ASCII bytes (high bits clear): adding 0x80-lo
// carries into a byte's high bit where it is at least lo, adding
// 0x7f-hi where it is above hi, never into the next byte.
func inRange(x uint64, lo, hi byte) uint64 {
	return (x + ones*uint64(0x80-lo)) &^ (x + ones*uint64(0x7f-hi)) & highs
}

// hexWord reports whether the eight bytes of x are all hex digits.
func hexWord(x uint64) bool {
	if x&highs != 0 {
		return false
	}
	return (inRange(x, '0', '9')|inRange(x|ones*0x20, 'a', 'f'))&highs == highs
}

// decodeHexWord decodes the eight hex digits of x (all digits: see
// hexWord), the first in its lowest byte, into four bytes, the first in
// the lowest byte of the result.
func decodeHexWord(x uint64) uint32 {
	// A digit's value is its low nibble, plus 9 for a letter (bit 6).
	v := x&(ones*0x0f) + 9*(x>>6&ones)
	// Pairs: byte 2i becomes digit 2i's value << 4 | digit 2i+1's.
	v = (v<<4 | v>>8) & 0x00ff00ff00ff00ff
	v = (v | v>>8) & 0x0000ffff0000ffff
	return uint32(v | v>>16)
}

// hexDigitsEnd returns the end of the run of hex digits at b[i:].
func hexDigitsEnd(b []byte, i int) int {
	for i+8 <= len(b) && hexWord(binary.LittleEndian.Uint64(b[i:])) {
		i += 8
	}
	for i < len(b) && hexDigit[b[i]] != 0xff {
		i++
	}
	return i
}

// decodeHex decodes the hex digits s of the string at byte lo (its
// contents after "0x", unescaped) into dst (len(s)/2 bytes).
func (d *decoder) decodeHex(lo int, dst, s []byte) error {
	if decodeDigits(dst, s) {
		return nil
	}
	for i, c := range s {
		if _, ok := hexVal(c); !ok {
			// s may be unescaped: its index i is not the input's.
			return fail(d.rawOffset(lo, 2+i), ErrHex, "bad hex digit %q", c)
		}
	}
	_, err := hex.Decode(dst, s)
	return fail(lo, ErrHex, "%v", err)
}

// decodeDigits decodes the first 2*len(dst) bytes of s into dst and
// reports whether they were all hex digits (dst then holds them).
func decodeDigits(dst, s []byte) bool {
	s = s[:2*len(dst)]
	i := 0
	for ; 2*i+16 <= len(s); i += 8 {
		x, y := binary.LittleEndian.Uint64(s[2*i:]), binary.LittleEndian.Uint64(s[2*i+8:])
		if !hexWord(x) || !hexWord(y) {
			return false
		}
		binary.LittleEndian.PutUint64(dst[i:], uint64(decodeHexWord(x))|uint64(decodeHexWord(y))<<32)
	}
	var bad byte // the high nibbles of every digit's value: 0 when all are digits
	for ; i < len(dst); i++ {
		h, l := hexDigit[s[2*i]], hexDigit[s[2*i+1]]
		bad |= h | l
		dst[i] = h<<4 | l
	}
	return bad&0xf0 == 0
}

// hexDigit is each byte's value as a hex digit, 0xff for a byte that
// is none.
var hexDigit = func() (t [256]byte) {
	for c := range t {
		v, ok := hexVal(byte(c))
		t[c] = v
		if !ok {
			t[c] = 0xff
		}
	}
	return t
}()
