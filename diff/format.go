package diff

import (
	"encoding/binary"
	"encoding/hex"
	"math/big"
	"strconv"

	"github.com/lanehash/lanehash/ssz"
)

// String formats d as the command prints it: "path: a -> b", each value
// a number for a basic type (true or false for a boolean), 0x hex for
// anything else (the first 8 bytes and the length past 48 bytes, so a
// pubkey shows whole and a signature does not), "(absent)" on the side
// that does not have the node and "(present)" for a composite element
// on the side that has it alone.
func (d Difference) String() string {
	return d.Path + ": " + d.show(d.A) + " -> " + d.show(d.B)
}

// show formats one side of d.
func (d Difference) show(v []byte) string {
	switch {
	case v == nil:
		return "(absent)"
	case d.Type != nil && d.Type.IsBasic():
		return basicString(d.Type, v)
	case d.A == nil || d.B == nil:
		// A composite element one value has alone: what matters is that
		// it is there, its bytes are in the value.
		return "(present)"
	}
	return bytesString(v)
}

// maxShownBytes is the longest byte string a difference shows in full
// (a pubkey); longer ones show their first bytes and length.
const maxShownBytes = 48

// basicString formats a serialized basic value.
func basicString(t *ssz.Type, b []byte) string {
	switch t.Kind {
	case ssz.KindBool:
		if len(b) == 1 && b[0] == 1 {
			return "true"
		}
		if len(b) == 1 && b[0] == 0 {
			return "false"
		}
	case ssz.KindUint8, ssz.KindUint16, ssz.KindUint32, ssz.KindUint64:
		if len(b) <= 8 {
			var buf [8]byte
			copy(buf[:], b)
			return strconv.FormatUint(binary.LittleEndian.Uint64(buf[:]), 10)
		}
	case ssz.KindUint128, ssz.KindUint256:
		be := make([]byte, len(b))
		for i := range b {
			be[len(b)-1-i] = b[i]
		}
		return new(big.Int).SetBytes(be).String()
	}
	return bytesString(b)
}

// bytesString formats a byte string as 0x hex, in full up to
// maxShownBytes, else its first bytes and its length.
func bytesString(b []byte) string {
	if len(b) <= maxShownBytes {
		return "0x" + hex.EncodeToString(b)
	}
	return "0x" + hex.EncodeToString(b[:8]) + "…(" + strconv.Itoa(len(b)) + " bytes)"
}
