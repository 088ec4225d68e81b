// Package avx512floor measures, on the CPU at hand, the issue rate of
// the zmm instructions the 16-lane SHA-256 kernel and the 8-lane
// Keccak-256 kernel (lanes/avx512) are made of. For Keccak: VPROLQ and
// VPTERNLOGQ alone and in the round's mix (m_keccak). For SHA-256:
// VPRORD/VPROLD, VPSRLD, VPADDD (register, full-width and broadcast
// memory operands), VPTERNLOGD and register moves, one class at a time,
// mixed, and as dependency chains (latency); and the candidates for
// taking rotates off the two shift pipes (VBMI2's VPSHLDD, VPMULLD for a
// left shift, GFNI's VGF2P8AFFINEQB), alone and 1:1 with VPRORD. On Zen 5
// VPSHLDD and VPMULLD share VPRORD's two pipes (1:1 still 2 per cycle);
// VGF2P8AFFINEQB issues beside them (2.94 per cycle) but works within a
// byte, so no 32-bit rotate is one of it. It also times what would
// replace the kernel's transposes (VPGATHERDD and VPSCATTERDD zmm alone
// and beside the rounds; 128- and 256-bit loads, broadcasts, inserts
// and extracts; the load transpose itself, tr_load and tr_load256) and
// the pipelined Pairs' steady state in its two loops, rounds beside the
// schedule and rounds 48..63 (ph_sched_*, ph_rest_*), in several
// instruction orders and round forms. It is a measuring harness,
// not part of lanehash: it lives in the generator module so that nothing
// of it ships.
//
// The minimum instruction mix of one 64-byte pair on 16 lanes (counts
// per 16 pairs, one zmm instruction each): 128 rounds × (6 VPADDD, 6
// VPRORD, 4 VPTERNLOGD: Ch, Maj and the two Σ xors); the first block's
// 48 scheduled words × (6 VPRORD/VPSRLD, 2 VPTERNLOGD, 3 VPADDD); 64
// adds of K[t] in the first block (the padding block's W+K is a
// constant table, one broadcast add inside the round's six); 16 adds of
// the two feed-forwards. That is 1,056 rotates and shifts, 992 adds and
// 608 VPTERNLOGD, 2,656 in all: 166 per pair (stream m_sha). The
// kernel's stream also carries register moves (before Ch and Maj) and
// memory and broadcast operands; m_sha_mov, m_sha_mem and m_sha_all add
// them to the same mix, and on Zen 5 all run at m_sha's 41.5 cycles per
// pair: neither costs issue slots in an independent mix.
//
// The floor of a kernel is the sum over its instruction classes of
// count / throughput where classes share ports (the mixes tell which
// do), expressed in ns per pair at the clock addChain measures. Run it
// pinned and repeated on a shared machine:
//
//	cd lanes/_asm && FLOOR=1 FLOOR_N=2000 taskset -c 1 go test ./avx512floor -run Floor -v
package avx512floor

//go:generate go run gen.go
