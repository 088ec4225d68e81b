package plan

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/lanehash/lanehash/internal/hostile"
	"github.com/lanehash/lanehash/sched"
	"github.com/lanehash/lanehash/ssz"
)

// rootOfValue hashes one value of a type known only at run time with a
// compiled core.
func (c *core) rootOfValue(v reflect.Value) ([32]byte, error) {
	root, err := c.run.Root(sched.ValueOfReflect(v), c.workers)
	if err == nil {
		return root, nil
	}
	// As Root: the one value, its first defect in field order.
	return root, c.valueDefect(err, v)
}

// checkPlanShape is one hostile case of the plan: the plan must reject
// exactly what the oracle rejects, and root the zero value, a sample, and
// a slice of both (every element in one lockstep group) to the oracle's
// roots.
func checkPlanShape(s *hostile.Shape, opts ...Option) error {
	top := hostile.ContainerOf(s)
	want := hostile.Expect(top)
	var c core
	err := c.init(top.Go, opts)
	if want.Verdict != hostile.Accept {
		sentinel := map[hostile.Verdict]error{hostile.Tag: ssz.ErrTag, hostile.Overflow: ssz.ErrOverflow}[want.Verdict]
		if !errors.Is(err, sentinel) {
			return fmt.Errorf("PlanFor: %v, want %v", err, sentinel)
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("PlanFor: %v", err)
	}
	zero := reflect.New(top.Go).Elem()
	if got, err := c.rootOfValue(zero); err != nil || got != want.ZeroRoot {
		return fmt.Errorf("zero value: %x, %v; want %x", got, err, want.ZeroRoot)
	}
	v, root := hostile.Sample(top)
	sv := reflect.New(top.Go).Elem()
	sv.Set(v)
	if got, err := c.rootOfValue(sv); err != nil || got != root {
		return fmt.Errorf("sample: %x, %v; want %x", got, err, root)
	}
	all := reflect.MakeSlice(reflect.SliceOf(top.Go), 5, 5)
	all.Index(1).Set(v)
	all.Index(3).Set(v)
	dst := make([][32]byte, 5)
	if err := wrap(c.run.Run(dst, sched.SliceOfReflect(all), 2)); err != nil {
		return fmt.Errorf("RootAll: %v", err)
	}
	for i, r := range dst {
		w := want.ZeroRoot
		if i%2 == 1 {
			w = root
		}
		if r != w {
			return fmt.Errorf("RootAll[%d]: %x, want %x", i, r, w)
		}
	}
	return nil
}

// TestHostileTypesPlan runs every generated shape through the plan in a
// child process with a memory cap (see ssz's TestHostileTypes for the
// reference side).
func TestHostileTypesPlan(t *testing.T) {
	depth := 2
	if testing.Short() {
		depth = 1
	}
	var cases []hostile.Case
	for _, s := range hostile.Generate(depth) {
		cases = append(cases, hostile.Case{Name: s.Name + " `" + string(s.Tag()) + "`", Run: func() error { return checkPlanShape(s) }})
	}
	hostile.Isolated(t, cases, hostile.DefaultLimits)
}

// TestRecursiveTypesPlan checks that PlanFor rejects every generated
// recursive type, in a child process.
func TestRecursiveTypesPlan(t *testing.T) {
	var cases []hostile.Case
	for _, rt := range hostile.RecursiveTypes {
		cases = append(cases, hostile.Case{Name: rt.String(), Run: func() error {
			var c core
			if err := c.init(rt, nil); !errors.Is(err, ssz.ErrRecursive) {
				return fmt.Errorf("error %v, want ErrRecursive", err)
			}
			return nil
		}})
	}
	hostile.Isolated(t, cases, hostile.DefaultLimits)
}
