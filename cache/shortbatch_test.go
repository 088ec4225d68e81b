package cache_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
)

// shortLists holds lists whose elements are short nodes of every kind
// a list of them can hold (byte lists, integer lists, bitlists; a short
// vector is fixed-size, so a list of them goes through the element
// plan's path), beside lists of vectors held as slices (the zero vector
// when empty) and as arrays, and a list of more elements than one batch
// holds.
type shortLists struct {
	Bytes [][]byte    `ssz-max:"3000,8192"`
	Nums  [][]uint64  `ssz-max:"64,1200"`
	Bits  [][]byte    `ssz-max:"64,40000" ssz-type:"list,bitlist"`
	Vecs  [][]uint32  `ssz-size:"?,24" ssz-max:"64,?"`
	Arrs  [][5]uint64 `ssz-max:"70"`
	Sig   [][]byte    `ssz-size:"?,96" ssz-max:"40,?"`
}

// txLen is the length of a new byte list: mostly a few chunks, one in
// eight past the most a short node holds.
func txLen(r *rand.Rand) int {
	if r.IntN(8) == 0 {
		return r.IntN(8193)
	}
	return r.IntN(300)
}

// shortListsEdit changes v at random and returns the marks a Marked
// tree needs for writes in place (field, index).
func shortListsEdit(r *rand.Rand, v *shortLists) (string, int) {
	resize := func(b []byte, max int) []byte {
		switch r.IntN(5) {
		case 0:
			nb := make([]byte, r.IntN(max+1))
			for i := range nb {
				nb[i] = byte(r.Uint32())
			}
			return nb
		case 1:
			return b[:len(b)/2]
		case 2:
			return append(b, byte(r.Uint32()))
		}
		return nil
	}
	bitlist := func(max int) []byte {
		n := r.IntN(max + 1)
		b := make([]byte, n/8+1)
		for i := range n / 8 {
			b[i] = byte(r.Uint32())
		}
		b[n/8] = byte(r.Uint32())&(1<<(n%8)-1) | 1<<(n%8)
		return b
	}
	switch r.IntN(12) {
	case 0: // grow a list by many elements, of any size
		for range r.IntN(1500) {
			v.Bytes = append(v.Bytes, resize(nil, txLen(r)))
		}
		if len(v.Bytes) > 3000 {
			v.Bytes = v.Bytes[:3000]
		}
	case 1:
		if len(v.Bytes) > 0 {
			i := r.IntN(len(v.Bytes))
			v.Bytes[i] = resize(v.Bytes[i], 8192)
		}
	case 2: // in place
		if len(v.Bytes) > 0 {
			i := r.IntN(len(v.Bytes))
			if len(v.Bytes[i]) > 0 {
				v.Bytes[i][r.IntN(len(v.Bytes[i]))] ^= 1 + byte(r.IntN(255))
				return "Bytes", i
			}
		}
	case 3:
		v.Bytes = v.Bytes[:len(v.Bytes)/2]
	case 4:
		if len(v.Nums) < 64 {
			v.Nums = append(v.Nums, make([]uint64, r.IntN(1201)))
		} else if len(v.Nums) > 0 {
			i := r.IntN(len(v.Nums))
			if len(v.Nums[i]) > 0 {
				v.Nums[i][r.IntN(len(v.Nums[i]))] = r.Uint64()
				return "Nums", i
			}
		}
	case 5:
		if len(v.Bits) < 64 {
			v.Bits = append(v.Bits, bitlist(40000))
		} else {
			v.Bits[r.IntN(64)] = bitlist([]int{0, 255, 256, 257, 2048, 32767, 32768, 32769, 40000}[r.IntN(9)])
		}
	case 6:
		if len(v.Vecs) < 64 {
			var e []uint32
			if r.IntN(2) == 0 {
				e = make([]uint32, 24)
				e[r.IntN(24)] = r.Uint32()
			}
			v.Vecs = append(v.Vecs, e)
		} else {
			i := r.IntN(64)
			if len(v.Vecs[i]) == 0 {
				v.Vecs[i] = make([]uint32, 24)
			} else if r.IntN(2) == 0 {
				v.Vecs[i] = nil // the zero vector
			} else {
				v.Vecs[i][r.IntN(24)]++
				return "Vecs", i
			}
		}
	case 7:
		if len(v.Arrs) < 70 {
			v.Arrs = append(v.Arrs, [5]uint64{r.Uint64()})
		} else {
			i := r.IntN(len(v.Arrs))
			v.Arrs[i][r.IntN(5)] = r.Uint64()
			return "Arrs", i
		}
	case 8:
		if len(v.Sig) < 40 {
			s := make([]byte, 96*r.IntN(2))
			v.Sig = append(v.Sig, s)
		}
	case 9: // swap two transactions
		if len(v.Bytes) > 1 {
			i, j := r.IntN(len(v.Bytes)), r.IntN(len(v.Bytes))
			v.Bytes[i], v.Bytes[j] = v.Bytes[j], v.Bytes[i]
		}
	}
	return "", -1
}

// TestShortBatchMatchesOneByOne updates cached trees of values holding
// lists of short elements after random changes, one tree whose short
// elements are rooted in batches by the element type's plan and one
// that roots them one at a time, in both modes and with both hashes:
// every root must be the reference's, and the two trees must agree on
// the pairs they count, the memory they hold and every proof.
func TestShortBatchMatchesOneByOne(t *testing.T) {
	for _, h := range []lanes.Hash{lanes.SHA256, lanes.Keccak256} {
		ref := ssz.SHA256
		if h == lanes.Keccak256 {
			ref = ssz.Keccak256
		}
		for _, mode := range []cache.Mode{cache.Detect, cache.Marked} {
			t.Run(fmt.Sprintf("hash=%v/mode=%d", h, mode), func(t *testing.T) {
				r := rand.New(rand.NewPCG(uint64(mode), uint64(h)+11))
				v := &shortLists{}
				newTree := func(batched bool) *cache.Tree[shortLists] {
					was := cache.SetBatchShortKids(batched)
					defer cache.SetBatchShortKids(was)
					tr, err := cache.New[shortLists](cache.WithMode(mode), plan.WithHash(h))
					if err != nil {
						t.Fatal(err)
					}
					return tr
				}
				batched, single := newTree(true), newTree(false)
				rounds := 120
				if testing.Short() {
					rounds = 40
				}
				for round := range rounds {
					for range 1 + r.IntN(4) {
						if f, i := shortListsEdit(r, v); f != "" {
							for _, tr := range []*cache.Tree[shortLists]{batched, single} {
								if err := tr.Mark(f, i); err != nil {
									t.Fatal(err)
								}
							}
						}
					}
					want, err := ssz.HashTreeRoot(v, ref)
					if err != nil {
						t.Fatal(err)
					}
					cache.SetBatchShortKids(false)
					gotS, errS := single.Root(v)
					cache.SetBatchShortKids(true)
					gotB, errB := batched.Root(v)
					if errS != nil || errB != nil || gotS != want || gotB != want {
						t.Fatalf("round %d: batched Root %x, %v; one by one %x, %v; reference %x", round, gotB, errB, gotS, errS, want)
					}
					sb, ss := batched.Stats(), single.Stats()
					if sb.PairsHashed != ss.PairsHashed {
						t.Fatalf("round %d: batched tree counts %d pairs, one by one %d", round, sb.PairsHashed, ss.PairsHashed)
					}
					if sb.Bytes > ss.Bytes+64<<10 {
						t.Errorf("round %d: batched tree holds %d bytes, one by one %d", round, sb.Bytes, ss.Bytes)
					}
					if round%8 == 0 && len(v.Bytes) > 0 {
						for _, p := range []string{fmt.Sprintf("Bytes[%d]", r.IntN(len(v.Bytes))), "Bytes", "Bits"} {
							pb, err := batched.Prove(p)
							if err != nil || !pb.Verify(want) {
								t.Fatalf("round %d: batched Prove(%s): %v", round, p, err)
							}
							ps, err := single.Prove(p)
							if err != nil || !bytes.Equal(pb.Leaf[:], ps.Leaf[:]) {
								t.Fatalf("round %d: Prove(%s): batched leaf %x, one by one %x, %v", round, p, pb.Leaf, ps.Leaf, err)
							}
						}
					}
				}
			})
		}
	}
}

// TestShortBatchRefusal roots lists with a refused element among many
// short ones: the batched path must report the element one at a time
// reports (its index, its sentinel), keep no wrong root, and root the
// value once it is fixed.
func TestShortBatchRefusal(t *testing.T) {
	for _, bad := range []int{0, 1, 500, 1023, 1024, 1025, 2999} {
		for _, mode := range []cache.Mode{cache.Detect, cache.Marked} {
			v := &shortLists{Bytes: make([][]byte, 3000)}
			for i := range v.Bytes {
				v.Bytes[i] = []byte{byte(i), byte(i >> 8)}
			}
			v.Bits = [][]byte{{1}, {0}} // a bitlist without its delimiter
			for _, batch := range []bool{false, true} {
				was := cache.SetBatchShortKids(batch)
				tr, err := cache.New[shortLists](cache.WithMode(mode))
				if err != nil {
					t.Fatal(err)
				}
				v.Bits = [][]byte{{1}}
				if _, err := tr.Root(v); err != nil {
					t.Fatal(err)
				}
				keep := v.Bytes[bad]
				v.Bytes[bad] = make([]byte, 8193)
				for i := range v.Bytes {
					v.Bytes[i] = append(v.Bytes[i][:0:0], byte(i), byte(i>>8), 7)
				}
				v.Bytes[bad] = make([]byte, 8193)
				_, err = tr.Root(v)
				var ee interface{ Unwrap() error }
				if !errors.Is(err, ssz.ErrListTooLong) || !errors.As(err, &ee) || !bytes.Contains([]byte(err.Error()), []byte(fmt.Sprintf("[%d]", bad))) {
					t.Fatalf("bad=%d mode=%d batch=%v: Root = %v, want element %d too long", bad, mode, batch, err, bad)
				}
				v.Bytes[bad] = keep
				v.Bits = [][]byte{{0}}
				_, err = tr.Root(v)
				if !errors.Is(err, ssz.ErrBitlist) {
					t.Fatalf("bad=%d mode=%d batch=%v: a bitlist without delimiter: Root = %v", bad, mode, batch, err)
				}
				v.Bits = [][]byte{{3}}
				want, err := ssz.HashTreeRoot(v, ssz.SHA256)
				if err != nil {
					t.Fatal(err)
				}
				if mode == cache.Marked {
					for i := range v.Bytes {
						if err := tr.Mark("Bytes", i); err != nil {
							t.Fatal(err)
						}
					}
				}
				if got, err := tr.Root(v); err != nil || got != want {
					t.Fatalf("bad=%d mode=%d batch=%v: after the fix Root = %x, %v; reference %x", bad, mode, batch, got, err, want)
				}
				cache.SetBatchShortKids(was)
			}
		}
	}
}

// shortBits is a list of bitlists, and shortBitsNested lists of them:
// short elements whose bytes a batch copies.
type (
	shortBits struct {
		Bits [][]byte `ssz-max:"4096,9000" ssz-type:"list,bitlist"`
	}
	shortBitsNested struct {
		Aggs []shortBits `ssz-max:"200"`
	}
)

// TestShortListMemoryReleased roots lists of short elements, then cuts
// them (to none, to a third) or shrinks every element, and compares the
// live heap the tree keeps with its Stats.Bytes, batched and one at a
// time: the nodes of dropped elements, their slab and a batch's scratch
// must not stay reachable behind the tree's count.
func TestShortListMemoryReleased(t *testing.T) {
	bitlist := func(n, i int) []byte {
		b := make([]byte, n)
		b[0], b[n-1] = byte(i), 1
		return b
	}
	for _, batch := range []bool{true, false} {
		was := cache.SetBatchShortKids(batch)
		for _, keep := range []int{0, 1000} {
			v := &shortBits{}
			for i := range 3000 {
				v.Bits = append(v.Bits, bitlist(1000, i))
			}
			h0 := heapHeld()
			tr, err := cache.New[shortBits]()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tr.Root(v); err != nil {
				t.Fatal(err)
			}
			v.Bits = v.Bits[:keep]
			want, err := ssz.HashTreeRoot(v, ssz.SHA256)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := tr.Root(v); err != nil || got != want {
				t.Fatalf("batch=%v keep=%d: Root %x, %v; reference %x", batch, keep, got, err, want)
			}
			held := int64(heapHeld()) - int64(h0) - int64(1000*keep) // the value's own bitlists left
			if st := tr.Stats(); held > 2*int64(st.Bytes)+256<<10 {
				t.Errorf("batch=%v keep=%d: the tree keeps %d bytes alive, Stats.Bytes is %d", batch, keep, held, st.Bytes)
			}
			runtime.KeepAlive(tr)
			runtime.KeepAlive(v)
		}

		// Every bitlist of 200 lists of 64 shrunk from 1,000 bytes to
		// one: both forms stay alive beside the tree, so what the heap
		// gains is the tree's.
		v := &shortBitsNested{Aggs: make([]shortBits, 200)}
		var small, big [][]byte
		for i := range v.Aggs {
			for j := range 64 {
				b := bitlist(1000, j)
				v.Aggs[i].Bits = append(v.Aggs[i].Bits, b)
				big, small = append(big, b), append(small, []byte{byte(j) | 0x80})
			}
		}
		h0 := heapHeld()
		tr, err := cache.New[shortBitsNested]()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tr.Root(v); err != nil {
			t.Fatal(err)
		}
		for i := range v.Aggs {
			for j := range v.Aggs[i].Bits {
				v.Aggs[i].Bits[j] = small[64*i+j]
			}
		}
		want, err := ssz.HashTreeRoot(v, ssz.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := tr.Root(v); err != nil || got != want {
			t.Fatalf("batch=%v nested: Root %x, %v; reference %x", batch, got, err, want)
		}
		held := int64(heapHeld()) - int64(h0)
		if st := tr.Stats(); held > 2*int64(st.Bytes)+1<<20 {
			t.Errorf("batch=%v nested: the tree keeps %d bytes alive, Stats.Bytes is %d", batch, held, st.Bytes)
		}
		runtime.KeepAlive(tr)
		runtime.KeepAlive(v)
		runtime.KeepAlive(small)
		runtime.KeepAlive(big)
		cache.SetBatchShortKids(was)
	}
}
