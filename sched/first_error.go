package sched

import "golang.org/x/sync/errgroup"

// rootsInOrder is r.roots over in, with the error of the lowest failing
// instance. Rooters work field by field (or element batch by element
// batch) across all instances, so the first error they meet is the
// first in field order, not in instance order: instance 6 with a bad
// first field is met before instance 5 with a bad last field. On error
// the instances before the reported one are rerun one by one, so the
// error names the first bad instance, as the reference would, whatever
// the field order or the worker timing. Only failing calls pay.
func rootsInOrder(x *run, r rooter, dst [][32]byte, in Input) error {
	err := r.roots(x, dst, in)
	if err == nil || in.n <= 1 {
		return err
	}
	limit := in.n
	if e, ok := err.(*Error); ok && e.Index >= 0 && e.Index < limit {
		limit = e.Index
	}
	var one [1][32]byte
	for i := 0; i < limit; i++ {
		p, serr := in.at(i)
		if serr == nil {
			serr = r.roots(x, one[:], Input{base: p, n: 1})
		}
		if serr != nil {
			return setIndex(serr, i)
		}
	}
	return err
}

// inSpans runs f over [0, n) cut into spans of per (the last takes the
// rest), each on its own goroutine, and returns the error of the lowest
// failing span. Each span stops at its first error, so that is the
// lowest failing index, whichever goroutine finished first.
func inSpans(n, per int, f func(lo, hi int) error) error {
	errs := make([]error, (n+per-1)/per)
	var g errgroup.Group
	for k := range errs {
		lo := k * per
		g.Go(func() error { errs[k] = f(lo, min(lo+per, n)); return nil })
	}
	_ = g.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
