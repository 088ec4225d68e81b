package plan

// RootBytes returns hash_tree_root of the value of T serialized in b,
// read straight from the bytes, without decoding: a checkpoint state
// checked against its block header before it is trusted, a state dump
// rooted without a million heap objects. It accepts exactly what
// ssz.Unmarshal accepts and rejects the rest with the decoder's
// sentinel and path (offsets out of order, past the end or into the
// fixed part, counts over limits, trailing bytes, booleans above 1,
// bitvector padding, a bitlist without its delimiter, bad union
// selectors), as an *Error with Index -1. Fixed-size elements of a list
// are hashed as lockstep lanes straight from the bytes, packed lists
// are their own chunks, and variable-size parts are found through
// their offsets; scratch is pooled, so a call allocates in proportion
// to the depth of T, not the size of the value.
func (p *Plan[T]) RootBytes(b []byte) ([32]byte, error) { return p.rootBytes(b) }

// rootBytes is RootBytes for any core, including those of types known
// only at run time.
func (c *core) rootBytes(b []byte) ([32]byte, error) {
	root, err := c.bytes.Root(b, c.workers)
	if err != nil {
		return [32]byte{}, c.bytesError(err)
	}
	return root, nil
}

// RootAllBytes sets dst[i] to the root of the i-th element of b, the
// serialization of a list of T: fixed-size elements back to back (a
// registry cut out of a serialized state, say), or for a variable-size
// T the offset table, then the elements. It is as strict as decoding
// the list: a length that is not a whole number of elements, a bad
// offset table or an element decoding would reject is an *Error, with
// the element's Index when it is about one element (-1 for the table).
// dst must hold at least as many roots as b has elements.
func (p *Plan[T]) RootAllBytes(dst [][32]byte, b []byte) error {
	if err := p.bytes.RootAll(dst, b, p.workers); err != nil {
		return p.bytesError(err)
	}
	return nil
}

// bytesError is an error of the bytes path at the API boundary: an
// *Error whose path starts with the type's name, as the decoder's do.
func (c *core) bytesError(err error) error {
	err = wrap(err)
	if pe, ok := err.(*Error); ok {
		pe.Path = c.name + pe.Path
	}
	return err
}
