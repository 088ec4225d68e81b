package main

import (
	"encoding/binary"
	"fmt"
	"reflect"
	"runtime"
	"unsafe"

	"github.com/lanehash/lanehash/internal/plangraph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/plan"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// objectWalker is the PR's strategy for a whole value: one object at a
// time, each subtree merkleized level by level with one Pairs call per
// level (what libssz's derived hash_tree_root does with its hash_pairs):
// a container merkleizes its fields' roots, a list its elements' roots or
// packed chunks, then mixes in the length. Containers of fixed size whose
// plan the walker holds (the consensus ones the suite lists) run through
// sched's OneAtATime strategy, which hashes one instance by itself, one
// Pairs call per level of its tree, without reflection per field; the
// rest of the walk reads values by reflection, once per composite, never
// per packed element.
type objectWalker struct {
	k     sched.Kernel
	tree  *sched.Tree
	stats sched.Stats
	extra uint64 // pairs hashed outside the tree and exec (union selectors)
	fixed map[reflect.Type]*sched.Prepared
}

// newObjectWalker readies the walker on kernel (a lanes kernel name).
func newObjectWalker(h lanes.Hash, kernel string) (*objectWalker, error) {
	k, err := lanes.Select(h, kernel)
	if err != nil {
		return nil, err
	}
	w := &objectWalker{k: k, fixed: map[reflect.Type]*sched.Prepared{}}
	w.tree = sched.NewTree(k, &w.stats)
	for _, add := range []func(*objectWalker, lanes.Hash, string) error{
		oneAtATime[phase0.Validator], oneAtATime[phase0.BeaconBlockHeader], oneAtATime[phase0.Checkpoint],
		oneAtATime[phase0.Fork], oneAtATime[phase0.Eth1Data], oneAtATime[phase0.AttestationData],
	} {
		if err := add(w, h, kernel); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// oneAtATime gives the walker sched's OneAtATime run of T's plan graph.
func oneAtATime[T any](w *objectWalker, h lanes.Hash, kernel string) error {
	p, err := plan.PlanFor[T](plan.WithHash(h), plan.WithKernel(kernel), plan.WithWorkers(1))
	if err != nil {
		return err
	}
	g, err := programGraph(plangraph.Of(p))
	if err != nil {
		return err
	}
	prep, err := sched.NewExec(w.k, &w.stats).PrepareStrategy(g, reflect.TypeFor[T](), sched.OneAtATime)
	if err != nil {
		return err
	}
	w.fixed[reflect.TypeFor[T]()] = prep
	return nil
}

// pairs is the number of pairs hashed since the last reset.
func (w *objectWalker) pairs() uint64 {
	s := w.stats.Snapshot()
	return s.LockstepPairs + s.TreePairs + w.extra
}

func (w *objectWalker) reset() { w.stats.Reset(); w.extra = 0 }

// rootOf is the root of v (of t's Go type, or a pointer to it).
func (w *objectWalker) rootOf(t *ssz.Type, v reflect.Value) ([32]byte, error) {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v = reflect.Zero(v.Type().Elem())
		} else {
			v = v.Elem()
		}
	}
	if t.IsBasic() {
		var c [32]byte
		b, err := ssz.AppendBasic(c[:0], t, v)
		copy(c[:], b)
		return c, err
	}
	switch t.Kind {
	case ssz.KindContainer:
		if prep, ok := w.fixed[v.Type()]; ok {
			var dst [1][32]byte
			err := prep.Run(dst[:], sched.ValueOfReflect(addressable(v)), 1)
			return dst[0], err
		}
		chunks := make([]byte, 0, 32*(len(t.Fields)+1))
		for _, f := range t.Fields {
			r, err := w.rootOf(f.Type, v.FieldByIndex(f.Index))
			if err != nil {
				return r, err
			}
			chunks = append(chunks, r[:]...)
		}
		return w.merkleize(chunks, t.ChunkCount()), nil
	case ssz.KindVector, ssz.KindList:
		chunks, err := w.elementChunks(t.Elem, v)
		if err != nil {
			return [32]byte{}, err
		}
		if t.Kind == ssz.KindVector {
			return w.merkleize(chunks, t.ChunkCount()), nil
		}
		return w.mixIn(w.merkleize(chunks, t.ChunkCount()), uint64(v.Len())), nil
	case ssz.KindBitvector:
		return w.merkleize(bytesOfValue(v), t.ChunkCount()), nil
	case ssz.KindBitlist:
		b := v.Bytes()
		if len(b) == 0 || b[len(b)-1] == 0 {
			return [32]byte{}, fmt.Errorf("bitlist without its delimiter bit")
		}
		last := b[len(b)-1]
		top := 7
		for last>>top == 0 {
			top--
		}
		n := 8*(len(b)-1) + top
		bits := append([]byte(nil), b[:(n+7)/8]...)
		if n%8 != 0 {
			bits[len(bits)-1] &^= 1 << (n % 8) // the delimiter, where it shares the last byte
		}
		return w.mixIn(w.merkleize(bits, t.ChunkCount()), uint64(n)), nil
	case ssz.KindUnion:
		sel := v.FieldByName("Selector").Uint()
		var r [32]byte
		if opt := t.Options[sel]; opt != nil {
			val := reflect.New(opt.Go).Elem()
			val.Set(v.FieldByName("Value").Elem())
			var err error
			if r, err = w.rootOf(opt, val); err != nil {
				return r, err
			}
		}
		var pair [64]byte
		copy(pair[:], r[:])
		pair[32] = byte(sel)
		w.k.Pairs(pair[:32], pair[:])
		w.extra++
		copy(r[:], pair[:32])
		return r, nil
	}
	return [32]byte{}, fmt.Errorf("%s: kind %s is not in the suite", t, t.Kind)
}

// elementChunks are the chunks of a vector's or list's elements: packed
// basic values, or one root per element.
func (w *objectWalker) elementChunks(elem *ssz.Type, v reflect.Value) ([]byte, error) {
	n := v.Len()
	if elem.IsBasic() {
		// Little-endian memory of uint8/uint64 elements is their packing.
		if k := v.Type().Elem().Kind(); k == reflect.Uint64 || k == reflect.Uint8 {
			return bytesOfValue(v), nil
		}
		out := make([]byte, 0, n*int(elem.Size))
		for i := 0; i < n; i++ {
			var err error
			if out, err = ssz.AppendBasic(out, elem, v.Index(i)); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	// A vector of 32 bytes in an array (a Root) is its own chunk.
	if et := v.Type().Elem(); et.Kind() == reflect.Array && et.Len() == 32 && et.Elem().Kind() == reflect.Uint8 {
		return bytesOfValue(v), nil
	}
	out := make([]byte, 32*n)
	et := v.Type().Elem()
	base := et
	if et.Kind() == reflect.Pointer {
		base = et.Elem()
	}
	if prep, ok := w.fixed[base]; ok && n > 0 {
		roots := make([][32]byte, n)
		var in sched.Input
		if et.Kind() == reflect.Pointer {
			ptrs := make([]unsafe.Pointer, n)
			for i := range ptrs {
				ptrs[i] = v.Index(i).UnsafePointer()
			}
			in = sched.PtrsOfType(base, ptrs)
		} else {
			in = sched.SliceOfReflect(v)
		}
		if err := prep.Run(roots, in, 1); err != nil {
			return nil, err
		}
		for i := range roots {
			copy(out[32*i:], roots[i][:])
		}
		return out, nil
	}
	for i := 0; i < n; i++ {
		r, err := w.rootOf(elem, v.Index(i))
		if err != nil {
			return nil, err
		}
		copy(out[32*i:], r[:])
	}
	return out, nil
}

// merkleize is the root of data's chunks padded to limit chunks, one
// Pairs call per level.
func (w *objectWalker) merkleize(data []byte, limit uint64) [32]byte {
	n := (len(data) + 31) / 32
	depth := sched.Depth(limit)
	if n == 0 {
		return w.tree.Zero(depth)
	}
	buf := make([]byte, sched.BufLen(n))
	clear(buf[copy(buf, data):])
	w.tree.Merkleize(buf, n, depth)
	var r [32]byte
	copy(r[:], buf)
	return r
}

// mixIn is H(root ‖ uint256(length)).
func (w *objectWalker) mixIn(root [32]byte, length uint64) [32]byte {
	var pair [64]byte
	copy(pair[:], root[:])
	binary.LittleEndian.PutUint64(pair[32:], length)
	w.k.Pairs(pair[:32], pair[:])
	w.extra++
	copy(root[:], pair[:32])
	return root
}

// bytesOfValue is the memory of a slice or array of fixed-size elements
// (an addressable copy for an array that is not addressable).
func bytesOfValue(v reflect.Value) []byte {
	n := v.Len()
	if n == 0 {
		return nil
	}
	size := int(v.Type().Elem().Size())
	if v.Kind() == reflect.Slice {
		b := unsafe.Slice((*byte)(v.Index(0).Addr().UnsafePointer()), n*size)
		runtime.KeepAlive(v)
		return b
	}
	v = addressable(v)
	return unsafe.Slice((*byte)(v.Addr().UnsafePointer()), n*size)
}

// addressable is v, or an addressable copy of it.
func addressable(v reflect.Value) reflect.Value {
	if v.CanAddr() {
		return v
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	return c
}
