package sched

// tileChunks bounds the level queue: the rooters of many wide trees
// (vectors and lists of composite elements, packed values) merkleize at
// most this many leaf chunks of consecutive instances together, the
// 128 KiB of a list tile (listTileDepth), and a tree at least this wide
// by itself, in place. A tile fills every kernel's lanes many times
// over at its widest levels, so batching more buys no lanes; it only
// makes the queue stream every level of every instance through memory
// (and copy it once more per level, see MerkleizeBatch): six
// Vector[Root, 8192] used to cost 1.4× merkleizing each by itself.
const tileChunks = 1 << listTileDepth

// tileSpans cuts instances 0 … len(sizes)-1, instance i with sizes[i]
// leaf chunks, into runs [lo, hi) of consecutive instances holding at
// most tileChunks chunks together, or one instance however wide, and
// calls f on each run in order, stopping at the first error: the
// error of the lowest run, as rootsInOrder wants. f may overwrite
// sizes[lo:hi] (MerkleizeBatch does): later runs read only later sizes.
// For trees that mix in a length (lists, not vectors), f gets
// lengths, hi−lo scratch slots for the run's mix-ins, allocated once
// per call; nil otherwise.
func tileSpans(sizes []int, mixesLength bool, f func(lo, hi int, lengths []uint64) error) error {
	var scratch []uint64
	if mixesLength {
		sp := uint64Slices.get(len(sizes))
		defer uint64Slices.put(sp)
		scratch = *sp
	}
	for lo := 0; lo < len(sizes); {
		hi, total := lo+1, sizes[lo]
		for hi < len(sizes) && total+sizes[hi] <= tileChunks {
			total += sizes[hi]
			hi++
		}
		var lengths []uint64
		if scratch != nil {
			lengths = scratch[lo:hi]
		}
		if err := f(lo, hi, lengths); err != nil {
			return err
		}
		lo = hi
	}
	return nil
}
