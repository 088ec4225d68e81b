package graph

// BytesKind says which SSZ value a BytesNode reads from its
// serialization.
type BytesKind uint8

const (
	// BytesFixed is a fixed-size value small enough for one lockstep
	// program: Serial roots it straight from its Size bytes.
	BytesFixed BytesKind = iota
	// BytesPacked is a packed basic vector or list or a bitfield
	// (Packed says which): its bytes are its chunks.
	BytesPacked
	// BytesSeq is a vector, list or progressive list (Seq says which) of
	// composite elements, read back to back when Elem has a fixed size
	// and through the offset table otherwise.
	BytesSeq
	// BytesContainer is a container, or an EIP-7495 progressive
	// container when ActiveFields is not nil.
	BytesContainer
	// BytesUnion is an ssz.Union, or an EIP-8016 CompatibleUnion when
	// Compatible.
	BytesUnion
)

// BytesNode is one node of a bytes graph: how one SSZ type is checked
// and rooted from its serialization, as package plan compiles it. It
// is plain data, like the value graph's nodes. Error paths are built
// below a node (".Field", "[3]"), never stored in it, so one node
// serves every place its type occurs.
type BytesNode struct {
	Kind BytesKind
	// Size is the serialized size of a fixed-size type, 0 for a
	// variable-size one.
	Size uint64
	// Serial (BytesFixed) is the graph reading one serialized value,
	// each instance one value's Size serialized bytes.
	Serial Node
	// Packed (BytesPacked) is the packed type (its Path, Array and
	// ArrayLen do not matter here; its Bools marks booleans, whose bytes
	// must be 0 or 1).
	Packed *PackedNode
	// Seq (BytesSeq) says which sequence; Array marks a vector held in
	// a Go array, which the decoder checks by its offsets alone (a
	// slice-backed vector of variable-size elements is first checked to
	// hold Length offsets).
	Seq   SeqKind
	Array bool
	// Length is a vector's length and Limit a list's (BytesSeq).
	Length, Limit uint64
	// Elem is the element type of a BytesSeq.
	Elem *BytesNode
	// Fields are a container's fields in order; ActiveFields is a
	// progressive container's active_fields (nil for a plain container).
	Fields       []BytesField
	ActiveFields []bool
	// Options are a union's options by selector: nil for the None option
	// of a Union and, in a CompatibleUnion, for every selector that is
	// not an option. Value names the field errors inside an option sit
	// under ("Value", "Data"), as in the decoder.
	Options    []*BytesNode
	Compatible bool
	Value      string
	// Min is the fewest bytes a serialized value of the node's type
	// takes, the decoder's minimum (ssz.MinSize): a count of n elements
	// needs n·(4+Min) bytes behind it, or the input is refused.
	Min uint64
}

// BytesField is one field of a container in a bytes graph.
type BytesField struct {
	Name string
	Node *BytesNode
}
