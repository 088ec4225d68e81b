package main

import . "github.com/mmcloughlin/avo/reg"

// ymm lists the 16 vector registers of AVX2 by number.
var ymm = [16]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}

// pool hands out the ymm registers that hold nothing live, for the
// transposes around the permutation (which uses fixed registers).
type pool struct{ free []VecPhysical }

// newPool returns a pool of every ymm register not in busy.
func newPool(busy ...VecPhysical) *pool {
	p := &pool{}
	for _, r := range ymm {
		taken := false
		for _, b := range busy {
			if b.ID() == r.ID() {
				taken = true
			}
		}
		if !taken {
			p.free = append(p.free, r)
		}
	}
	return p
}

func (p *pool) get() VecPhysical {
	if len(p.free) == 0 {
		panic("avx2keccak: out of ymm registers")
	}
	r := p.free[0]
	p.free = p.free[1:]
	return r
}
