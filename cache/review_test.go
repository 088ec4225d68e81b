package cache_test

// Regression tests from an adversarial review of issue #30, written
// from docs/guarantees.md and the package documentation alone. Each
// test is named for the bug it shows.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/lanehash/lanehash/cache"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// valueReadingModes are the modes that read element insides from the value, where
// docs/guarantees.md promises a proof of the last root or ErrChanged.
var valueReadingModes = []struct {
	name string
	opts []cache.Option
}{
	{"marked", []cache.Option{cache.WithMode(cache.Marked)}},
	{"upper", []cache.Option{cache.WithUpperLevelsOnly()}},
}

// TestRefusedProofLeavesNoNodesForOthers: a validator written in
// place after a Root makes its own proof ErrChanged (as documented); that
// refused proof left the tree answering the next proof of another,
// unchanged validator (one proved before) with the changed validator's
// contents — a proof that did not verify against the last root, with no
// error — since the element's nodes computed from the value were kept
// before they were checked. Docs: "an element ... written in place, since the last root
// gives cache.ErrChanged for every proof through it, never a proof of
// the new target; proofs elsewhere still verify."
func TestRefusedProofLeavesNoNodesForOthers(t *testing.T) {
	for _, md := range valueReadingModes {
		for _, n := range []int{3, 100} {
			t.Run(fmt.Sprintf("%s/n=%d", md.name, n), func(t *testing.T) {
				vals := make([]*phase0.Validator, n)
				for i := range vals {
					vals[i] = &phase0.Validator{EffectiveBalance: phase0.Gwei(32e9) + phase0.Gwei(i)}
				}
				l, err := cache.NewList[*phase0.Validator](1<<40, md.opts...)
				if err != nil {
					t.Fatal(err)
				}
				root, err := l.Root(vals)
				if err != nil {
					t.Fatal(err)
				}
				other := fmt.Sprintf("[%d].EffectiveBalance", n-1)
				p, err := l.Prove(other)
				if err != nil || !p.Verify(root) {
					t.Fatalf("first proof of %s: %v", other, err)
				}
				vals[1].EffectiveBalance += 7 // in place, after the root
				if _, err := l.Prove("[1].EffectiveBalance"); !errors.Is(err, cache.ErrChanged) {
					t.Fatalf("proof of the changed element: %v, want ErrChanged", err)
				}
				p, err = l.Prove(other)
				if err != nil {
					if !errors.Is(err, cache.ErrChanged) {
						t.Fatalf("second proof of %s: %v", other, err)
					}
					return
				}
				if !p.Verify(root) {
					t.Errorf("second proof of %s (unchanged element) does not verify against the last root; leaf %x (the changed element's balance is %d)", other, p.Leaf[:8], vals[1].EffectiveBalance)
				}
			})
		}
	}
}

// advHugeElem holds a 256 MiB vector: under cache.MaxVectorBytes, and its
// zero value (an empty slice) costs the value nothing.
type advHugeElem struct {
	V []byte `ssz-size:"268435456"`
}

// advHugeInList is a list whose elements each hold such a vector.
type advHugeInList struct {
	L []advHugeElem `ssz-max:"1024"`
}

// advHugeFields has sixteen such vectors as fields.
type advHugeFields struct {
	V0, V1, V2, V3, V4, V5, V6, V7       []byte `ssz-size:"268435456"`
	V8, V9, V10, V11, V12, V13, V14, V15 []byte `ssz-size:"268435456"`
}

// advHugeComposite has eight zero vectors of 2^25 checkpoints: each
// under MaxVectorBytes, each over 3 GiB of tree materialised.
type advHugeComposite struct {
	C0, C1, C2, C3, C4, C5, C6, C7 []phase0.Checkpoint `ssz-size:"33554432"`
}

const advHugeChild = "LANEHASH_ADV_HUGE_CHILD"

// advHugeCase roots v in a tree of mode opts, in this process, and fails
// unless New refuses the type with ErrTooLarge or Root gives the
// reference's root.
func advHugeCase[T any](t *testing.T, v *T, opts ...cache.Option) {
	want, err := ssz.HashTreeRoot(v, ssz.SHA256)
	if errors.Is(err, ssz.ErrOverflow) && strconv.IntSize == 32 {
		// A 32-bit host cannot hold the type's size in an int: the
		// reference refuses it, and so must the cache, never root it.
		if _, nerr := cache.New[T](opts...); nerr == nil {
			t.Fatalf("New accepted a type the reference refuses on a 32-bit host (%v)", err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	tr, err := cache.New[T](opts...)
	if err != nil {
		if !errors.Is(err, cache.ErrTooLarge) {
			t.Fatalf("New: %v, want nil or ErrTooLarge", err)
		}
		return
	}
	got, err := tr.Root(v)
	if err != nil || got != want {
		t.Fatalf("Root: %x, %v; want %x", got, err, want)
	}
}

// TestZeroVectorsNotMaterialised: MaxVectorBytes bounds one
// vector, not the tree. A list of 64 elements each holding a zero
// 256 MiB vector (a value of a few KiB that plan and the reference root
// by description in microseconds), or sixteen such fields, passed New
// and then Root materialised every vector: 64 × ~768 MiB, a fatal
// out-of-memory no recover catches (issue #30 class 4: "keep such parts as
// the plan does ... or refuse the type at New with a typed error"). A
// zero vector is now kept by description (TestZeroVectorKeptByDescription);
// "composite" is the same for vectors of containers (eight zero vectors
// of 2^25 checkpoints).
// Run in a child capped at 3 GiB of address space.
func TestZeroVectorsNotMaterialised(t *testing.T) {
	if which := os.Getenv(advHugeChild); which != "" {
		var lim syscall.Rlimit
		lim.Cur, lim.Max = 3<<30, 3<<30
		if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lim); err != nil {
			t.Skipf("host: cannot cap the address space: %v", err)
		}
		switch which {
		case "list":
			advHugeCase(t, &advHugeInList{L: make([]advHugeElem, 64)}, cache.WithMode(cache.Marked))
		case "fields":
			advHugeCase(t, &advHugeFields{}, cache.WithMode(cache.Marked))
		case "composite":
			advHugeCase(t, &advHugeComposite{})
			advHugeCase(t, &advHugeComposite{}, cache.WithMode(cache.Marked))
		}
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, which := range []string{"list", "fields", "composite"} {
		t.Run(which, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, exe, "-test.run=^TestZeroVectorsNotMaterialised$", "-test.v")
			cmd.Env = append(os.Environ(), advHugeChild+"="+which)
			out, err := cmd.CombinedOutput()
			if ctx.Err() != nil {
				t.Fatalf("child did not finish in 120 s")
			}
			if err != nil {
				if len(out) > 600 {
					out = out[:600]
				}
				t.Errorf("child (3 GiB cap) failed: %v\n%s", err, out)
			}
		})
	}
}

// advFixed is a fixed-size element; advOuter holds lists of it inside a
// list of variable-size elements.
type advFixed struct {
	A uint64
	B [32]byte
}

type advInner struct {
	F []advFixed `ssz-max:"4"`
}

type advOuter struct {
	W []advInner `ssz-max:"4"`
}

// TestRefusedProofLeavesNoNodesForOthersNested: the same bug one level
// down (Marked mode): a list of fixed-size elements inside a list
// element. Prove W[1].F[0].A, write W[1].F[1].A in place, Prove
// W[1].F[1].A (ErrChanged, as documented), Prove W[1].F[0].A again: its
// leaf was W[1].F[1].A's new value.
func TestRefusedProofLeavesNoNodesForOthersNested(t *testing.T) {
	v := &advOuter{W: []advInner{{F: []advFixed{{A: 10}, {A: 11}}}, {F: []advFixed{{A: 12}, {A: 13}}}}}
	tr, err := cache.New[advOuter](cache.WithMode(cache.Marked))
	if err != nil {
		t.Fatal(err)
	}
	root, err := tr.Root(v)
	if err != nil {
		t.Fatal(err)
	}
	if p, err := tr.Prove("W[1].F[0].A"); err != nil || !p.Verify(root) {
		t.Fatalf("first proof: %v", err)
	}
	v.W[1].F[1].A = 99
	if _, err := tr.Prove("W[1].F[1].A"); !errors.Is(err, cache.ErrChanged) {
		t.Fatalf("proof of the changed element: %v, want ErrChanged", err)
	}
	p, err := tr.Prove("W[1].F[0].A")
	if err != nil {
		if !errors.Is(err, cache.ErrChanged) {
			t.Fatal(err)
		}
		return
	}
	if !p.Verify(root) {
		t.Errorf("proof of the unchanged W[1].F[0].A does not verify against the last root; leaf %x", p.Leaf[:8])
	}
}

// advVecPtr holds a vector of pointers to fixed-size containers.
type advVecPtr struct {
	V [2]*advFixed
}

// TestRefusedProofLeavesNoNodesForOthersVector: the same bug on a
// [N]*T field (Marked and upper levels): after V[1].A is written in place
// and its proof refused, the proof of the unchanged V[0].A (proved once
// before) carried V[1]'s contents.
func TestRefusedProofLeavesNoNodesForOthersVector(t *testing.T) {
	for _, md := range valueReadingModes {
		t.Run(md.name, func(t *testing.T) {
			v := &advVecPtr{V: [2]*advFixed{{A: 1}, {A: 2}}}
			tr, err := cache.New[advVecPtr](md.opts...)
			if err != nil {
				t.Fatal(err)
			}
			root, err := tr.Root(v)
			if err != nil {
				t.Fatal(err)
			}
			if p, err := tr.Prove("V[0].A"); err != nil || !p.Verify(root) {
				t.Fatalf("first proof: %v", err)
			}
			v.V[1].A = 99
			if _, err := tr.Prove("V[1].A"); !errors.Is(err, cache.ErrChanged) {
				t.Fatalf("proof of the changed element: %v, want ErrChanged", err)
			}
			p, err := tr.Prove("V[0].A")
			if err != nil {
				if !errors.Is(err, cache.ErrChanged) {
					t.Fatal(err)
				}
				return
			}
			if !p.Verify(root) {
				t.Errorf("proof of the unchanged V[0].A does not verify against the last root; leaf %x", p.Leaf[:8])
			}
		})
	}
}
