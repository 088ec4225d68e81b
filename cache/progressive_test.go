package cache_test

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/proof"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// These tests compare with an independent formula written from the
// current spec text with crypto/sha256, and where they say so with the
// reference ssz, which follows the same orientation:
//
//	merkleize_progressive(chunks, n=1) = Z if no chunks, else
//	  H(merkleize(chunks[:n], limit=n), merkleize_progressive(chunks[n:], 4n))

func h(a, b [32]byte) [32]byte { return sha256.Sum256(append(a[:], b[:]...)) }

func merkleizeRef(chunks [][32]byte, limit int) [32]byte {
	if limit == 1 {
		if len(chunks) == 0 {
			return [32]byte{}
		}
		return chunks[0]
	}
	half := limit / 2
	l, r := chunks, [][32]byte(nil)
	if len(chunks) > half {
		l, r = chunks[:half], chunks[half:]
	}
	return h(merkleizeRef(l, half), merkleizeRef(r, half))
}

func progressiveRef(chunks [][32]byte, n int) [32]byte {
	if len(chunks) == 0 {
		return [32]byte{}
	}
	k := min(n, len(chunks))
	return h(merkleizeRef(chunks[:k], n), progressiveRef(chunks[k:], 4*n))
}

// progressiveTag makes refListRoot's list a ProgressiveList.
const progressiveTag = `ssz-type:"progressive-list"`

func mixIn(root [32]byte, n int) [32]byte {
	var l [32]byte
	binary.LittleEndian.PutUint64(l[:], uint64(n))
	return h(root, l)
}

func progressiveListRefU64(v []uint64) [32]byte {
	var chunks [][32]byte
	for i := 0; i < len(v); i += 4 {
		var c [32]byte
		for j := i; j < min(i+4, len(v)); j++ {
			binary.LittleEndian.PutUint64(c[8*(j-i):], v[j])
		}
		chunks = append(chunks, c)
	}
	return mixIn(progressiveRef(chunks, 1), len(v))
}

func progressiveListRefValidators(t testing.TB, v []phase0.Validator) [32]byte {
	chunks := make([][32]byte, len(v))
	for i := range v {
		r, err := ssz.HashTreeRoot(&v[i], ssz.SHA256) // element roots do not depend on the orientation
		if err != nil {
			t.Fatal(err)
		}
		chunks[i] = r
	}
	return mixIn(progressiveRef(chunks, 1), len(v))
}

// TestProgressiveListRandom grows and shrinks progressive lists across
// subtree boundaries (1, 5, 21, 85, 341 chunks) and compares every root
// with the formula and with the reference (ssz.HashTreeRootValue);
// proofs of random elements verify against it.
func TestProgressiveListRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	lu, err := cache.NewProgressiveList[uint64]()
	if err != nil {
		t.Fatal(err)
	}
	lv, err := cache.NewProgressiveList[phase0.Validator]()
	if err != nil {
		t.Fatal(err)
	}
	pool := phase0.RandomValidators(400, 1)
	var us []uint64
	var vs []phase0.Validator
	for step := range 30 {
		switch op := r.IntN(4); op {
		case 0, 1:
			for range r.IntN(120) {
				us = append(us, r.Uint64())
				vs = append(vs, pool[r.IntN(len(pool))])
			}
		case 2:
			n := r.IntN(len(us) + 1)
			us, vs = us[:n], vs[:n]
		default:
			for range 5 {
				if len(us) > 0 {
					i := r.IntN(len(us))
					us[i]++
					vs[i].ExitEpoch++
				}
			}
		}
		got, err := lu.Root(us)
		if err != nil {
			t.Fatal(err)
		}
		if want := progressiveListRefU64(us); got != want {
			t.Fatalf("uint64 step %d (n=%d): %x, formula %x", step, len(us), got, want)
		}
		if want := refListRoot(t, us, progressiveTag); got != want {
			t.Fatalf("uint64 step %d (n=%d): %x, reference %x", step, len(us), got, want)
		}
		gotV, err := lv.Root(vs)
		if err != nil {
			t.Fatal(err)
		}
		wantV := progressiveListRefValidators(t, vs)
		if gotV != wantV {
			t.Fatalf("validators step %d (n=%d): %x, formula %x", step, len(vs), gotV, wantV)
		}
		if ref := refListRoot(t, vs, progressiveTag); gotV != ref {
			t.Fatalf("validators step %d (n=%d): %x, reference %x", step, len(vs), gotV, ref)
		}
		if len(vs) > 0 {
			i := r.IntN(len(vs))
			for _, path := range []string{"", ".EffectiveBalance"} {
				p, err := lv.Prove("[" + strconv.Itoa(i) + "]" + path)
				if err != nil {
					t.Fatal(err)
				}
				if !p.Verify(wantV) {
					t.Fatalf("proof of [%d]%s (gindex %d) does not verify", i, path, p.Index)
				}
			}
		}
	}
	// The spec README's gindices: data root 2, first subtree (one chunk)
	// 4, second subtree (four chunks) 10, so chunk 1 (elements 4..7) is
	// 10·4+0 = 40; the third subtree (16 chunks) is at 22, so chunk 5
	// (elements 20..23) is 22·16 = 352.
	type one struct {
		L []uint64 `ssz-type:"progressive-list"`
	}
	for path, want := range map[string]proof.GIndex{"L[0]": 4, "L[4]": 40, "L[19]": 43, "L[20]": 352} {
		if g, err := proof.GIndexFor[one](path); err != nil || g != want {
			t.Fatalf("gindex of %s: %d (%v), want %d", path, g, err, want)
		}
	}
}
