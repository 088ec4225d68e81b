// Package diff names the places where two SSZ values of one type differ:
// every deepest node whose subtree root differs, by its path, the answer
// to "our state root is not theirs: where?".
//
//	diffs, total, err := diff.Values(&ours, &theirs)          // two values of T
//	diffs, total, err := diff.Bytes[fulu.BeaconState](a, b)    // two serializations
//	for _, d := range diffs {
//		fmt.Println(d) // validators[513].effective_balance: 32000000000 -> 31000000000
//	}
//
// # What is listed
//
// A Difference is a deepest differing node: a basic field or element, a
// byte string (a root, a key, a signature), a bitfield, a union, an
// element one value has past the other's end, or a list's length
// (Path ending in __len__). Its ancestors differ too and are not listed.
// A basic element is listed when its value differs (elements packed into
// one chunk share that chunk's node: the ones that differ are named).
// An element past the shorter list's end is compared with that list's
// zero padding there: a basic element is listed when it is not 0, a
// composite one when its root is not the zero chunk (a 0 balance or a
// zero Bytes32 root gained or lost is no difference; only __len__ is).
// So every listed node differs between the two values' Merkle trees, and
// every differing leaf chunk or element root holds a listed node.
// Differences come in tree order (a list's elements, then its length,
// the length being the right child of the list's root); Paths are proof
// paths in spec names (validators[7].effective_balance; a field whose
// spec name would lead proof elsewhere by its Go name), which package
// proof and cache's Prove take, and String prints a Difference as the
// command's `lanehash diff` does.
//
// # Why no hashing
//
// SSZ serialization is injective per type and hash_tree_root is
// collision resistant, so a subtree's root differs exactly where its
// bytes do: the diff compares serializations type by type at memory
// speed (4 KiB blocks of a registry at once) and descends only into
// spans that differ. It hashes nothing but all-zero composite elements
// past a list's end (once per type and length), to tell whether they
// are the padding. Two 1M-validator fulu states diff in a fraction of
// one root's time (docs/diff.md).
//
// # Entry points and errors
//
// Values serializes two values of T with the ssz encoder; Bytes takes
// two serializations of T; Serialized is Bytes for a type held as an
// *ssz.Type (what a tool that picks the type at run time has). Bytes and
// Serialized validate both inputs first, as strictly as ssz.Unmarshal
// and plan's RootBytes, without decoding: an input they reject is an
// *InputError saying which input, wrapping the decoder's own error (an
// *ssz.Error with its sentinel, errors.Is(err, ssz.ErrOffset), and the
// field's path), never a panic, whatever the bytes. Options are plan's
// (plan.WithSpec for the preset) and WithMax, the cap on the differences
// kept; the count returned is always all of them. A bad option is an
// ErrOption.
package diff
