package sched_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/graph"
	"github.com/lanehash/lanehash/lanes"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/sched/schedtest"
)

// TestReflectInputs checks that the reflect forms of the constructors
// read the same instances as the typed ones, and that a value they
// cannot read (not addressable, not a slice) is a KindType error of the
// run, not a panic.
func TestReflectInputs(t *testing.T) {
	r := prepare(t, schedtest.New(lanes.SHA256, 4), nil, thingProgram(t, false))
	things := randomThings(rand.New(rand.NewPCG(9, 10)), 6)
	want := make([][32]byte, len(things))
	if err := r.Run(want, sched.SliceOf(things), 1); err != nil {
		t.Fatal(err)
	}
	got := make([][32]byte, len(things))
	if err := r.Run(got, sched.SliceOfReflect(reflect.ValueOf(things)), 1); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SliceOfReflect roots differ from SliceOf's")
	}
	var one [1][32]byte
	if err := r.Run(one[:], sched.ValueOfReflect(reflect.ValueOf(things).Index(4)), 1); err != nil || one[0] != want[4] {
		t.Errorf("ValueOfReflect: root %x, err %v; want %x", one[0], err, want[4])
	}
	var se *sched.Error
	for name, in := range map[string]sched.Input{
		"value not addressable": sched.ValueOfReflect(reflect.ValueOf(things[0])),
		"not a slice":           sched.SliceOfReflect(reflect.ValueOf(&things[0])),
	} {
		if err := r.Run(one[:], in, 1); !errors.As(err, &se) || se.Kind != graph.KindType {
			t.Errorf("%s: err = %v, want an error of kind type", name, err)
		}
	}
}
