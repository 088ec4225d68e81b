// Package lanes defines the contract every hashing kernel of lanehash
// implements, the registry of kernels this CPU can run, and the choice
// between them.
//
// A kernel hashes 64-byte pairs with one hash function (SHA-256, or
// Keccak-256 with legacy Ethereum padding) in W lanes at once. It has
// two entry forms:
//
//   - Pairs: dst[32i:32i+32] = H(src[64i:64i+64]) for n pairs, any n,
//     in ordinary byte layout; dst may alias src (same start).
//   - Lockstep: a list of ops (left, right → out) over an arena of nodes
//     in lane layout, one instance per lane. Pack and Unpack move
//     chunks between ordinary and lane layout.
//
// Ladder climbs nodes in ordinary layout through zero-hash ladders,
// natively on sha256/avx512x16 and through Pairs elsewhere.
//
// Lane layout: a node is 32·W bytes, one chunk per lane, in one of two
// layouts (Kernel.Layout). In WordLayout, for SHA-256, word j (0..7) of
// lane p is the host uint32 at byte offset 4·(j·W+p), holding the
// big-endian word of the digest or chunk; for Keccak-256, word j (0..3)
// of lane p is the host uint64 at byte offset 8·(j·W+p), holding the
// little-endian word. In ChunkLayout lane p's chunk is bytes 32p..32p+32
// of the node in ordinary byte order, so Pack and Unpack are copies and
// a caller may write leaves and read roots in place. Either way a digest
// in lane layout is already a message half for the next level: no swap
// or transpose happens between levels.
//
// Aliasing: Pairs, Pack and Unpack allow dst and src to start at the
// same address (a tree level hashed in place) and no other overlap. In
// Lockstep an op's Out may be any node, its own Left or Right included:
// every kernel reads an op's whole message before it writes the digest,
// and the conformance suite (lanes/lanestest) checks it for each one.
//
// Misuse (lengths that are not whole pairs or nodes, a short dst, a
// shifted overlap, an op index outside the arena) panics before anything
// is written, with an error value naming the function and the numbers.
// Each kernel checks its arguments once, in lanes/internal/kernelcheck;
// the methods of Kernel add no second check.
//
// Choosing a kernel: Select returns the automatic kernel of a hash
// function or a kernel forced by name. The automatic kernel runs, per
// use, the kernel calibration measured fastest on this CPU (Lockstep,
// Pairs on full batches, short Pairs remainders, small batches through
// ForInstances), calibrated once per process on first use in a few
// milliseconds; Calibration reports what was measured and chosen.
// Environment variables: LANEHASH_KERNEL forces a kernel, for example
// LANEHASH_KERNEL=sha256/avx2x8 or a comma-separated list with one name
// per hash function; LANEHASH_CALIBRATE=off uses the static table
// instead of measuring (reproducible benchmarks), and
// LANEHASH_CALIBRATE=persist reuses a measurement stored in the user's
// cache directory for this CPU and build; LANEHASH_HIDE hides
// CPU features, for example LANEHASH_HIDE=avx512,shani, so this CPU
// runs as one without them. A value any of them cannot honour is an
// *EnvError from Select. Kernels lists every kernel of this GOARCH
// and whether this CPU can run it.
package lanes

import (
	"unsafe"

	"github.com/lanehash/lanehash/lanes/internal/kernelcheck"
)

// Hash identifies a hash function.
type Hash uint8

const (
	// SHA256 is SHA-256, the hash of Ethereum's hash_tree_root.
	SHA256 Hash = iota
	// Keccak256 is Keccak-256 with the legacy Ethereum padding (0x01),
	// as golang.org/x/crypto/sha3.NewLegacyKeccak256, not NIST SHA3-256.
	Keccak256
)

// String returns the hash function's name as used in kernel names.
func (h Hash) String() string {
	switch h {
	case SHA256:
		return "sha256"
	case Keccak256:
		return "keccak256"
	}
	return "hash(" + itoa(int(h)) + ")"
}

// Op is one lockstep step: node Out = H(node Left || node Right), for
// every lane at once. Indices count nodes of 32·W bytes in the arena.
// The layout matches a flat []uint32 of (left, right, out) triples, the
// form the assembly kernels take.
type Op struct {
	Left, Right, Out uint32
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// Layout is how a kernel lays out the W chunks of a lane-layout node
// (see the package documentation).
type Layout uint8

const (
	// WordLayout interleaves the lanes word by word, in host byte order:
	// the layout of kernels that hash one lane per SIMD element.
	WordLayout Layout = iota
	// ChunkLayout keeps each lane's chunk whole, in ordinary byte order,
	// lane after lane: the layout of kernels that hash each lane as its
	// own stream (SHA-NI). Pack and Unpack are copies.
	ChunkLayout
)

// String returns "words" or "chunks".
func (l Layout) String() string {
	if l == ChunkLayout {
		return "chunks"
	}
	return "words"
}

// Kernel is one hashing kernel, or the automatic choice for a hash
// function. A Kernel is immutable and safe for concurrent use.
type Kernel struct {
	name   string
	hash   Hash
	width  int
	layout Layout

	pairs    func(dst, src []byte)
	lockstep func(arena []byte, ops []uint32)
	// lockstepOps runs a list checked by NewOps, checking only the
	// arena's size; nil for kernels without such an entry, whose
	// LockstepOps runs lockstep (checking every index).
	lockstepOps func(arena []byte, ops *kernelcheck.Ops)
	// single runs one instance's checked op list over a flat buffer of
	// chunks (Kernel.Single); nil for kernels without such an entry,
	// whose Single runs the ops through Pairs.
	single func(buf []byte, ops *kernelcheck.Ops)
	pack   func(dst, src []byte)
	unpack func(dst, src []byte)
	// ladder climbs nodes through the concatenated zero hashes of the
	// levels (Kernel.Ladder); nil for kernels without such an entry,
	// whose Ladder runs level by level through Pairs.
	ladder func(nodes, zero []byte)

	// auto is the choice of an automatic kernel, nil for a registered
	// kernel.
	auto *choice
}

// Name returns the kernel's name, "<hash>/<isa>x<W>" such as
// "sha256/avx512x16", or for the automatic kernel "<hash>/auto(...)"
// naming the lane kernel and, when there is one, the narrow kernel for
// short Pairs calls, such as "sha256/auto(avx512x16+shanix2)".
func (k *Kernel) Name() string { return k.name }

// Hash returns the hash function the kernel computes.
func (k *Kernel) Hash() Hash { return k.hash }

// Width returns the lane width W of Lockstep, Pack and Unpack: the number
// of instances hashed side by side.
func (k *Kernel) Width() int { return k.width }

// Layout returns the kernel's lane layout, that of its Lockstep, Pack
// and Unpack: with ChunkLayout a caller may skip Pack and Unpack and
// read and write the arena's chunks directly.
func (k *Kernel) Layout() Layout { return k.layout }

// NodeSize returns the size in bytes of one lane-layout node, 32·W.
func (k *Kernel) NodeSize() int { return 32 * k.width }

// Pairs hashes n = len(src)/64 pairs in ordinary byte layout:
// dst[32i:32i+32] = H(src[64i:64i+64]). Any n is allowed, including 0.
// dst may alias src when both start at the same address. It panics only
// on contract misuse: len(src) not a multiple of 64, dst shorter than
// len(src)/2, or dst overlapping src other than at the same start.
func (k *Kernel) Pairs(dst, src []byte) { k.pairs(dst, src) }

// Lockstep runs ops in order over arena, a sequence of lane-layout
// nodes of NodeSize bytes: for each op, node Out = H(node Left || node
// Right) in all W lanes. An op's Out may be any node, its own Left or
// Right included. It panics, before hashing anything, only on contract
// misuse: an arena that is not a whole number of nodes, or an index past
// its end.
func (k *Kernel) Lockstep(arena []byte, ops []Op) { k.lockstep(arena, opWords(ops)) }

// Ops is an op list checked once, when NewOps made it, for
// Kernel.LockstepOps: a program run over many arenas (the scheduler's
// blocks) then pays for its index checks once, not on every call. An Ops
// holds its own copy of the list, so it cannot change after the check;
// it is immutable and safe for concurrent use, and is not tied to one
// kernel (indices count nodes of any width).
type Ops struct{ c *kernelcheck.Ops }

// NewOps copies ops into a checked list: it records the highest node
// index they name, so a Lockstep call needs to compare only the arena's
// size with it.
func NewOps(ops []Op) Ops { return Ops{kernelcheck.NewOps("lanes.NewOps", opWords(ops))} }

// Len returns the number of ops in the list.
func (o Ops) Len() int {
	if o.c == nil {
		return 0
	}
	return o.c.Len()
}

// Nodes returns the fewest nodes an arena must hold to run the list:
// its highest node index plus one (0 for an empty list).
func (o Ops) Nodes() int {
	if o.c == nil {
		return 0
	}
	return o.c.Nodes()
}

// LockstepOps is Lockstep for a list checked by NewOps: it checks, in
// constant time, only that arena is a whole number of nodes and holds
// ops.Nodes() of them, then runs the ops as Lockstep does. It panics,
// before hashing anything, if not. The zero Ops is the empty list.
func (k *Kernel) LockstepOps(arena []byte, ops Ops) {
	if k.lockstepOps != nil {
		k.lockstepOps(arena, ops.c)
		return
	}
	var words []uint32
	if ops.c != nil {
		words = ops.c.Words()
	}
	k.lockstep(arena, words)
}

// Single runs ops over buf, the nodes of one instance as a run of
// 32-byte chunks in ordinary byte order (chunk i is buf[32i:32i+32]):
// for each op, in order, chunk Out = H(chunk Left || chunk Right). It is
// Lockstep of width 1, for a lone instance's tree: a kernel with a
// native entry (SingleNative; the SHA-NI kernels) runs the whole list in
// one call, up to four consecutive ops side by side when none reads
// another's Out, and stores each digest in its chunk, where the
// ops that read it look; any other kernel runs the list through its
// Pairs, one op per call, through a scratch pair it allocates. An op's
// Out may be any chunk, its own Left or Right included. It panics,
// before hashing anything, only on contract misuse: buf not a whole
// number of chunks, or shorter than ops.Nodes() chunks.
func (k *Kernel) Single(buf []byte, ops Ops) {
	if k.single != nil {
		k.single(buf, ops.c)
		return
	}
	k.singlePairs(buf, ops)
}

// SingleNative reports whether Single runs on an entry of its own (one
// call for the whole list, independent ops interleaved) rather than
// through Pairs one op at a time: what a caller asks before it prefers
// Single to its own level-by-level Pairs calls.
func (k *Kernel) SingleNative() bool { return k.single != nil }

// singlePairs is Single through Pairs, one op per call, each message
// copied whole into a scratch pair first so an Out that is one of its
// inputs (or overlaps them) reads as Single's contract says.
func (k *Kernel) singlePairs(buf []byte, ops Ops) {
	words, n := kernelcheck.LockstepOps("lanes.Kernel.Single", buf, ops.c, 32)
	if n == 0 {
		return
	}
	msg := make([]byte, 64)
	for i := 0; i < len(words); i += 3 {
		l, r, o := int(words[i]), int(words[i+1]), int(words[i+2])
		copy(msg[:32], buf[32*l:])
		copy(msg[32:], buf[32*r:32*r+32])
		k.pairs(msg[:32], msg)
		copy(buf[32*o:32*o+32], msg[:32])
	}
}

// Pack converts m·W ordinary 32-byte chunks, laid out [node][lane][32]
// (the W chunks of node 0, then those of node 1, ...), into m lane-layout
// nodes in dst. dst may be src (the same start). It panics only on
// contract misuse: len(src) not a multiple of NodeSize, dst shorter than
// src, or dst overlapping src other than at the same start.
func (k *Kernel) Pack(dst, src []byte) { k.pack(dst, src) }

// Unpack is the inverse of Pack: m lane-layout nodes in src become m·W
// ordinary 32-byte chunks in dst, laid out [node][lane][32]. It panics
// only on contract misuse, as Pack does.
func (k *Kernel) Unpack(dst, src []byte) { k.unpack(dst, src) }

// ExpandOps returns ops expanded over g groups that share one arena,
// the way the scheduler runs a block of g groups in one Lockstep call:
// node n of group j is node n·g+j (so a node of every group forms one
// contiguous run of g nodes, packed and unpacked together), and each op
// runs for every group before the next op. Consecutive ops then never
// depend on each other when g > 1, which lets a kernel overlap them.
func ExpandOps(ops []Op, g int) []Op {
	out := make([]Op, 0, g*len(ops))
	G := uint32(g)
	for _, op := range ops {
		for j := range G {
			out = append(out, Op{Left: op.Left*G + j, Right: op.Right*G + j, Out: op.Out*G + j})
		}
	}
	return out
}

// opWords views ops as the flat (left, right, out) triples the assembly
// kernels take, without copying; Op is three uint32 fields, no padding.
func opWords(ops []Op) []uint32 {
	return unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(ops))), 3*len(ops))
}
