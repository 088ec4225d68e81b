package lanestest

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/lanehash/lanehash/lanes"
)

// testMisuse checks that every contract misuse panics with an error
// value from the kernel's argument checks (not a runtime error from
// inside the kernel), before anything is written.
func testMisuse(t *testing.T, k Kernel) {
	size := k.NodeSize()
	buf := randomBytes(77, 4*size+256)
	cases := []struct {
		name string
		f    func()
	}{
		{"Pairs len(src)=65", func() { k.Pairs(buf[128:], buf[:65]) }},
		{"Pairs short dst", func() { k.Pairs(make([]byte, 63), buf[:128]) }},
		{"Pairs dst overlapping src shifted", func() { k.Pairs(buf[32:], buf[:128]) }},
		{"Lockstep ragged arena", func() { k.Lockstep(buf[:size+1], []lanes.Op{{Left: 0, Right: 0, Out: 0}}) }},
		{"Lockstep index past the arena", func() { k.Lockstep(buf[:2*size], []lanes.Op{{Left: 0, Right: 1, Out: 0}, {Left: 0, Right: 1, Out: 2}}) }},
		{"Lockstep huge index", func() { k.Lockstep(buf[:2*size], []lanes.Op{{Left: ^uint32(0), Right: 1, Out: 0}}) }},
		{"Pack ragged src", func() { k.Pack(buf[3*size:], buf[:size+16]) }},
		{"Pack short dst", func() { k.Pack(make([]byte, size), buf[size:3*size]) }},
		{"Unpack dst overlapping src shifted", func() { k.Unpack(buf[1:], buf[:size]) }},
	}
	for _, e := range lockstepEntries(k) {
		if e.name == "LockstepOps" {
			cases = append(cases, struct {
				name string
				f    func()
			}{"LockstepOps arena one node short", func() { e.run(buf[:2*size], []lanes.Op{{Left: 0, Right: 1, Out: 2}}) }})
		}
	}
	for _, c := range cases {
		before := bytes.Clone(buf)
		if msg := panicOf(c.f); msg != "" {
			t.Errorf("%s: %s %s", k.Name(), c.name, msg)
		}
		if !bytes.Equal(buf, before) {
			t.Errorf("%s: %s changed memory before it panicked", k.Name(), c.name)
		}
	}
}

// panicOf runs f and returns "" if it panicked with an error value from
// an argument check, else what went wrong.
func panicOf(f func()) (problem string) {
	defer func() {
		switch r := recover().(type) {
		case nil:
			problem = "did not panic"
		case runtime.Error:
			problem = "panicked inside the kernel, not in its checks: " + r.Error()
		case error:
		default:
			problem = "panicked with a non-error value"
		}
	}()
	f()
	return ""
}
