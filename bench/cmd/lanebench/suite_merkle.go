package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"

	"golang.org/x/crypto/sha3"

	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
)

// The merkle/ rows hash chunks, not SSZ values: the PR's merkle
// primitives (hash_nodes, mix_in_length, merkleize with and without a
// limit, pack, pack_bits). Their reference is written here on the
// standard library's SHA-256 and x/crypto's legacy Keccak-256, sharing
// nothing with lanes.

// refPair is H(a ‖ b) on the standard library.
func refPair(h lanes.Hash, a, b []byte) (out [32]byte) {
	if h == lanes.Keccak256 {
		d := sha3.NewLegacyKeccak256()
		d.Write(a)
		d.Write(b)
		d.Sum(out[:0])
		return out
	}
	d := sha256.New()
	d.Write(a)
	d.Write(b)
	d.Sum(out[:0])
	return out
}

// refMerkleize is the root of the chunks of data padded with zero chunks
// to 2^depth, level by level, on the standard library.
func refMerkleize(h lanes.Hash, data []byte, depth int) [32]byte {
	level := make([][32]byte, (len(data)+31)/32)
	for i := range level {
		copy(level[i][:], data[32*i:])
	}
	var zero [32]byte
	for d := 0; d < depth; d++ {
		if len(level)%2 == 1 {
			level = append(level, zero)
		}
		next := make([][32]byte, len(level)/2)
		for i := range next {
			next[i] = refPair(h, level[2*i][:], level[2*i+1][:])
		}
		level = next
		zero = refPair(h, zero[:], zero[:])
	}
	if len(level) == 0 {
		return zero
	}
	return level[0]
}

// suiteChunks are n chunks whose first 8 bytes count up, the PR's
// merkleize input.
func suiteChunks(n int) []byte {
	b := make([]byte, 32*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint64(b[32*i:], uint64(i))
	}
	return b
}

// nextPow2Depth is the depth of merkleize with no limit: the chunks
// padded to the next power of two.
func nextPow2Depth(n int) int { return sched.Depth(uint64(max(n, 1))) }

// chunkCase is a merkle/ row: data merkleized to depth (mixing in a
// length when mix is not 0), or, for pack rows, only packed.
type chunkCase struct {
	data  []byte
	depth int
	// pairOnly hashes data (64 bytes) as one pair: hash_nodes and
	// mix_in_length.
	pairOnly bool
	// packOnly rows hash nothing: they pad data (of bits bits when
	// bits is not 0) to whole chunks.
	packOnly bool
	bits     int
	out      []byte // a pack row's output, for checkPacked
}

func (c *chunkCase) reference(h lanes.Hash) ([32]byte, error) {
	switch {
	case c.pairOnly:
		return refPair(h, c.data[:32], c.data[32:64]), nil
	case c.packOnly:
		var r [32]byte
		copy(r[:], c.packRef())
		return r, nil
	}
	return refMerkleize(h, c.data, c.depth), nil
}

// packRef is data padded to whole chunks with the bits above c.bits
// cleared, built byte by byte.
func (c *chunkCase) packRef() []byte {
	out := make([]byte, (len(c.data)+31)/32*32)
	for i, b := range c.data {
		if c.bits != 0 {
			for j := 0; j < 8; j++ {
				if 8*i+j >= c.bits {
					b &^= 1 << j
				}
			}
		}
		out[i] = b
	}
	if len(out) == 0 {
		out = make([]byte, 32)
	}
	return out
}

// checkPacked compares the whole output of a pack row's last pass with
// the reference packing (its root column holds only the first chunk).
func (c *chunkCase) checkPacked() error {
	if !c.packOnly {
		return nil
	}
	want := c.packRef()
	if len(c.out) < len(want) || !bytes.Equal(c.out[:len(want)], want) {
		return fmt.Errorf("packed chunks differ from the reference packing")
	}
	return nil
}

// prepare returns a pass of the row with kernel: the PR's strategy
// (perLevel true) merkleizes level by level with one Pairs call per
// level, padding an odd level with the zero chunk of its height;
// lanehash's runs the tree merkleizer its plans use for wide trees
// (sched.Tree), which skips all-zero subtrees.
func (c *chunkCase) prepare(perLevel bool, h lanes.Hash, kernel string) (suitePass, error) {
	k, err := lanes.Select(h, kernel)
	if err != nil {
		return nil, err
	}
	switch {
	case c.packOnly:
		c.out = make([]byte, (len(c.data)+31)/32*32+32)
		out := c.out
		return func() ([32]byte, uint64, error) {
			n := copy(out, c.data)
			if c.bits != 0 && c.bits%8 != 0 {
				out[c.bits/8] &= byte(1)<<(c.bits%8) - 1
			}
			clear(out[n:max((n+31)/32*32, 32)])
			var r [32]byte
			copy(r[:], out)
			return r, 0, nil
		}, nil
	case c.pairOnly:
		var buf [64]byte
		return func() ([32]byte, uint64, error) {
			copy(buf[:], c.data)
			k.Pairs(buf[:32], buf[:])
			var r [32]byte
			copy(r[:], buf[:32])
			return r, 1, nil
		}, nil
	}
	n := len(c.data) / 32
	if !perLevel {
		var stats sched.Stats
		tree := sched.NewTree(k, &stats)
		buf := make([]byte, sched.BufLen(n))
		return func() ([32]byte, uint64, error) {
			stats.Reset()
			clear(buf[copy(buf, c.data):])
			tree.Merkleize(buf, n, c.depth)
			var r [32]byte
			copy(r[:], buf)
			return r, stats.Snapshot().TreePairs, nil
		}, nil
	}
	// The zero chunks of every height, hashed once with this kernel.
	zeros := make([][32]byte, c.depth+1)
	for d := 1; d <= c.depth; d++ {
		var pair [64]byte
		copy(pair[:], zeros[d-1][:])
		copy(pair[32:], zeros[d-1][:])
		k.Pairs(zeros[d][:], pair[:])
	}
	buf := make([]byte, 32*(n+1))
	return func() ([32]byte, uint64, error) {
		level := buf[:copy(buf, c.data)]
		var pairs uint64
		for d := 0; d < c.depth; d++ {
			if len(level)/32%2 == 1 {
				level = append(level, zeros[d][:]...)
			}
			// In place: Pairs may write over its input from the same start.
			k.Pairs(level[:len(level)/2], level)
			pairs += uint64(len(level) / 64)
			level = level[:len(level)/2]
		}
		var r [32]byte
		copy(r[:], level)
		return r, pairs, nil
	}, nil
}

func (c *chunkCase) String() string { return fmt.Sprintf("%d bytes", len(c.data)) }
