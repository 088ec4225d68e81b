package ssz

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"testing"

	"golang.org/x/crypto/sha3"
)

// Independent pair hashes for hand-built trees: they use the hash packages
// directly, not the package's hashPair.
func shaPair(a, b [32]byte) [32]byte {
	return sha256.Sum256(append(a[:], b[:]...))
}

func keccakPair(a, b [32]byte) [32]byte {
	k := sha3.NewLegacyKeccak256()
	k.Write(a[:])
	k.Write(b[:])
	var out [32]byte
	k.Sum(out[:0])
	return out
}

func pairFor(h Hash) func(a, b [32]byte) [32]byte {
	if h == Keccak256 {
		return keccakPair
	}
	return shaPair
}

func u64Chunk(v uint64) [32]byte {
	var c [32]byte
	binary.LittleEndian.PutUint64(c[:], v)
	return c
}

func TestZeroHashesByHand(t *testing.T) {
	for _, h := range []Hash{SHA256, Keccak256} {
		pair := pairFor(h)
		got := ZeroHashes(h, 40)
		if len(got) != 41 {
			t.Fatalf("%s: %d entries, want 41", h, len(got))
		}
		var want [32]byte
		for i := range got {
			if got[i] != want {
				t.Fatalf("%s: zero hash %d = %x, want %x", h, i, got[i], want)
			}
			want = pair(want, want)
		}
	}
}

// TestZeroHashKnownValues pins depth 1 to digests of 64 zero bytes from
// published values, so a wrong hash function cannot pass by symmetry.
func TestZeroHashKnownValues(t *testing.T) {
	for h, want := range map[Hash]string{
		SHA256:    "f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b",
		Keccak256: "ad3228b676f7d3cd4284a5443f17f1962b36e491b30a40b2405849e597ba5fb5",
	} {
		got := ZeroHashes(h, 1)[1]
		if hex.EncodeToString(got[:]) != want {
			t.Errorf("%s zero hash 1 = %x, want %s", h, got, want)
		}
	}
}

func TestZeroHashesEdges(t *testing.T) {
	if got := ZeroHashes(SHA256, -3); len(got) != 1 || got[0] != ([32]byte{}) {
		t.Errorf("negative depth: %x", got)
	}
	if got := ZeroHashes(Hash(9), 3); got != nil {
		t.Errorf("unknown hash: %x", got)
	}
	a := ZeroHashes(SHA256, 2)
	a[0][0] = 1
	if b := ZeroHashes(SHA256, 2); b[0] != ([32]byte{}) {
		t.Error("ZeroHashes shares its table with callers")
	}
}

type handFixed struct {
	A uint64
	B [32]byte
	C bool
}

type handList struct {
	L []uint64 `ssz-max:"8"`
	D []byte   `ssz:"bitlist" ssz-max:"10"`
}

// TestRootsByHand checks small containers, lists and bitlists against
// trees built by hand from pair hashes, for both hash functions.
func TestRootsByHand(t *testing.T) {
	for _, h := range []Hash{SHA256, Keccak256} {
		pair := pairFor(h)
		var zero [32]byte

		var b [32]byte
		for i := range b {
			b[i] = byte(i + 1)
		}
		got, err := HashTreeRoot(handFixed{A: 7, B: b, C: true}, h)
		if err != nil {
			t.Fatal(err)
		}
		want := pair(pair(u64Chunk(7), b), pair(u64Chunk(1), zero))
		if got != want {
			t.Errorf("%s handFixed: %x, want %x", h, got, want)
		}

		// Five uint64 fill chunk 0 and a quarter of chunk 1; the limit of 8
		// uint64 is two chunks. The bitlist 0b1_0110 holds four bits, its
		// limit of 10 bits fits one chunk.
		v := handList{L: []uint64{1, 2, 3, 4, 5}, D: []byte{0b1_0110}}
		got, err = HashTreeRoot(&v, h)
		if err != nil {
			t.Fatal(err)
		}
		var c0, c1 [32]byte
		for i := 0; i < 4; i++ {
			binary.LittleEndian.PutUint64(c0[8*i:], uint64(i+1))
		}
		binary.LittleEndian.PutUint64(c1[:], 5)
		listRoot := pair(pair(c0, c1), u64Chunk(5))
		bits := [32]byte{0b0110}
		bitsRoot := pair(bits, u64Chunk(4))
		want = pair(listRoot, bitsRoot)
		if got != want {
			t.Errorf("%s handList: %x, want %x", h, got, want)
		}
	}
}
