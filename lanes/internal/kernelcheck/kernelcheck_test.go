package kernelcheck

import (
	"strings"
	"testing"
)

// panicMessage runs f and returns the message of the error it panicked
// with, "no panic" if it returned normally.
func panicMessage(f func()) (msg string) {
	defer func() {
		switch r := recover().(type) {
		case nil:
		case error:
			msg = r.Error()
		default:
			msg = "panic with a non-error value"
		}
	}()
	f()
	return "no panic"
}

func TestChecksAcceptAndCount(t *testing.T) {
	if n := Pairs("k.Pairs", make([]byte, 96), make([]byte, 192)); n != 3 {
		t.Errorf("Pairs of 192 bytes: %d pairs, want 3", n)
	}
	if n := Pairs("k.Pairs", nil, nil); n != 0 {
		t.Errorf("Pairs of nothing: %d pairs, want 0", n)
	}
	if n := Lockstep("k.Lockstep", make([]byte, 3*64), []uint32{0, 1, 2, 2, 2, 0}, 64); n != 2 {
		t.Errorf("Lockstep of 6 indices: %d ops, want 2", n)
	}
	if n := Lockstep("k.Lockstep", nil, nil, 64); n != 0 {
		t.Errorf("Lockstep of no ops: %d ops, want 0", n)
	}
	if n := Nodes("k.Pack", make([]byte, 2*128+1), make([]byte, 2*128), 128); n != 2 {
		t.Errorf("Nodes of 256 bytes: %d nodes, want 2", n)
	}
	// In place, and dst just past src, are both allowed.
	b := make([]byte, 512)
	if n := Pairs("k.Pairs", b, b[:256]) + Pairs("k.Pairs", b[256:], b[:256]); n != 8 {
		t.Errorf("Pairs in place and adjacent: %d pairs, want 8", n)
	}
	if n := Nodes("k.Pack", b[:256], b[:256], 128) + Nodes("k.Pack", b[256:], b[:256], 128); n != 4 {
		t.Errorf("Nodes in place and adjacent: %d nodes, want 4", n)
	}
}

func TestChecksPanicNamingTheFunction(t *testing.T) {
	cases := []struct {
		name, want string
		f          func()
	}{
		{"pairs ragged src", "k.Pairs: len(src) = 65 is not a multiple of 64",
			func() { Pairs("k.Pairs", make([]byte, 64), make([]byte, 65)) }},
		{"pairs short dst", "k.Pairs: len(dst) = 63 is shorter than 32 × 2 pairs",
			func() { Pairs("k.Pairs", make([]byte, 63), make([]byte, 128)) }},
		{"lockstep not triples", "k.Lockstep: len(ops) = 4 is not a multiple of 3",
			func() { Lockstep("k.Lockstep", make([]byte, 3*64), []uint32{0, 1, 2, 0}, 64) }},
		{"lockstep ragged arena", "k.Lockstep: len(arena) = 191 is not a multiple of the node size 64",
			func() { Lockstep("k.Lockstep", make([]byte, 3*64-1), []uint32{0, 1, 2}, 64) }},
		{"lockstep index past the arena", "k.Lockstep: op 0 names node 2 outside an arena of 2 nodes",
			func() { Lockstep("k.Lockstep", make([]byte, 2*64), []uint32{0, 1, 2}, 64) }},
		{"pairs shifted overlap", "k.Pairs: dst overlaps src but does not start at the same address",
			func() { b := make([]byte, 256); Pairs("k.Pairs", b[32:], b[:128]) }},
		{"nodes shifted overlap", "k.Unpack: dst overlaps src but does not start at the same address",
			func() { b := make([]byte, 256); Nodes("k.Unpack", b[1:], b[:128], 128) }},
		{"lockstep huge index in a later op", "k.Lockstep: op 1 names node 4294967295 outside an arena of 3 nodes",
			func() { Lockstep("k.Lockstep", make([]byte, 3*64), []uint32{0, 1, 2, 0, ^uint32(0), 1}, 64) }},
		{"nodes ragged src", "k.Pack: len(src) = 100 is not a multiple of the node size 128",
			func() { Nodes("k.Pack", make([]byte, 256), make([]byte, 100), 128) }},
		{"nodes short dst", "k.Unpack: len(dst) = 127 is shorter than len(src) = 128",
			func() { Nodes("k.Unpack", make([]byte, 127), make([]byte, 128), 128) }},
	}
	for _, c := range cases {
		msg := panicMessage(c.f)
		if msg != c.want {
			t.Errorf("%s: panic %q, want %q", c.name, msg, c.want)
		}
		if !strings.HasPrefix(msg, "k.") {
			t.Errorf("%s: panic %q does not name the function", c.name, msg)
		}
	}
}
