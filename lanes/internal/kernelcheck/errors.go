package kernelcheck

import "strconv"

// PairsError is the panic value of a failed Pairs check.
type PairsError struct {
	Func     string // the misused function, such as "avx2.SHA256Pairs"
	Dst, Src int    // len(dst) and len(src)
	Overlap  bool   // dst overlaps src without starting at it
}

// Error says which length is wrong, or that the buffers overlap.
func (e *PairsError) Error() string {
	switch {
	case e.Src%64 != 0:
		return e.Func + ": len(src) = " + strconv.Itoa(e.Src) + " is not a multiple of 64"
	case e.Overlap:
		return e.Func + ": dst overlaps src but does not start at the same address"
	}
	return e.Func + ": len(dst) = " + strconv.Itoa(e.Dst) + " is shorter than 32 × " + strconv.Itoa(e.Src/64) + " pairs"
}

// OpsError is the panic value of a failed Lockstep check.
type OpsError struct {
	Func      string // the misused function, such as "avx2.SHA256Lockstep"
	Ops       int    // len(ops)
	Arena     int    // len(arena)
	NodeBytes int    // the size of one lane-layout node
	Op        int    // the op naming a node outside the arena
	Index     uint32 // the node index it names
}

// Error says whether the arena or the list is ragged, or which op names
// which node.
func (e *OpsError) Error() string {
	switch {
	case e.Arena%e.NodeBytes != 0:
		return e.Func + ": len(arena) = " + strconv.Itoa(e.Arena) + " is not a multiple of the node size " + strconv.Itoa(e.NodeBytes)
	case e.Ops%3 != 0:
		return e.Func + ": len(ops) = " + strconv.Itoa(e.Ops) + " is not a multiple of 3"
	}
	return e.Func + ": op " + strconv.Itoa(e.Op) + " names node " + strconv.FormatUint(uint64(e.Index), 10) +
		" outside an arena of " + strconv.Itoa(e.Arena/e.NodeBytes) + " nodes"
}

// NodesError is the panic value of a failed Nodes check.
type NodesError struct {
	Func      string // the misused function, such as "avx2.SHA256Pack"
	Dst, Src  int    // len(dst) and len(src)
	NodeBytes int    // the size of one lane-layout node
	Overlap   bool   // dst overlaps src without starting at it
}

// Error says which length is wrong, or that the buffers overlap.
func (e *NodesError) Error() string {
	switch {
	case e.Src%e.NodeBytes != 0:
		return e.Func + ": len(src) = " + strconv.Itoa(e.Src) + " is not a multiple of the node size " + strconv.Itoa(e.NodeBytes)
	case e.Overlap:
		return e.Func + ": dst overlaps src but does not start at the same address"
	}
	return e.Func + ": len(dst) = " + strconv.Itoa(e.Dst) + " is shorter than len(src) = " + strconv.Itoa(e.Src)
}
