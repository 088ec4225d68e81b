//go:build ignore

// gen writes floor_amd64.s and funcs_amd64.go: synthetic zmm instruction
// streams whose throughput bounds what the 16-lane SHA-256 kernel can
// reach (see doc.go). Run it through go generate in this directory.
package main

import (
	"fmt"
	"os"
	"strings"
)

type variant struct {
	name, doc string
	body      []string
	pre       []string
}

var variants []variant

func add(name, doc string, body []string, pre ...string) {
	variants = append(variants, variant{name, doc, body, pre})
}

// dst names the destination of the i-th op of a throughput stream: 28
// registers in turn, so that an op waits on nothing issued in the last
// 27 (sources Z0 and Z31 are never written).
func dst(i int) string { return fmt.Sprintf("Z%d", 2+i%28) }

// ops returns n independent zmm ops of one class.
func ops(class string, n int) []string {
	var l []string
	for i := 0; i < n; i++ {
		d := dst(i)
		var s string
		switch class {
		case "rord":
			s = "VPRORD $7, Z0, " + d
		case "rold":
			s = "VPROLD $7, Z0, " + d
		case "rolq":
			s = "VPROLQ $7, Z0, " + d
		case "ternq":
			s = "VPTERNLOGQ $0x96, Z31, Z0, " + d
		case "srld":
			s = "VPSRLD $3, Z0, " + d
		case "addd":
			s = "VPADDD Z31, Z0, " + d
		case "tern":
			// The destination is the third source: 28 chains of
			// 1 op per 28, throughput-bound.
			s = "VPTERNLOGD $0x96, Z31, Z0, " + d
		case "addmem":
			s = fmt.Sprintf("VPADDD %d(SI), Z0, %s", 64*(i%16), d)
		case "addbcst":
			s = fmt.Sprintf("VPADDD.BCST %d(SI), Z0, %s", 4*(i%16), d)
		case "pshufb":
			s = "VPSHUFB Z31, Z0, " + d
		case "unpck":
			s = "VPUNPCKLDQ Z31, Z0, " + d
		case "shuf128":
			s = "VSHUFI32X4 $0x44, Z31, Z0, " + d
		case "shldd":
			// VBMI2's concatenated shift of a register with itself:
			// a rotate left (by 25: the rotate right by 7).
			s = "VPSHLDD $25, Z0, Z0, " + d
		case "mulld":
			s = "VPMULLD Z31, Z0, " + d
		case "gf2p8":
			s = "VGF2P8AFFINEQB $0, Z31, Z0, " + d
		case "mov":
			s = "VMOVDQA32 Z0, " + d
		case "store":
			s = fmt.Sprintf("VMOVDQA32 Z0, %d(SI)", 1024+64*(i%16))
		case "bcst128":
			s = fmt.Sprintf("VBROADCASTI32X4 %d(SI), %s", 16*(i%64), d)
		case "bcst128k":
			// Merge-masked into one 128-bit chunk (K2..K5 = 0x000f << 4k):
			// a load that places a message row's chunk in a lane group.
			s = fmt.Sprintf("VBROADCASTI32X4 %d(SI), K%d, %s", 16*(i%64), 2+i%4, d)
		case "bcst256k":
			// A 256-bit row half merged into the upper half (K6 = 0xf0,
			// qwords), as the kernel's load transpose.
			s = fmt.Sprintf("VBROADCASTI64X4 %d(SI), K6, %s", 32*(i%32), d)
		case "load256":
			s = fmt.Sprintf("VMOVDQU32 %d(SI), %s", 32*(i%32), strings.Replace(d, "Z", "Y", 1))
		case "insert128":
			s = fmt.Sprintf("VINSERTI32X4 $%d, %d(SI), %s, %s", 1+i%3, 16*(i%64), d, d)
		case "extract128":
			s = fmt.Sprintf("VEXTRACTI32X4 $%d, Z%d, %d(SI)", i%4, 2+i%28, 1024+16*(i%64))
		case "gatherkx":
			// A gather clears its mask as it completes, so each one
			// re-sets it first; KXNORW of K1 with itself reads K1,
			// which ties each gather to the one before it unless the
			// core breaks that dependency.
			s = fmt.Sprintf("KXNORW K1, K1, K1\n\tVPGATHERDD %d(SI)(Z30*1), K1, %s", 4*(i%16), d)
		case "gather":
			// The mask re-set from a general register (R8 = 0xffff),
			// a different k-register each time: no dependency on the
			// gathers before.
			k := 1 + i%7
			s = fmt.Sprintf("KMOVW R8, K%d\n\tVPGATHERDD %d(SI)(Z30*1), K%d, %s", k, 4*(i%16), k, d)
		case "gatherw":
			// A message word as the kernel would fetch it: gather
			// word j of 16 rows 64 bytes apart, byte swap, store to
			// the scratch (three instructions).
			k := 1 + i%7
			s = fmt.Sprintf("KMOVW R8, K%d\n\tVPGATHERDD %d(SI)(Z30*1), K%d, %s\n\tVPSHUFB Z31, %s, %s\n\tVMOVDQA32 %s, %d(SI)", k, 4*(i%16), k, d, d, d, d, 1024+64*(i%16))
		case "scatter":
			// A digest word as the kernel would store it without the
			// store transpose: word j of 16 rows 32 bytes apart.
			k := 1 + i%7
			s = fmt.Sprintf("KMOVW R8, K%d\n\tVPSCATTERDD Z0, K%d, %d(SI)(Z1*1)", k, k, 1024+4*(i%8))
		default:
			panic(class)
		}
		l = append(l, s)
	}
	return l
}

// mix interleaves classes with the given weights into n ops, each class
// spread evenly, every op independent (destinations rotate over all).
func mix(n int, classes []string, weights []int) []string {
	total := 0
	for _, w := range weights {
		total += w
	}
	var l []string
	acc := make([]float64, len(classes))
	for i := 0; i < n; i++ {
		// pick the class furthest behind its share
		best, bestGap := 0, -1e9
		for k, w := range weights {
			gap := float64(i+1)*float64(w)/float64(total) - acc[k]
			if gap > bestGap {
				best, bestGap = k, gap
			}
		}
		acc[best]++
		l = append(l, ops(classes[best], i+1)[i])
	}
	return l
}

// chain returns n ops of class each depending on the previous one.
func chain(class string, n int) []string {
	var l []string
	for i := 0; i < n; i++ {
		switch class {
		case "addd":
			l = append(l, "VPADDD Z31, Z1, Z1")
		case "rord":
			l = append(l, "VPRORD $7, Z1, Z1")
		case "tern":
			l = append(l, "VPTERNLOGD $0x96, Z31, Z0, Z1")
		}
	}
	return l
}

func main() {
	add("addChain", "100 dependent ADDQ: ns per iteration / 100 = ns per cycle", repeat("ADDQ $1, AX", 100))
	const n = 56
	for _, c := range []string{"rolq", "ternq", "rord", "rold", "srld", "addd", "tern", "addmem", "addbcst", "mov", "store", "pshufb", "unpck", "shuf128", "shldd", "mulld", "gf2p8"} {
		add("z_"+c, fmt.Sprintf("%d independent zmm %s", n, c), ops(c, n))
	}
	// Keccak-f[1600] on eight 64-bit lanes (lanes/avx512's
	// keccak256/avx512x8): per round 29 VPROLQ (θ's five and ρ's 24)
	// and 66 VPTERNLOGQ and VPXORQ.
	add("m_keccak", "56 ops, VPROLQ:VPTERNLOGQ 29:66", mix(n, []string{"rolq", "ternq"}, []int{29, 66}))
	// Gathers and scatters: Z30 is the gather index (lane × 64, rows of
	// a 64-byte message), Z1 the scatter index (lane × 32, digests; no
	// stream here writes Z1).
	gpre := []string{"MOVL $0xffff, R8", "VMOVDQU32 gidx<>(SB), Z30", "VPSRLD $1, Z30, Z1"}
	// Transposes through the load and store units: a 128-bit chunk
	// broadcast into a lane group under a mask (K2..K5), inserted, or
	// extracted to memory, against z_unpck and z_shuf128.
	kpre := []string{"MOVL $0x000f, AX", "KMOVW AX, K2", "MOVL $0x00f0, AX", "KMOVW AX, K3", "MOVL $0x0f00, AX", "KMOVW AX, K4", "MOVL $0xf000, AX", "KMOVW AX, K5"}
	for _, c := range []string{"bcst128", "bcst128k", "insert128", "extract128"} {
		add("z_"+c, fmt.Sprintf("%d independent zmm %s", n, c), ops(c, n), kpre...)
	}
	// The pipeline's load transpose of one group as the kernel emits it
	// (16 row loads, byte swaps, 4×4 dword transposes, two 128-bit chunk
	// stages, 16 stores of W[0..15] to the scratch), against a form whose
	// first chunk stage is done by the loads (a 256-bit load and a
	// 256-bit broadcast merged into the upper half per register).
	kpre6 := append(append([]string{}, kpre...), "MOVL $0xf0, AX", "KMOVW AX, K6")
	add("tr_load", "the load transpose of one group, as the kernel", transposeStream(false), kpre...)
	add("tr_load256", "the load transpose of one group, first chunk stage by 256-bit loads", transposeStream(true), kpre6...)
	for _, c := range []string{"bcst256k", "load256"} {
		add("z_"+c, fmt.Sprintf("%d independent zmm %s", n, c), ops(c, n), kpre6...)
	}
	add("m_shuf128_bcst256k", "56 ops, VSHUFI32X4:masked VBROADCASTI64X4 1:1", mix(n, []string{"shuf128", "bcst256k"}, []int{1, 1}), kpre6...)
	add("m_shuf128_unpck", "56 ops, VSHUFI32X4:VPUNPCKLDQ 1:1", mix(n, []string{"shuf128", "unpck"}, []int{1, 1}))
	add("m_shuf128_pshufb", "56 ops, VSHUFI32X4:VPSHUFB 1:1", mix(n, []string{"shuf128", "pshufb"}, []int{1, 1}))
	add("m_shuf128_extract", "56 ops, VSHUFI32X4:VEXTRACTI32X4 to memory 1:1", mix(n, []string{"shuf128", "extract128"}, []int{1, 1}), kpre...)
	add("m_shuf128_bcst128k", "56 ops, VSHUFI32X4:masked VBROADCASTI32X4 1:1", mix(n, []string{"shuf128", "bcst128k"}, []int{1, 1}), kpre...)
	for _, c := range []string{"gatherkx", "gather", "gatherw", "scatter"} {
		add("z_"+c, fmt.Sprintf("16 independent zmm %s (each with its mask re-set)", c), ops(c, 16), gpre...)
	}
	// One message word's gather (with its byte swap and store) per
	// pair beside the minimum mix, and beside the padding-block rounds
	// of two groups (one per round: 16 per group, in 16 of the data
	// block's rounds in the kernel); half a digest word's scatter per
	// pair beside the minimum mix (8 per group of 16).
	add("m_sha_gather", "the minimum mix per pair and one gathered, swapped, stored message word", append(mix(166, []string{"rord", "addd", "tern"}, []int{66, 62, 38}), ops("gatherw", 1)...), gpre...)
	add("m_sha_gather2", "the minimum mix per pair and one bare gather", append(mix(166, []string{"rord", "addd", "tern"}, []int{66, 62, 38}), ops("gather", 1)...), gpre...)
	add("m_sha2_scatter", "the minimum mix of two pairs and one scatter of a digest word", append(mix(332, []string{"rord", "addd", "tern"}, []int{66, 62, 38}), ops("scatter", 1)...), gpre...)
	add("r2_long_gather", "8 padding-block rounds of 2 groups, long form, one gathered message word per round", withEvery(roundStream(2, false, false), 8, "gatherw"), gpre...)
	add("r2_long_gather0", "8 padding-block rounds of 2 groups, long form, and the same swap and store without the gather (a plain load)", withEvery(roundStream(2, false, false), 8, "loadw"), gpre...)
	// The pipelined Pairs' steady state: a padding block's rounds beside
	// a data block's, the data block scheduling W[t+16] beside round t
	// (ph_sched_*, rounds 0..47) or not (ph_rest_*, rounds 48..63), 8
	// rounds per iteration, in orders and forms to compare with the
	// kernel's (ph_*_zip: one instruction of each block in turn, the
	// padding block first, the schedule merged into the data round).
	for _, v := range []string{"zip", "datazip", "padfirst", "datafirst", "schedpad", "padshort", "schedlate"} {
		add("ph_sched_"+v, "8 rounds of a padding block beside a scheduling data block, "+v, phaseStream(true, v), phasePre...)
	}
	for _, v := range []string{"spread", "spreadshort"} {
		add("ph_"+v, "8 rounds of a padding block beside a data block scheduling 6 words (48 over 64 rounds), "+v, phaseStream(true, v), phasePre...)
	}
	for _, v := range []string{"zip", "padfirst", "padshort", "datashort", "bothshort"} {
		add("ph_rest_"+v, "8 rounds of a padding block beside a data block's last rounds, "+v, phaseStream(false, v), phasePre...)
	}
	for _, c := range []string{"addd", "rord", "tern"} {
		add("lat_"+c, "16 dependent zmm "+c+": latency", chain(c, 16))
	}
	add("m_rord_addd", "56 zmm ops, VPRORD:VPADDD 1:1", mix(n, []string{"rord", "addd"}, []int{1, 1}))
	add("m_rord_tern", "56 zmm ops, VPRORD:VPTERNLOGD 1:1", mix(n, []string{"rord", "tern"}, []int{1, 1}))
	add("m_addd_tern", "56 zmm ops, VPADDD:VPTERNLOGD 1:1", mix(n, []string{"addd", "tern"}, []int{1, 1}))
	add("m_rord_shldd", "56 zmm ops, VPRORD:VPSHLDD 1:1", mix(n, []string{"rord", "shldd"}, []int{1, 1}))
	add("m_rord_mulld", "56 zmm ops, VPRORD:VPMULLD 1:1", mix(n, []string{"rord", "mulld"}, []int{1, 1}))
	add("m_rord_gf2p8", "56 zmm ops, VPRORD:VGF2P8AFFINEQB 1:1", mix(n, []string{"rord", "gf2p8"}, []int{1, 1}))
	add("m_all", "56 zmm ops, VPRORD:VPADDD:VPTERNLOGD 1:1:1", mix(n, []string{"rord", "addd", "tern"}, []int{1, 1, 1}))
	// The kernel's minimum mix per pair (rotates and shifts, adds,
	// VPTERNLOGD): see doc.go for the counts.
	add("m_sha", "the minimum SHA-256 mix per pair, 66:62:38 rotate/shift:add:ternlog, independent", mix(166, []string{"rord", "addd", "tern"}, []int{66, 62, 38}))
	// The minimum mix with what the kernel's instruction stream carries
	// beside it: the register moves before Ch and Maj (2 per round and
	// group, 16 per pair), and 24 of its adds taking W, K, W+K or a
	// schedule word as a memory or broadcast operand. Against m_sha they
	// tell whether eliminated moves and folded loads cost issue slots.
	add("m_sha_mov", "the minimum mix and 16 register moves per pair, independent", mix(182, []string{"rord", "addd", "tern", "mov"}, []int{66, 62, 38, 16}))
	add("m_sha_mem", "the minimum mix with 24 of its adds taking a memory or broadcast operand, independent", mix(166, []string{"rord", "addd", "tern", "addmem", "addbcst"}, []int{66, 38, 38, 12, 12}))
	add("m_sha_all", "the minimum mix, 16 moves and 24 memory-operand adds per pair, independent", mix(182, []string{"rord", "addd", "tern", "addmem", "addbcst", "mov"}, []int{66, 38, 38, 12, 12, 16}))
	add("m_kernel", "avx512x16's two-group mix per pair, 66:70:38 rotate/shift:add:ternlog, independent", mix(174, []string{"rord", "addd", "tern"}, []int{66, 70, 38}))

	// The padding block's rounds as the kernel emits them (W+K a
	// broadcast add, Ch and Maj one VPTERNLOGD each after a move), for
	// 1, 2 and 3 independent groups: 8 rounds per iteration and group.
	for _, form := range []string{"long", "short"} {
		for k := 1; k <= 3; k++ {
			body := roundStream(k, form == "short", k == 3)
			add(fmt.Sprintf("r%d_%s", k, form), fmt.Sprintf("8 padding-block rounds of %d group(s), %s-e form", k, form), body)
		}
	}

	for _, form := range []string{"long", "short"} {
		add("r2s_"+form, "8 padding-block rounds of 2 groups, "+form+"-e form, one group after the other", roundStream(2, form == "short", true))
	}
	for k := 1; k <= 2; k++ {
		add(fmt.Sprintf("r%d_nomove", k), fmt.Sprintf("8 padding-block rounds of %d group(s), short-e form without moves (h+W+K and d+h+W+K a round ahead)", k), roundStreamNoMove(k))
	}

	var s strings.Builder
	s.WriteString("// Code generated by gen.go. DO NOT EDIT.\n\n#include \"textflag.h\"\n")
	// gidx: the gather index, lane × 64.
	for l := 0; l < 16; l++ {
		fmt.Fprintf(&s, "\nDATA gidx<>+%d(SB)/4, $%d", 4*l, 64*l)
	}
	s.WriteString("\nGLOBL gidx<>(SB), RODATA|NOPTR, $64\n")
	var g strings.Builder
	g.WriteString("// Code generated by gen.go. DO NOT EDIT.\n\n//go:build amd64\n\npackage avx512floor\n\n")
	for _, v := range variants {
		fmt.Fprintf(&s, "\n// %s: %s\nTEXT ·%s(SB), NOSPLIT, $0-16\n", v.name, v.doc, v.name)
		s.WriteString("\tMOVQ n+0(FP), CX\n\tMOVQ buf+8(FP), SI\n\tVPTERNLOGD $0xff, Z0, Z0, Z0\n\tVMOVDQA32 Z0, Z31\n\tVMOVDQA32 Z0, Z1\n")
		for _, p := range v.pre {
			s.WriteString("\t" + p + "\n")
		}
		fmt.Fprintf(&s, "\tPCALIGN $64\nloop_%s:\n", v.name)
		for _, b := range v.body {
			s.WriteString("\t" + b + "\n")
		}
		fmt.Fprintf(&s, "\tDECQ CX\n\tJNZ loop_%s\n\tVZEROUPPER\n\tRET\n", v.name)
		fmt.Fprintf(&g, "// %s runs n ≥ 1 iterations of %s (buf: 2 KB, 64-byte aligned).\n//\n//go:noescape\nfunc %s(n uint64, buf *byte)\n\n", v.name, v.doc, v.name)
	}
	g.WriteString("// variants lists every stream with its ops per iteration.\nvar variants = []struct {\n\tname string\n\tf    func(uint64, *byte)\n\tops  int\n}{\n")
	for _, v := range variants {
		fmt.Fprintf(&g, "\t{%q, %s, %d},\n", v.name, v.name, len(v.body))
	}
	g.WriteString("}\n")
	must(os.WriteFile("floor_amd64.s", []byte(s.String()), 0o644))
	must(os.WriteFile("funcs_amd64.go", []byte(g.String()), 0o644))
}

// withEvery inserts one op of class after every len(body)/n ops of
// body (n in all), spread evenly.
func withEvery(body []string, n int, class string) []string {
	var out []string
	step := len(body) / n
	k := 0
	for i, b := range body {
		out = append(out, b)
		if (i+1)%step == 0 && k < n {
			var s string
			if class == "loadw" {
				d := "Z28"
				s = fmt.Sprintf("VMOVDQU32 %d(SI), %s\n\tVPSHUFB Z31, %s, %s\n\tVMOVDQA32 %s, %d(SI)", 64*(k%16), d, d, d, d, 1024+64*(k%16))
			} else {
				s = strings.Replace(ops(class, 1)[0], "Z2", "Z28", -1)
			}
			out = append(out, s)
			k++
		}
	}
	return out
}

// phasePre points DI at the phase streams' W ring (16 slots of 64
// bytes), SI stays the K and W+K tables (at SI+1024 and SI+1056).
var phasePre = []string{"MOVQ SI, DI", "ADDQ $1024, SI"}

// roundOps is one round of the 16-lane kernel as strings, in the
// generator's order (lanes/_asm/avx512sha256 roundSteps): s the state
// names a..h (renamed on return), t four temporaries, wk the
// instructions adding W+K to h.
func roundOps(s *[8]string, t [4]string, short bool, wk []string) []string {
	a, b, c, d, e, f, g, h := s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
	t0, t1, t2, t3 := t[0], t[1], t[2], t[3]
	l := []string{}
	for _, w := range wk {
		l = append(l, fmt.Sprintf(w, h, h))
	}
	l = append(l,
		"VMOVDQA32 "+e+", "+t3,
		"VPTERNLOGD $0xca, "+g+", "+f+", "+t3,
		"VPRORD $6, "+e+", "+t0,
		"VPRORD $11, "+e+", "+t1,
		"VPRORD $25, "+e+", "+t2,
		"VPTERNLOGD $0x96, "+t2+", "+t1+", "+t0)
	if short {
		l = append(l, "VPADDD "+h+", "+d+", "+d, "VPADDD "+t3+", "+d+", "+d, "VPADDD "+t3+", "+h+", "+h, "VPADDD "+t0+", "+d+", "+d, "VPADDD "+t0+", "+h+", "+h)
	} else {
		l = append(l, "VPADDD "+t3+", "+h+", "+h, "VPADDD "+t0+", "+h+", "+h, "VPADDD "+h+", "+d+", "+d)
	}
	l = append(l,
		"VMOVDQA32 "+a+", "+t3,
		"VPTERNLOGD $0xe8, "+c+", "+b+", "+t3,
		"VPRORD $2, "+a+", "+t0,
		"VPRORD $13, "+a+", "+t1,
		"VPRORD $22, "+a+", "+t2,
		"VPTERNLOGD $0x96, "+t2+", "+t1+", "+t0,
		"VPADDD "+t3+", "+h+", "+h,
		"VPADDD "+t0+", "+h+", "+h)
	*s = [8]string{s[7], s[0], s[1], s[2], s[3], s[4], s[5], s[6]}
	return l
}

// schedOps computes W[t] into the ring at DI from W[t-2], W[t-7],
// W[t-15], W[t-16] (slots mod 16), as the generator's scheduleMem.
func schedOps(t int, r [4]string) []string {
	at := func(t int) string { return fmt.Sprintf("%d(DI)", 64*(t%16)) }
	w, x, y, z := r[0], r[1], r[2], r[3]
	return []string{
		"VMOVDQA32 " + at(t-15) + ", " + w,
		"VMOVDQA32 " + at(t-2) + ", " + z,
		"VPRORD $7, " + w + ", " + x,
		"VPRORD $18, " + w + ", " + y,
		"VPSRLD $3, " + w + ", " + w,
		"VPTERNLOGD $0x96, " + y + ", " + x + ", " + w,
		"VPRORD $17, " + z + ", " + x,
		"VPRORD $19, " + z + ", " + y,
		"VPSRLD $10, " + z + ", " + z,
		"VPADDD " + at(t-16) + ", " + w + ", " + w,
		"VPTERNLOGD $0x96, " + y + ", " + x + ", " + z,
		"VPADDD " + at(t-7) + ", " + w + ", " + w,
		"VPADDD " + z + ", " + w + ", " + w,
		"VMOVDQA32 " + w + ", " + at(t),
	}
}

// mergeOps interleaves two lists evenly, each in its own order.
func mergeOps(a, b []string) []string {
	out := make([]string, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		if j >= len(b) || i < len(a) && (float64(i)+0.5)/float64(len(a)) <= (float64(j)+0.5)/float64(len(b)) {
			out = append(out, a[i])
			i++
		} else {
			out = append(out, b[j])
			j++
		}
	}
	return out
}

// zipOps takes one op of each list in turn.
func zipOps(lists ...[]string) []string {
	var out []string
	for i, more := 0, true; more; i++ {
		more = false
		for _, l := range lists {
			if i < len(l) {
				out = append(out, l[i])
				more = true
			}
		}
	}
	return out
}

// phaseStream emits 8 rounds of the pipeline's steady state: the
// padding block (Z8..Z15, temporaries Z20..Z23, W+K broadcast) beside
// the data block (Z0..Z7, Z16..Z19, W from the ring and K broadcast),
// with the data block's schedule (Z24..Z27) when sched. Orders: zip
// (the kernel's), datazip (the data block first in the zip), padfirst
// and datafirst (one block's round whole, then the other's), schedpad
// (the schedule merged into the padding round), padshort (the padding
// block in the short-e form; datashort, bothshort likewise), spread
// and spreadshort (the schedule in 6 of the 8 rounds, as 48 words
// spread over 64 rounds would be; long and short forms), schedlate (the schedule's ops zipped as a
// third stream after both rounds' rather than merged into one).
func phaseStream(sched bool, v string) []string {
	data := [8]string{"Z0", "Z1", "Z2", "Z3", "Z4", "Z5", "Z6", "Z7"}
	pad := [8]string{"Z8", "Z9", "Z10", "Z11", "Z12", "Z13", "Z14", "Z15"}
	dt := [4]string{"Z16", "Z17", "Z18", "Z19"}
	pt := [4]string{"Z20", "Z21", "Z22", "Z23"}
	st := [4]string{"Z24", "Z25", "Z26", "Z27"}
	var out []string
	for i := 0; i < 8; i++ {
		dr := roundOps(&data, dt, v == "datashort" || v == "bothshort" || v == "spreadshort", []string{fmt.Sprintf("VPADDD %d(DI), %%s, %%s", 64*i), fmt.Sprintf("VPADDD.BCST %d(SI), %%s, %%s", 4*i)})
		pr := roundOps(&pad, pt, v == "padshort" || v == "bothshort" || v == "spreadshort", []string{fmt.Sprintf("VPADDD.BCST %d(SI), %%s, %%s", 32+4*i)})
		var sc []string
		if sched && !(strings.HasPrefix(v, "spread") && i%4 == 3) {
			sc = schedOps(i+16, st)
		}
		switch v {
		case "zip", "padshort", "datashort", "bothshort", "spread", "spreadshort":
			out = append(out, zipOps(pr, mergeOps(dr, sc))...)
		case "datazip":
			out = append(out, zipOps(mergeOps(dr, sc), pr)...)
		case "padfirst":
			out = append(out, pr...)
			out = append(out, mergeOps(dr, sc)...)
		case "datafirst":
			out = append(out, mergeOps(dr, sc)...)
			out = append(out, pr...)
		case "schedpad":
			out = append(out, zipOps(mergeOps(pr, sc), dr)...)
		case "schedlate":
			out = append(out, zipOps(pr, dr, sc)...)
		default:
			panic(v)
		}
	}
	return out
}

// transposeStream emits one group's load transpose: rows of 64 bytes
// at SI, W[0..15] stored at SI+1024 (see tr_load, tr_load256).
func transposeStream(load256 bool) []string {
	z := func(i int) string { return fmt.Sprintf("Z%d", i) }
	var l []string
	rows := make([]string, 16)
	for i := range rows {
		rows[i] = z(i)
	}
	scr := make([]string, 16)
	for i := range scr {
		scr[i] = z(16 + i)
	}
	unpck := func(in, tmp, out [4]string) {
		l = append(l,
			"VPUNPCKLDQ "+in[1]+", "+in[0]+", "+tmp[0],
			"VPUNPCKHDQ "+in[1]+", "+in[0]+", "+tmp[1],
			"VPUNPCKLDQ "+in[3]+", "+in[2]+", "+tmp[2],
			"VPUNPCKHDQ "+in[3]+", "+in[2]+", "+tmp[3],
			"VPUNPCKLQDQ "+tmp[2]+", "+tmp[0]+", "+out[0],
			"VPUNPCKHQDQ "+tmp[2]+", "+tmp[0]+", "+out[1],
			"VPUNPCKLQDQ "+tmp[3]+", "+tmp[1]+", "+out[2],
			"VPUNPCKHQDQ "+tmp[3]+", "+tmp[1]+", "+out[3])
	}
	shuf := func(imm int, x, y, d string) {
		l = append(l, fmt.Sprintf("VSHUFI32X4 $0x%x, %s, %s, %s", imm, y, x, d))
	}
	if !load256 {
		for p := 0; p < 16; p++ {
			l = append(l, fmt.Sprintf("VMOVDQU32 %d(SI), %s", 64*p, rows[p]), "VPSHUFB Z31, "+rows[p]+", "+rows[p])
		}
		for g := 0; g < 4; g++ {
			r := [4]string{rows[4*g], rows[4*g+1], rows[4*g+2], rows[4*g+3]}
			unpck(r, [4]string{scr[4*g], scr[4*g+1], scr[4*g+2], scr[4*g+3]}, r)
		}
		for m := 0; m < 4; m++ {
			shuf(0x44, rows[m], rows[4+m], scr[4*m])
			shuf(0xee, rows[m], rows[4+m], scr[4*m+1])
			shuf(0x44, rows[8+m], rows[12+m], scr[4*m+2])
			shuf(0xee, rows[8+m], rows[12+m], scr[4*m+3])
		}
		for m := 0; m < 4; m++ {
			shuf(0x88, scr[4*m], scr[4*m+2], rows[m])
			shuf(0xdd, scr[4*m], scr[4*m+2], rows[4+m])
			shuf(0x88, scr[4*m+1], scr[4*m+3], rows[8+m])
			shuf(0xdd, scr[4*m+1], scr[4*m+3], rows[12+m])
		}
	} else {
		// P[m][h][p] (in scr[4m+2h+p]): half 0 = half h of row 8p+m,
		// half 1 = half h of row 8p+4+m.
		for m := 0; m < 4; m++ {
			for h := 0; h < 2; h++ {
				for p := 0; p < 2; p++ {
					d := scr[4*m+2*h+p]
					l = append(l,
						fmt.Sprintf("VMOVDQU32 %d(SI), %s", 64*(8*p+m)+32*h, strings.Replace(d, "Z", "Y", 1)),
						fmt.Sprintf("VBROADCASTI64X4 %d(SI), K6, %s", 64*(8*p+4+m)+32*h, d))
				}
			}
		}
		// X[m][c] (in rows[4c+m]) chunk k = chunk c of row 4k+m.
		for m := 0; m < 4; m++ {
			for h := 0; h < 2; h++ {
				shuf(0x88, scr[4*m+2*h], scr[4*m+2*h+1], rows[4*(2*h)+m])
				shuf(0xdd, scr[4*m+2*h], scr[4*m+2*h+1], rows[4*(2*h+1)+m])
			}
		}
		for p := 0; p < 16; p++ {
			l = append(l, "VPSHUFB Z31, "+rows[p]+", "+rows[p])
		}
		for c := 0; c < 4; c++ {
			r := [4]string{rows[4*c], rows[4*c+1], rows[4*c+2], rows[4*c+3]}
			unpck(r, [4]string{scr[4*c], scr[4*c+1], scr[4*c+2], scr[4*c+3]}, r)
		}
	}
	for j := 0; j < 16; j++ {
		l = append(l, fmt.Sprintf("VMOVDQA32 %s, %d(SI)", rows[j], 1024+64*j))
	}
	return l
}

func repeat(s string, n int) []string {
	l := make([]string, n)
	for i := range l {
		l[i] = s
	}
	return l
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// roundStream emits 8 rounds of k groups. One or two groups have their
// own temporaries, three share them; seq emits the groups' rounds one
// group after the other rather than instruction by instruction (three
// groups need it).
func roundStream(k int, shortE, seq bool) []string {
	z := func(i int) string { return fmt.Sprintf("Z%d", i) }
	states := [][8]string{}
	temps := [][4]string{}
	for g := 0; g < k; g++ {
		var st [8]string
		for j := range st {
			st[j] = z(8*g + j)
		}
		states = append(states, st)
		var t [4]string
		for j := range t {
			if k == 3 {
				t[j] = z(24 + j)
			} else {
				t[j] = z(16 + 4*g + j)
			}
		}
		temps = append(temps, t)
	}
	var out []string
	for i := 0; i < 8; i++ {
		lists := make([][]string, k)
		for g := 0; g < k; g++ {
			s := states[g]
			a, b, c, d, e, f, gg, h := s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
			t0, t1, t2, t3 := temps[g][0], temps[g][1], temps[g][2], temps[g][3]
			l := []string{
				fmt.Sprintf("VPADDD.BCST %d(SI), %s, %s", 4*i, h, h),
				fmt.Sprintf("VMOVDQA32 %s, %s", e, t3),
				fmt.Sprintf("VPTERNLOGD $0xca, %s, %s, %s", gg, f, t3),
				fmt.Sprintf("VPRORD $6, %s, %s", e, t0),
				fmt.Sprintf("VPRORD $11, %s, %s", e, t1),
				fmt.Sprintf("VPRORD $25, %s, %s", e, t2),
				fmt.Sprintf("VPTERNLOGD $0x96, %s, %s, %s", t2, t1, t0),
			}
			if shortE {
				l = append(l,
					fmt.Sprintf("VPADDD %s, %s, %s", h, d, d),
					fmt.Sprintf("VPADDD %s, %s, %s", t3, d, d),
					fmt.Sprintf("VPADDD %s, %s, %s", t3, h, h),
					fmt.Sprintf("VPADDD %s, %s, %s", t0, d, d),
					fmt.Sprintf("VPADDD %s, %s, %s", t0, h, h))
			} else {
				l = append(l,
					fmt.Sprintf("VPADDD %s, %s, %s", t3, h, h),
					fmt.Sprintf("VPADDD %s, %s, %s", t0, h, h),
					fmt.Sprintf("VPADDD %s, %s, %s", h, d, d))
			}
			l = append(l,
				fmt.Sprintf("VMOVDQA32 %s, %s", a, t3),
				fmt.Sprintf("VPTERNLOGD $0xe8, %s, %s, %s", c, b, t3),
				fmt.Sprintf("VPRORD $2, %s, %s", a, t0),
				fmt.Sprintf("VPRORD $13, %s, %s", a, t1),
				fmt.Sprintf("VPRORD $22, %s, %s", a, t2),
				fmt.Sprintf("VPTERNLOGD $0x96, %s, %s, %s", t2, t1, t0),
				fmt.Sprintf("VPADDD %s, %s, %s", t3, h, h),
				fmt.Sprintf("VPADDD %s, %s, %s", t0, h, h))
			states[g] = [8]string{s[7], s[0], s[1], s[2], s[3], s[4], s[5], s[6]}
			lists[g] = l
		}
		if seq {
			for _, l := range lists {
				out = append(out, l...)
			}
			continue
		}
		for j := 0; j < len(lists[0]); j++ {
			for _, l := range lists {
				out = append(out, l[j])
			}
		}
	}
	return out
}

// roundStreamNoMove is roundStream's short-e form with no register
// moves: round t computes h+W+K and d+h+W+K of round t+1 into two free
// registers from g and c before Ch and Maj overwrite g and c in place
// (g and c are not needed after that: as h and d of the next rounds they
// only enter those two sums). 13 registers per group.
func roundStreamNoMove(k int) []string {
	z := func(i int) string { return fmt.Sprintf("Z%d", i) }
	type st struct{ a, b, c, e, f, g, H, DH, X, Y, t0, t1, t2 string }
	groups := make([]st, k)
	for g := range groups {
		b := 13 * g
		groups[g] = st{z(b), z(b + 1), z(b + 2), z(b + 3), z(b + 4), z(b + 5), z(b + 6), z(b + 7), z(b + 8), z(b + 9), z(b + 10), z(b + 11), z(b + 12)}
	}
	var out []string
	for i := 0; i < 8; i++ {
		lists := make([][]string, k)
		for gi := range groups {
			s := groups[gi]
			lists[gi] = []string{
				fmt.Sprintf("VPADDD.BCST %d(SI), %s, %s", 4*((i+1)%8), s.g, s.X),
				fmt.Sprintf("VPADDD %s, %s, %s", s.X, s.c, s.Y),
				fmt.Sprintf("VPTERNLOGD $0xd8, %s, %s, %s", s.e, s.f, s.g),
				fmt.Sprintf("VPRORD $6, %s, %s", s.e, s.t0),
				fmt.Sprintf("VPRORD $11, %s, %s", s.e, s.t1),
				fmt.Sprintf("VPRORD $25, %s, %s", s.e, s.t2),
				fmt.Sprintf("VPTERNLOGD $0x96, %s, %s, %s", s.t2, s.t1, s.t0),
				fmt.Sprintf("VPADDD %s, %s, %s", s.g, s.DH, s.DH),
				fmt.Sprintf("VPADDD %s, %s, %s", s.g, s.H, s.H),
				fmt.Sprintf("VPADDD %s, %s, %s", s.t0, s.DH, s.DH),
				fmt.Sprintf("VPADDD %s, %s, %s", s.t0, s.H, s.H),
				fmt.Sprintf("VPTERNLOGD $0xe8, %s, %s, %s", s.a, s.b, s.c),
				fmt.Sprintf("VPRORD $2, %s, %s", s.a, s.t0),
				fmt.Sprintf("VPRORD $13, %s, %s", s.a, s.t1),
				fmt.Sprintf("VPRORD $22, %s, %s", s.a, s.t2),
				fmt.Sprintf("VPTERNLOGD $0x96, %s, %s, %s", s.t2, s.t1, s.t0),
				fmt.Sprintf("VPADDD %s, %s, %s", s.c, s.H, s.H),
				fmt.Sprintf("VPADDD %s, %s, %s", s.t0, s.H, s.H),
			}
			groups[gi] = st{s.H, s.a, s.b, s.DH, s.e, s.f, s.X, s.Y, s.g, s.c, s.t0, s.t1, s.t2}
		}
		for j := 0; j < len(lists[0]); j++ {
			for _, l := range lists {
				out = append(out, l[j])
			}
		}
	}
	return out
}
