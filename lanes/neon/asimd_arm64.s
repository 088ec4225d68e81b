//go:build !purego

#include "textflag.h"

// SHA-256 of four 64-byte messages at once on Advanced SIMD, one message
// per 32-bit lane: each of the eight state words a..h and each of the 16
// live message-schedule words W[t] is one vector holding that word for
// all four messages. This is the kernel for arm64 CPUs without the SHA2
// instructions; it is one round per 27 vector instructions.
//
// One round (FIPS 180-4, 6.2.2), with the state names rotating instead
// of the values moving:
//
//	h += K[t] + W[t]
//	h += Σ1(e) + Ch(e, f, g)      Ch = VBSL with a copy of e as the mask
//	d += h
//	h += Σ0(a) + Maj(a, b, c)     Maj = VBSL(mask a^b, c where set, b where clear)
//
// A rotation is VUSHR into a temporary, then VSLI of the left shift into
// it (two instructions). From t = 16 the schedule word W[t] replaces
// W[t-16] in its register: W[t] += W[t-7] + σ0(W[t-15]) + σ1(W[t-2]).
// The second block is the constant padding: its schedule plus the round
// constants comes from a table (padWK), so its rounds add one table vector
// instead of K and W.
//
// Registers: the state names ST0..ST7, the schedule names W0..W15, the four
// round-constant vectors K0..K3 and the temporaries T0..T2 are macro names
// that each function defines: Pairs and Lockstep load the messages into
// different registers (a transpose for Pairs, straight loads for
// Lockstep) and the names follow them. R3 walks asimdTable (1 KiB of K,
// then 1 KiB of padWK, each word in all four lanes); R5 and R6 point at
// its IV (first and second half).

#define LOADK VLD1.P 64(R3), [K0.S4, K1.S4, K2.S4, K3.S4]

// ROTR sets t to x rotated right by n.
#define ROTR(n, x, t) \
	VUSHR $n, x.S4, t.S4; \
	VSLI  $(32-n), x.S4, t.S4

// SIGMA1 sets T0 to Σ1(e) = e>>>6 ^ e>>>11 ^ e>>>25, using T1.
#define SIGMA1(e) \
	ROTR(6, e, T0); \
	ROTR(11, e, T1); \
	VEOR T1.B16, T0.B16, T0.B16; \
	ROTR(25, e, T1); \
	VEOR T1.B16, T0.B16, T0.B16

// SIGMA0 sets T0 to Σ0(a) = a>>>2 ^ a>>>13 ^ a>>>22, using T1.
#define SIGMA0(a) \
	ROTR(2, a, T0); \
	ROTR(13, a, T1); \
	VEOR T1.B16, T0.B16, T0.B16; \
	ROTR(22, a, T1); \
	VEOR T1.B16, T0.B16, T0.B16

// ROUNDTAIL finishes a round whose h already holds h + K[t] + W[t].
#define ROUNDTAIL(a, b, c, d, e, f, g, h) \
	SIGMA1(e); \
	VMOV e.B16, T1.B16; \
	VBSL g.B16, f.B16, T1.B16; \
	VADD T1.S4, T0.S4, T0.S4; \
	VADD T0.S4, h.S4, h.S4; \
	VADD h.S4, d.S4, d.S4; \
	SIGMA0(a); \
	VEOR b.B16, a.B16, T2.B16; \
	VBSL b.B16, c.B16, T2.B16; \
	VADD T2.S4, T0.S4, T0.S4; \
	VADD T0.S4, h.S4, h.S4

// RND is one first-block round with message word w and constant k.
#define RND(a, b, c, d, e, f, g, h, w, k) \
	VADD k.S4, h.S4, h.S4; \
	VADD w.S4, h.S4, h.S4; \
	ROUNDTAIL(a, b, c, d, e, f, g, h)

// PRND is one padding-block round with the table's W+K vector wk.
#define PRND(a, b, c, d, e, f, g, h, wk) \
	VADD wk.S4, h.S4, h.S4; \
	ROUNDTAIL(a, b, c, d, e, f, g, h)

// SCHED sets w (holding W[t-16]) to W[t] from w2 = W[t-2], w7 = W[t-7]
// and w15 = W[t-15]: σ0(x) = x>>>7 ^ x>>>18 ^ x>>3 and
// σ1(x) = x>>>17 ^ x>>>19 ^ x>>10.
#define SCHED(w, w2, w7, w15) \
	ROTR(7, w15, T0); \
	ROTR(18, w15, T1); \
	VEOR T1.B16, T0.B16, T0.B16; \
	VUSHR $3, w15.S4, T1.S4; \
	VEOR T1.B16, T0.B16, T0.B16; \
	ROTR(17, w2, T1); \
	ROTR(19, w2, T2); \
	VEOR T2.B16, T1.B16, T1.B16; \
	VUSHR $10, w2.S4, T2.S4; \
	VEOR T2.B16, T1.B16, T1.B16; \
	VADD w7.S4, w.S4, w.S4; \
	VADD T0.S4, w.S4, w.S4; \
	VADD T1.S4, w.S4, w.S4

// SRND is a first-block round from t = 16: the schedule step, then RND.
#define SRND(a, b, c, d, e, f, g, h, w, w2, w7, w15, k) \
	SCHED(w, w2, w7, w15); \
	RND(a, b, c, d, e, f, g, h, w, k)

// BLOCK1 compresses the block in W0..W15 (host words) from the IV in
// ST0..ST7, rewinding R3 to the table's start first.
#define BLOCK1 \
	MOVD R4, R3; \
	LOADK; \
	RND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, W0, K0); \
	RND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, W1, K1); \
	RND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, W2, K2); \
	RND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, W3, K3); \
	LOADK; \
	RND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, W4, K0); \
	RND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, W5, K1); \
	RND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, W6, K2); \
	RND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, W7, K3); \
	LOADK; \
	RND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, W8, K0); \
	RND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, W9, K1); \
	RND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, W10, K2); \
	RND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, W11, K3); \
	LOADK; \
	RND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, W12, K0); \
	RND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, W13, K1); \
	RND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, W14, K2); \
	RND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, W15, K3); \
	LOADK; \
	SRND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, W0, W14, W9, W1, K0); \
	SRND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, W1, W15, W10, W2, K1); \
	SRND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, W2, W0, W11, W3, K2); \
	SRND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, W3, W1, W12, W4, K3); \
	LOADK; \
	SRND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, W4, W2, W13, W5, K0); \
	SRND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, W5, W3, W14, W6, K1); \
	SRND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, W6, W4, W15, W7, K2); \
	SRND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, W7, W5, W0, W8, K3); \
	LOADK; \
	SRND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, W8, W6, W1, W9, K0); \
	SRND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, W9, W7, W2, W10, K1); \
	SRND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, W10, W8, W3, W11, K2); \
	SRND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, W11, W9, W4, W12, K3); \
	LOADK; \
	SRND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, W12, W10, W5, W13, K0); \
	SRND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, W13, W11, W6, W14, K1); \
	SRND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, W14, W12, W7, W15, K2); \
	SRND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, W15, W13, W8, W0, K3); \
	LOADK; \
	SRND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, W0, W14, W9, W1, K0); \
	SRND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, W1, W15, W10, W2, K1); \
	SRND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, W2, W0, W11, W3, K2); \
	SRND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, W3, W1, W12, W4, K3); \
	LOADK; \
	SRND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, W4, W2, W13, W5, K0); \
	SRND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, W5, W3, W14, W6, K1); \
	SRND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, W6, W4, W15, W7, K2); \
	SRND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, W7, W5, W0, W8, K3); \
	LOADK; \
	SRND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, W8, W6, W1, W9, K0); \
	SRND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, W9, W7, W2, W10, K1); \
	SRND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, W10, W8, W3, W11, K2); \
	SRND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, W11, W9, W4, W12, K3); \
	LOADK; \
	SRND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, W12, W10, W5, W13, K0); \
	SRND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, W13, W11, W6, W14, K1); \
	SRND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, W14, W12, W7, W15, K2); \
	SRND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, W15, W13, W8, W0, K3); \
	LOADK; \
	SRND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, W0, W14, W9, W1, K0); \
	SRND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, W1, W15, W10, W2, K1); \
	SRND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, W2, W0, W11, W3, K2); \
	SRND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, W3, W1, W12, W4, K3); \
	LOADK; \
	SRND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, W4, W2, W13, W5, K0); \
	SRND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, W5, W3, W14, W6, K1); \
	SRND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, W6, W4, W15, W7, K2); \
	SRND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, W7, W5, W0, W8, K3); \
	LOADK; \
	SRND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, W8, W6, W1, W9, K0); \
	SRND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, W9, W7, W2, W10, K1); \
	SRND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, W10, W8, W3, W11, K2); \
	SRND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, W11, W9, W4, W12, K3); \
	LOADK; \
	SRND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, W12, W10, W5, W13, K0); \
	SRND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, W13, W11, W6, W14, K1); \
	SRND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, W14, W12, W7, W15, K2); \
	SRND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, W15, W13, W8, W0, K3)

// IVADD adds the IV to ST0..ST7 (through x0..x7, eight consecutive free
// registers) and keeps the sum in x0..x7 too, for the padding block's
// feed-forward.
#define IVADD(x0, x1, x2, x3, x4, x5, x6, x7) \
	VLD1 (R5), [x0.S4, x1.S4, x2.S4, x3.S4]; \
	VLD1 (R6), [x4.S4, x5.S4, x6.S4, x7.S4]; \
	VADD x0.S4, ST0.S4, ST0.S4; \
	VADD x1.S4, ST1.S4, ST1.S4; \
	VADD x2.S4, ST2.S4, ST2.S4; \
	VADD x3.S4, ST3.S4, ST3.S4; \
	VADD x4.S4, ST4.S4, ST4.S4; \
	VADD x5.S4, ST5.S4, ST5.S4; \
	VADD x6.S4, ST6.S4, ST6.S4; \
	VADD x7.S4, ST7.S4, ST7.S4; \
	VMOV ST0.B16, x0.B16; \
	VMOV ST1.B16, x1.B16; \
	VMOV ST2.B16, x2.B16; \
	VMOV ST3.B16, x3.B16; \
	VMOV ST4.B16, x4.B16; \
	VMOV ST5.B16, x5.B16; \
	VMOV ST6.B16, x6.B16; \
	VMOV ST7.B16, x7.B16

// PAD compresses the padding block into ST0..ST7 and adds x0..x7, the
// state it started from. R3 must point at padWK, where BLOCK1 leaves it.
#define PAD(x0, x1, x2, x3, x4, x5, x6, x7) \
	LOADK; \
	PRND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, K0); \
	PRND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, K1); \
	PRND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, K2); \
	PRND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, K3); \
	LOADK; \
	PRND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, K0); \
	PRND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, K1); \
	PRND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, K2); \
	PRND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, K3); \
	LOADK; \
	PRND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, K0); \
	PRND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, K1); \
	PRND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, K2); \
	PRND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, K3); \
	LOADK; \
	PRND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, K0); \
	PRND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, K1); \
	PRND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, K2); \
	PRND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, K3); \
	LOADK; \
	PRND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, K0); \
	PRND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, K1); \
	PRND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, K2); \
	PRND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, K3); \
	LOADK; \
	PRND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, K0); \
	PRND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, K1); \
	PRND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, K2); \
	PRND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, K3); \
	LOADK; \
	PRND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, K0); \
	PRND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, K1); \
	PRND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, K2); \
	PRND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, K3); \
	LOADK; \
	PRND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, K0); \
	PRND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, K1); \
	PRND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, K2); \
	PRND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, K3); \
	LOADK; \
	PRND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, K0); \
	PRND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, K1); \
	PRND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, K2); \
	PRND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, K3); \
	LOADK; \
	PRND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, K0); \
	PRND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, K1); \
	PRND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, K2); \
	PRND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, K3); \
	LOADK; \
	PRND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, K0); \
	PRND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, K1); \
	PRND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, K2); \
	PRND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, K3); \
	LOADK; \
	PRND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, K0); \
	PRND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, K1); \
	PRND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, K2); \
	PRND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, K3); \
	LOADK; \
	PRND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, K0); \
	PRND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, K1); \
	PRND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, K2); \
	PRND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, K3); \
	LOADK; \
	PRND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, K0); \
	PRND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, K1); \
	PRND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, K2); \
	PRND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, K3); \
	LOADK; \
	PRND(ST0,ST1,ST2,ST3,ST4,ST5,ST6,ST7, K0); \
	PRND(ST7,ST0,ST1,ST2,ST3,ST4,ST5,ST6, K1); \
	PRND(ST6,ST7,ST0,ST1,ST2,ST3,ST4,ST5, K2); \
	PRND(ST5,ST6,ST7,ST0,ST1,ST2,ST3,ST4, K3); \
	LOADK; \
	PRND(ST4,ST5,ST6,ST7,ST0,ST1,ST2,ST3, K0); \
	PRND(ST3,ST4,ST5,ST6,ST7,ST0,ST1,ST2, K1); \
	PRND(ST2,ST3,ST4,ST5,ST6,ST7,ST0,ST1, K2); \
	PRND(ST1,ST2,ST3,ST4,ST5,ST6,ST7,ST0, K3); \
	VADD x0.S4, ST0.S4, ST0.S4; \
	VADD x1.S4, ST1.S4, ST1.S4; \
	VADD x2.S4, ST2.S4, ST2.S4; \
	VADD x3.S4, ST3.S4, ST3.S4; \
	VADD x4.S4, ST4.S4, ST4.S4; \
	VADD x5.S4, ST5.S4, ST5.S4; \
	VADD x6.S4, ST6.S4, ST6.S4; \
	VADD x7.S4, ST7.S4, ST7.S4

// TRANSPOSE4 transposes the 4×4 matrix of 32-bit words with rows r0..r3
// into columns c0..c3, through the temporaries t0..t3; the c registers
// may be the r registers.
#define TRANSPOSE4(r0, r1, r2, r3, t0, t1, t2, t3, c0, c1, c2, c3) \
	VTRN1 r1.S4, r0.S4, t0.S4; \
	VTRN2 r1.S4, r0.S4, t1.S4; \
	VTRN1 r3.S4, r2.S4, t2.S4; \
	VTRN2 r3.S4, r2.S4, t3.S4; \
	VTRN1 t2.D2, t0.D2, c0.D2; \
	VTRN2 t2.D2, t0.D2, c2.D2; \
	VTRN1 t3.D2, t1.D2, c1.D2; \
	VTRN2 t3.D2, t1.D2, c3.D2

#define SETUP \
	MOVD $·asimdTable(SB), R4; \
	ADD  $2048, R4, R5; \
	ADD  $2112, R4, R6

// Pairs: message p's 16 words load into four registers (p0: V0-V3, p1:
// V4-V7, p2: V24-V27, p3: V28-V31); the j-th 4×4 block of the four
// messages transposes in place through V8-V11, so W[4j+k] ends up in
// message k's j-th register. The state lives in V8-V15.
#define W0 V0
#define W1 V4
#define W2 V24
#define W3 V28
#define W4 V1
#define W5 V5
#define W6 V25
#define W7 V29
#define W8 V2
#define W9 V6
#define W10 V26
#define W11 V30
#define W12 V3
#define W13 V7
#define W14 V27
#define W15 V31
#define ST0 V8
#define ST1 V9
#define ST2 V10
#define ST3 V11
#define ST4 V12
#define ST5 V13
#define ST6 V14
#define ST7 V15
#define K0 V16
#define K1 V17
#define K2 V18
#define K3 V19
#define T0 V20
#define T1 V21
#define T2 V22

// func asimdPairsAsm(dst, src *byte, groups int)
TEXT ·asimdPairsAsm(SB), NOSPLIT, $0-24
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD groups+16(FP), R2
	SETUP

group:
	VLD1.P 64(R1), [V0.S4, V1.S4, V2.S4, V3.S4]
	VLD1.P 64(R1), [V4.S4, V5.S4, V6.S4, V7.S4]
	VLD1.P 64(R1), [V24.S4, V25.S4, V26.S4, V27.S4]
	VLD1.P 64(R1), [V28.S4, V29.S4, V30.S4, V31.S4]
	VREV32 V0.B16, V0.B16
	VREV32 V1.B16, V1.B16
	VREV32 V2.B16, V2.B16
	VREV32 V3.B16, V3.B16
	VREV32 V4.B16, V4.B16
	VREV32 V5.B16, V5.B16
	VREV32 V6.B16, V6.B16
	VREV32 V7.B16, V7.B16
	VREV32 V24.B16, V24.B16
	VREV32 V25.B16, V25.B16
	VREV32 V26.B16, V26.B16
	VREV32 V27.B16, V27.B16
	VREV32 V28.B16, V28.B16
	VREV32 V29.B16, V29.B16
	VREV32 V30.B16, V30.B16
	VREV32 V31.B16, V31.B16
	TRANSPOSE4(V0, V4, V24, V28, V8, V9, V10, V11, V0, V4, V24, V28)
	TRANSPOSE4(V1, V5, V25, V29, V8, V9, V10, V11, V1, V5, V25, V29)
	TRANSPOSE4(V2, V6, V26, V30, V8, V9, V10, V11, V2, V6, V26, V30)
	TRANSPOSE4(V3, V7, V27, V31, V8, V9, V10, V11, V3, V7, V27, V31)
	VLD1 (R5), [ST0.S4, ST1.S4, ST2.S4, ST3.S4]
	VLD1 (R6), [ST4.S4, ST5.S4, ST6.S4, ST7.S4]
	BLOCK1
	IVADD(V0, V1, V2, V3, V4, V5, V6, V7)
	PAD(V0, V1, V2, V3, V4, V5, V6, V7)
	VREV32 ST0.B16, ST0.B16
	VREV32 ST1.B16, ST1.B16
	VREV32 ST2.B16, ST2.B16
	VREV32 ST3.B16, ST3.B16
	VREV32 ST4.B16, ST4.B16
	VREV32 ST5.B16, ST5.B16
	VREV32 ST6.B16, ST6.B16
	VREV32 ST7.B16, ST7.B16
	// Digest p is row p of (a, b, c, d) then row p of (e, f, g, h):
	// transpose both halves into V0-V7 as p0 lo, p0 hi, p1 lo, ...
	TRANSPOSE4(ST0, ST1, ST2, ST3, V16, V17, V18, V19, V0, V2, V4, V6)
	TRANSPOSE4(ST4, ST5, ST6, ST7, V16, V17, V18, V19, V1, V3, V5, V7)
	VST1.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R0)
	VST1.P [V4.S4, V5.S4, V6.S4, V7.S4], 64(R0)
	SUBS $1, R2
	BNE  group
	RET

#undef W0
#undef W1
#undef W2
#undef W3
#undef W4
#undef W5
#undef W6
#undef W7
#undef W8
#undef W9
#undef W10
#undef W11
#undef W12
#undef W13
#undef W14
#undef W15
#undef ST0
#undef ST1
#undef ST2
#undef ST3
#undef ST4
#undef ST5
#undef ST6
#undef ST7
#undef K0
#undef K1
#undef K2
#undef K3
#undef T0
#undef T1
#undef T2

// Lockstep: a node's eight 16-byte rows are words 0..7 of the four
// lanes, so the left and right nodes load straight into W0..W15 (V0-V15)
// and the digest, in ST0..ST7 (V16-V23), stores straight as the out node:
// no transpose and no byte swap.
#define W0 V0
#define W1 V1
#define W2 V2
#define W3 V3
#define W4 V4
#define W5 V5
#define W6 V6
#define W7 V7
#define W8 V8
#define W9 V9
#define W10 V10
#define W11 V11
#define W12 V12
#define W13 V13
#define W14 V14
#define W15 V15
#define ST0 V16
#define ST1 V17
#define ST2 V18
#define ST3 V19
#define ST4 V20
#define ST5 V21
#define ST6 V22
#define ST7 V23
#define K0 V24
#define K1 V25
#define K2 V26
#define K3 V27
#define T0 V28
#define T1 V29
#define T2 V30

// func asimdLockstepAsm(arena *byte, ops *uint32, n int)
TEXT ·asimdLockstepAsm(SB), NOSPLIT, $0-24
	MOVD arena+0(FP), R0
	MOVD ops+8(FP), R1
	MOVD n+16(FP), R2
	SETUP

op:
	MOVWU (R1), R7
	MOVWU 4(R1), R8
	MOVWU 8(R1), R9
	ADD   $12, R1
	ADD   R7<<7, R0, R7
	ADD   R8<<7, R0, R8
	ADD   R9<<7, R0, R9
	VLD1.P 64(R7), [V0.S4, V1.S4, V2.S4, V3.S4]
	VLD1   (R7), [V4.S4, V5.S4, V6.S4, V7.S4]
	VLD1.P 64(R8), [V8.S4, V9.S4, V10.S4, V11.S4]
	VLD1   (R8), [V12.S4, V13.S4, V14.S4, V15.S4]
	VLD1 (R5), [ST0.S4, ST1.S4, ST2.S4, ST3.S4]
	VLD1 (R6), [ST4.S4, ST5.S4, ST6.S4, ST7.S4]
	BLOCK1
	IVADD(V0, V1, V2, V3, V4, V5, V6, V7)
	PAD(V0, V1, V2, V3, V4, V5, V6, V7)
	VST1.P [V16.S4, V17.S4, V18.S4, V19.S4], 64(R9)
	VST1   [V20.S4, V21.S4, V22.S4, V23.S4], (R9)
	SUBS $1, R2
	BNE  op
	RET

// func pack4Asm(dst, src *byte, m int)
//
// A node's four chunks load one 16-byte half at a time so that the low
// halves (words 0..3) of lanes 0..3 land in V0-V3 and the high halves in
// V4-V7; after the byte swap, VST4 interleaves each run of four registers
// word by word, which is the lane layout. The whole node is read before
// any of it is written, so dst may be src.
TEXT ·pack4Asm(SB), NOSPLIT, $0-24
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD m+16(FP), R2

packnode:
	VLD1.P 16(R1), [V0.S4]
	VLD1.P 16(R1), [V4.S4]
	VLD1.P 16(R1), [V1.S4]
	VLD1.P 16(R1), [V5.S4]
	VLD1.P 16(R1), [V2.S4]
	VLD1.P 16(R1), [V6.S4]
	VLD1.P 16(R1), [V3.S4]
	VLD1.P 16(R1), [V7.S4]
	VREV32 V0.B16, V0.B16
	VREV32 V1.B16, V1.B16
	VREV32 V2.B16, V2.B16
	VREV32 V3.B16, V3.B16
	VREV32 V4.B16, V4.B16
	VREV32 V5.B16, V5.B16
	VREV32 V6.B16, V6.B16
	VREV32 V7.B16, V7.B16
	VST4.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R0)
	VST4.P [V4.S4, V5.S4, V6.S4, V7.S4], 64(R0)
	SUBS $1, R2
	BNE  packnode
	RET

// func unpack4Asm(dst, src *byte, m int)
//
// The inverse of pack4Asm: VLD4 takes a node's rows apart into lanes.
TEXT ·unpack4Asm(SB), NOSPLIT, $0-24
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD m+16(FP), R2

unpacknode:
	VLD4.P 64(R1), [V0.S4, V1.S4, V2.S4, V3.S4]
	VLD4.P 64(R1), [V4.S4, V5.S4, V6.S4, V7.S4]
	VREV32 V0.B16, V0.B16
	VREV32 V1.B16, V1.B16
	VREV32 V2.B16, V2.B16
	VREV32 V3.B16, V3.B16
	VREV32 V4.B16, V4.B16
	VREV32 V5.B16, V5.B16
	VREV32 V6.B16, V6.B16
	VREV32 V7.B16, V7.B16
	VST1.P [V0.S4], 16(R0)
	VST1.P [V4.S4], 16(R0)
	VST1.P [V1.S4], 16(R0)
	VST1.P [V5.S4], 16(R0)
	VST1.P [V2.S4], 16(R0)
	VST1.P [V6.S4], 16(R0)
	VST1.P [V3.S4], 16(R0)
	VST1.P [V7.S4], 16(R0)
	SUBS $1, R2
	BNE  unpacknode
	RET
