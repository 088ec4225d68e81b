package cache_test

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// Types holding a vector far larger than memory, which plan and the
// reference root by description (zero-subtree ladders) in microseconds.
type (
	hugeBasic struct {
		A uint64
		V []uint64 `ssz-size:"1099511627776"`
	}
	hugeComposite struct {
		V []phase0.Checkpoint `ssz-size:"1099511627776"`
		B uint8
	}
	hugeBits struct {
		V []byte `ssz-bitsize:"18446744073709551615"`
	}
	hugeElem struct {
		V []uint64 `ssz-size:"1099511627776"`
	}
	hugeInList struct {
		L []hugeElem `ssz-max:"4"`
	}
	hugeVarElem struct {
		L []uint8 `ssz-max:"4"`
	}
	hugeVarVector struct {
		V []hugeVarElem `ssz-size:"1099511627776"`
	}
	hugeUnion = ssz.Union[struct {
		Nothing ssz.None
		Big     hugeElem
	}]
	hugeInUnion struct {
		A uint16
		U hugeUnion
	}
)

// hugeCase checks one huge type: cache.New, a first Root and TreeOf
// either refuse it with an *ssz.Error naming field, wrapping
// cache.ErrTooLarge, or root it to the reference's root.
func hugeCase[T any](field string, v *T) hostile.Case {
	return hostile.Case{Name: fmt.Sprintf("%T", v), Run: func() error {
		want, werr := ssz.HashTreeRoot(v, ssz.SHA256)
		if werr != nil && strconv.IntSize == 32 && errors.Is(werr, ssz.ErrOverflow) {
			// A 32-bit host: the vector's length does not fit an int, so
			// the type does not describe (docs/guarantees.md, "Sizes")
			// and there is nothing to cache; New must say so too.
			if _, err := cache.New[T](); !errors.Is(err, ssz.ErrOverflow) {
				return fmt.Errorf("32-bit host: New: %v, want ssz.ErrOverflow as the reference", err)
			}
			return nil
		}
		if werr != nil {
			return fmt.Errorf("the reference: %v", werr)
		}
		if p, err := plan.PlanFor[T](); err != nil {
			return fmt.Errorf("plan: %v", err)
		} else if r, err := p.Root(v); err != nil || r != want {
			return fmt.Errorf("plan: %x (%v), reference %x", r, err, want)
		}
		refused := func(what string, err error) error {
			var se *ssz.Error
			if !errors.Is(err, cache.ErrTooLarge) || !errors.Is(err, ssz.ErrUnsupported) || !errors.As(err, &se) || !strings.HasSuffix(se.Path, field) {
				return fmt.Errorf("%s: %v; want an *ssz.Error at ...%s wrapping cache.ErrTooLarge", what, err, field)
			}
			return nil
		}
		for _, mode := range []cache.Mode{cache.Detect, cache.Marked} {
			tr, err := cache.New[T](cache.WithMode(mode))
			if err != nil {
				if err := refused("New", err); err != nil {
					return err
				}
				continue
			}
			if got, err := tr.Root(v); err != nil || got != want {
				return fmt.Errorf("mode %d: Root %x (%v), reference %x", mode, got, err, want)
			}
		}
		if _, got, err := cache.TreeOf(v); err != nil {
			return refused("TreeOf", err)
		} else if got != want {
			return fmt.Errorf("TreeOf: %x, reference %x", got, want)
		}
		return nil
	}}
}

// TestHugeVectorNotMaterialised (issue #30, class 4): a type with a
// vector of 2^40 elements (or 2^64−1 bits) — directly, in a list
// element, in a vector of variable-size elements, in a union option —
// is refused at cache.New and TreeOf with a typed error naming the
// field, or kept as plan keeps it; never a makeslice panic or a fatal
// out-of-memory. In hostile.Isolated children capped at 3 GiB of
// address space: before the fix each case died there.
func TestHugeVectorNotMaterialised(t *testing.T) {
	cases := []hostile.Case{
		hugeCase("hugeBasic.V", &hugeBasic{A: 1}),
		hugeCase("hugeComposite.V", &hugeComposite{B: 2}),
		hugeCase("hugeBits.V", &hugeBits{}),
		hugeCase("hugeInList.L[].V", &hugeInList{L: []hugeElem{{}}}),
		hugeCase("hugeVarVector.V", &hugeVarVector{}),
		hugeCase(".U.Option1.V", &hugeInUnion{A: 3, U: hugeUnion{Selector: 1, Value: hugeElem{}}}),
	}
	hostile.Isolated(t, cases, hostile.DefaultLimits)
}

// Bitvectors whose bit count is at and past the largest int of a 32-bit
// host, under MaxVectorBytes (2^32 bits cost 1 GiB of tree).
type (
	bitsIntMax struct {
		A uint64
		B []byte `ssz-bitsize:"2147483647"`
	}
	bits2p31 struct {
		A uint64
		B []byte `ssz-bitsize:"2147483648"`
	}
	bits2p32 struct {
		A uint64
		B []byte `ssz-bitsize:"4294967296"`
	}
)

// TestBitvectorBitsPastInt: the tree counted a bitvector's bits in an
// int, so on a 32-bit host one of 2^31 bits or more panicked (a negative
// chunk count) and one of 2^32 bits took a held value for the zero
// vector, a wrong root with no error (found by breaker22). Such a type
// is refused there (ErrTooLarge, ssz.ErrUnsupported) and rooted on a
// 64-bit host; one of 2^31−1 bits, whose chunk count rounded up wrapped,
// is rooted on both. The zero value is kept by description, so no case
// allocates its bits; the root to match is plan's, which roots every
// vector by description.
func TestBitvectorBitsPastInt(t *testing.T) {
	t.Run("2^31-1", func(t *testing.T) { checkBitsPastInt(t, &bitsIntMax{A: 5}, true) })
	t.Run("2^31", func(t *testing.T) { checkBitsPastInt(t, &bits2p31{A: 5}, strconv.IntSize == 64) })
	t.Run("2^32", func(t *testing.T) { checkBitsPastInt(t, &bits2p32{A: 5}, strconv.IntSize == 64) })
}

// checkBitsPastInt roots v with TreeOf against plan.PlanFor's root when
// the host's int counts its bits (fits), else expects the refusal.
func checkBitsPastInt[T any](t *testing.T, v *T, fits bool) {
	p, err := plan.PlanFor[T]()
	if err != nil {
		t.Fatal(err)
	}
	want, err := p.Root(v)
	if err != nil {
		t.Fatal(err)
	}
	_, got, err := cache.TreeOf(v)
	if !fits {
		if !errors.Is(err, cache.ErrTooLarge) || !errors.Is(err, ssz.ErrUnsupported) {
			t.Fatalf("TreeOf: %v, want ErrTooLarge on a %d-bit host", err, strconv.IntSize)
		}
		return
	}
	if err != nil || got != want {
		t.Fatalf("TreeOf: root %x, %v; want %x", got, err, want)
	}
	tree, err := cache.New[T]()
	if err != nil {
		t.Fatal(err)
	}
	if got, err := tree.Root(v); err != nil || got != want {
		t.Fatalf("New, Root: %x, %v; want %x", got, err, want)
	}
}

// bitsHeld is a bitlist whose limit passes 2^31 bits.
type bitsHeld struct {
	A uint64
	L []byte `ssz:"bitlist" ssz-max:"4294967296"`
}

// TestBitlistBitsPastInt: bitlists holding the largest int's count of
// bits on a 32-bit host (2^31-1) and one more (2^31). A Plan's Root
// gives the reference root at both; TreeOf and SparseOfBytes (the
// bitlist's nodes proved) give it where the count fits an int and refuse
// the bitlist (ErrTooLarge) past it, as for a bitvector of that many
// bits: on a 32-bit host 2^31 bits panicked in sched and the cache
// (their counts were ints), and 2^31-1 in SparseOfBytes (rounding the
// count up to bytes passed the largest int). On a 64-bit host each gives
// the root. It holds 256 MiB a case, and runs under -short only on a
// 32-bit host, the one it is about.
func TestBitlistBitsPastInt(t *testing.T) {
	if testing.Short() && strconv.IntSize == 64 {
		t.Skip("-short on a 64-bit host: holds a bitlist of 256 MiB, and checks 32-bit counts")
	}
	for _, bits := range []uint64{1<<31 - 1, 1 << 31} {
		b := make([]byte, bits/8+1)
		b[0] = 1
		b[bits/8] |= 1 << (bits % 8) // the delimiter
		v := &bitsHeld{A: 7, L: b}
		want, err := ssz.HashTreeRoot(v, ssz.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		p, err := plan.PlanFor[bitsHeld]()
		if err != nil {
			t.Fatal(err)
		}
		if got, err := p.Root(v); err != nil || got != want {
			t.Errorf("%d bits: plan: %x, %v; want %x", bits, got, err, want)
		}
		fits := bits <= math.MaxInt
		_, got, err := cache.TreeOf(v)
		switch {
		case !fits && !errors.Is(err, cache.ErrTooLarge):
			t.Errorf("%d bits: TreeOf: %x, %v; want ErrTooLarge", bits, got, err)
		case fits && (err != nil || got != want):
			t.Errorf("%d bits: TreeOf: %x, %v; want %x", bits, got, err, want)
		}
		enc, err := ssz.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		_, got, err = cache.SparseOfBytes[bitsHeld](enc, []string{"L[0]"})
		switch {
		case !fits && !errors.Is(err, cache.ErrTooLarge):
			t.Errorf("%d bits: SparseOfBytes: %x, %v; want ErrTooLarge", bits, got, err)
		case fits && (err != nil || got != want):
			t.Errorf("%d bits: SparseOfBytes: %x, %v; want %x", bits, got, err, want)
		}
	}
}
