package lanes_test

import (
	"encoding/hex"
	"fmt"

	"github.com/lanehash/lanehash/lanes"
)

// Hashing one tree level of pairs in place with the automatic kernel.
func ExampleKernel_Pairs() {
	k, err := lanes.Select(lanes.SHA256, "")
	if err != nil {
		panic(err)
	}
	level := make([]byte, 2*64) // two pairs of zero chunks
	k.Pairs(level, level)
	fmt.Println(hex.EncodeToString(level[:32]))
	// Output: f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b
}

// Hashing W instances side by side: pack their leaves into lane layout,
// run the op list once, unpack the W roots.
func ExampleKernel_Lockstep() {
	k, err := lanes.Select(lanes.SHA256, "sha256/genericx1")
	if err != nil {
		panic(err)
	}
	size := k.NodeSize()
	// Nodes 0..3 are four leaves of every instance, 4 and 5 their
	// parents, 6 the root.
	leaves := make([]byte, 4*size) // all-zero chunks, [node][lane][32]
	arena := make([]byte, 7*size)
	k.Pack(arena[:4*size], leaves)
	k.Lockstep(arena, []lanes.Op{
		{Left: 0, Right: 1, Out: 4},
		{Left: 2, Right: 3, Out: 5},
		{Left: 4, Right: 5, Out: 6},
	})
	roots := make([]byte, size)
	k.Unpack(roots, arena[6*size:])
	fmt.Println(hex.EncodeToString(roots[:32]))
	// Output: db56114e00fdd4c1f85c892bf35ac9a89289aaecb1ebd0a96cde606a748b5d71
}

// Forcing a kernel by name, and the error for one this build lacks.
func ExampleSelect() {
	k, err := lanes.Select(lanes.Keccak256, "keccak256/genericx1")
	fmt.Println(k.Name(), k.Width(), err)
	_, err = lanes.Select(lanes.SHA256, "sha256/nosuchx4")
	fmt.Println(err != nil)
	// Output:
	// keccak256/genericx1 1 <nil>
	// true
}

// Listing the kernels this GOARCH knows, with their availability.
func ExampleKernels() {
	for _, info := range lanes.Kernels() {
		if info.Name == "sha256/genericx1" {
			fmt.Println(info.Name, info.Width, info.Available)
		}
	}
	// Output: sha256/genericx1 1 true
}

// Reading what calibration measured and chose: which kernel runs
// Lockstep for a full group, and which one a batch of a single instance
// goes to. The kernels depend on the CPU, so this example prints no
// fixed output; lanebench prints the whole report in its header.
func ExampleCalibration() {
	report := lanes.Calibration()
	for _, hc := range report.Hashes {
		k, err := lanes.Select(hc.Hash, "")
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: Lockstep on %s (W = %d), one instance on %s\n",
			hc.Hash, hc.Chosen.Lockstep, k.Width(), k.ForInstances(1).Name())
		for _, t := range hc.Timings {
			fmt.Printf("  %s measured %.0f ns per pair in lockstep\n", t.Name, t.LockstepPerPair)
		}
	}
	if !report.Measured {
		fmt.Println("calibration is off:", lanes.EnvCalibrate+"=off")
	}
}
