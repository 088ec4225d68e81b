package main

import (
	"io"
	"testing"

	"github.com/lanehash/lanehash/internal/difftest"
)

// BenchmarkDiff compares diff of two fulu states of 1M validators (4096
// with -short) with known edits against one plan root of one of them
// (the "one root's time" diff is held to):
//
//	root      one plan RootBytes of state A (in memory)
//	rootcmd   `lanehash root A` in process: read the file, root it
//	diff      `lanehash diff A B` in process: read both files, validate
//	          both (in parallel), diff them (package diff), print
//
// (package diff's BenchmarkDiff times the library's parts alone).
//
// Compare the medians of root, rootcmd and diff side by side in one run:
//
//	go test -run '^$' -bench BenchmarkDiff -count 6 ./cmd/lanehash
func BenchmarkDiff(b *testing.B) {
	n := 1 << 20
	if testing.Short() {
		n = 1 << 12
	}
	a, bb, _ := difftest.EditedStates(b, n)
	fa, fb := writeFile(b, "a.ssz", a), writeFile(b, "b.ssz", bb)
	e, _ := lookupType("fulu.BeaconState")
	p, _ := presetNamed("mainnet")
	if _, err := e.RootBytes(p, a); err != nil { // compile the plan outside the timings
		b.Fatal(err)
	}
	b.Run("root", func(b *testing.B) {
		b.SetBytes(int64(len(a)))
		for b.Loop() {
			if _, err := e.RootBytes(p, a); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("rootcmd", func(b *testing.B) {
		b.SetBytes(int64(len(a)))
		for b.Loop() {
			if code := run([]string{"root", "-type", "fulu.BeaconState", fa}, nil, io.Discard, io.Discard); code != exitOK {
				b.Fatalf("status %d", code)
			}
		}
	})
	b.Run("diff", func(b *testing.B) {
		b.SetBytes(int64(len(a)))
		for b.Loop() {
			if code := run([]string{"diff", "-type", "fulu.BeaconState", fa, fb}, nil, io.Discard, io.Discard); code != exitNegative {
				b.Fatalf("status %d", code)
			}
		}
	})
}
