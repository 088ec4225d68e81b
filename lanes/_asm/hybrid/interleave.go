package main

// emission is a list of instruction groups, each emitting a few
// instructions when called; the order within one list is program order.
type emission []func()

// interleave emits a and b as one stream: after group i of a, the
// groups of b up to (i+1)·len(b)/len(a), so b is spread evenly over a.
// The two lists must not share registers.
func interleave(a, b emission) {
	switch drop {
	case "vec":
		a = emission{func() {}}
	case "sha":
		b = nil
	}
	j := 0
	for i, f := range a {
		f()
		for ; j < (i+1)*len(b)/len(a); j++ {
			b[j]()
		}
	}
	for ; j < len(b); j++ {
		b[j]()
	}
}

// drop is the -drop flag: which half interleave leaves out.
var drop string
