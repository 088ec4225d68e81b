//go:build !purego

#include "textflag.h"

// SHA-256 of 64-byte messages on the ARMv8 SHA2 instructions.
//
// The state of one message is two vectors: abcd (a in lane 0) and efgh.
// One group of four rounds is
//
//	VMOV     abcd, tmp           SHA256H2 needs abcd before SHA256H changed it
//	SHA256H  wk, efgh, abcd      abcd = four rounds of abcd
//	SHA256H2 wk, tmp, efgh       efgh = four rounds of efgh
//
// where wk holds W[4i..4i+3] + K[4i..4i+3]. The first block's schedule is
// built in place in the four message vectors m0..m3: at group i, m[i%4]
// holds W[4i..4i+3]; SHA256SU0 at group i (i < 12) and SHA256SU1 at group
// i+1 turn it into W[4i+16..4i+19], ready four groups later. The second
// block is the constant padding, whose wk is a table (padWK), so it is
// rounds only.
//
// Two messages A and B run interleaved, instruction by instruction: a
// SHA256H of one waits for its own previous group, never for the other,
// so the SHA unit stays busy. The register of each role is a macro name
// (AA, AE, AM0..AM3, ...), defined differently by each function below, so
// the round macros serve Pairs (messages in consecutive registers for
// VLD1) and Lockstep (lanes in consecutive registers for VLD4/VST4).
//
// Registers the macros use, besides the per-function names:
//   R3  walks the table: 256 bytes of K, then 256 bytes of padWK
//   R4  the table's start, R5 its IV (table + 512)

// LOADK loads the next four wk or K vectors.
#define LOADK VLD1.P 64(R3), [K0.S4, K1.S4, K2.S4, K3.S4]

// SCHED0_2 starts W[t+16..t+19] in m0 (SHA256SU0 with m1) for A and B.
#define SCHED0_2(a0, a1, b0, b1) \
	SHA256SU0 a1.S4, a0.S4; \
	SHA256SU0 b1.S4, b0.S4

// SCHED1_2 completes W[t+16..t+19] in m0 from m2 and m3 for A and B.
#define SCHED1_2(a0, a2, a3, b0, b2, b3) \
	SHA256SU1 a3.S4, a2.S4, a0.S4; \
	SHA256SU1 b3.S4, b2.S4, b0.S4

// WK_2 sets AW, BW to message words plus round constants.
#define WK_2(k, a0, b0) \
	VADD k.S4, a0.S4, AW.S4; \
	VADD k.S4, b0.S4, BW.S4

// RND_2 runs four rounds of A with wk aw and of B with wk bw.
#define RND_2(aw, bw) \
	VMOV AA.B16, AT.B16; \
	VMOV BA.B16, BT.B16; \
	SHA256H aw.S4, AE, AA; \
	SHA256H bw.S4, BE, BA; \
	SHA256H2 aw.S4, AT, AE; \
	SHA256H2 bw.S4, BT, BE

// GROUP_2 is one first-block group with the full schedule step: groups
// 1..11. a0..a3 are A's message vectors in the order m[i%4], m[(i+1)%4],
// m[(i+2)%4], m[(i+3)%4]; likewise b0..b3.
#define GROUP_2(k, a0, a1, a2, a3, b0, b1, b2, b3) \
	WK_2(k, a0, b0); \
	SCHED0_2(a0, a1, b0, b1); \
	RND_2(AW, BW); \
	SCHED1_2(a3, a1, a2, b3, b1, b2)

// BLOCK1_2 compresses the message blocks in AM0..AM3 and BM0..BM3 (host
// words) from the IV, and leaves state + IV in AA, AE, BA, BE.
#define BLOCK1_2 \
	MOVD R4, R3; \
	VLD1 (R5), [IV0.S4, IV1.S4]; \
	LOADK; \
	WK_2(K0, AM0, BM0); \
	SCHED0_2(AM0, AM1, BM0, BM1); \
	VMOV IV0.B16, AA.B16; \
	VMOV IV1.B16, AE.B16; \
	VMOV IV0.B16, BA.B16; \
	VMOV IV1.B16, BE.B16; \
	SHA256H AW.S4, IV1, AA; \
	SHA256H BW.S4, IV1, BA; \
	SHA256H2 AW.S4, IV0, AE; \
	SHA256H2 BW.S4, IV0, BE; \
	GROUP_2(K1, AM1, AM2, AM3, AM0, BM1, BM2, BM3, BM0); \
	GROUP_2(K2, AM2, AM3, AM0, AM1, BM2, BM3, BM0, BM1); \
	GROUP_2(K3, AM3, AM0, AM1, AM2, BM3, BM0, BM1, BM2); \
	LOADK; \
	GROUP_2(K0, AM0, AM1, AM2, AM3, BM0, BM1, BM2, BM3); \
	GROUP_2(K1, AM1, AM2, AM3, AM0, BM1, BM2, BM3, BM0); \
	GROUP_2(K2, AM2, AM3, AM0, AM1, BM2, BM3, BM0, BM1); \
	GROUP_2(K3, AM3, AM0, AM1, AM2, BM3, BM0, BM1, BM2); \
	LOADK; \
	GROUP_2(K0, AM0, AM1, AM2, AM3, BM0, BM1, BM2, BM3); \
	GROUP_2(K1, AM1, AM2, AM3, AM0, BM1, BM2, BM3, BM0); \
	GROUP_2(K2, AM2, AM3, AM0, AM1, BM2, BM3, BM0, BM1); \
	GROUP_2(K3, AM3, AM0, AM1, AM2, BM3, BM0, BM1, BM2); \
	LOADK; \
	WK_2(K0, AM0, BM0); \
	RND_2(AW, BW); \
	SCHED1_2(AM3, AM1, AM2, BM3, BM1, BM2); \
	WK_2(K1, AM1, BM1); \
	RND_2(AW, BW); \
	WK_2(K2, AM2, BM2); \
	RND_2(AW, BW); \
	WK_2(K3, AM3, BM3); \
	RND_2(AW, BW); \
	VADD IV0.S4, AA.S4, AA.S4; \
	VADD IV1.S4, AE.S4, AE.S4; \
	VADD IV0.S4, BA.S4, BA.S4; \
	VADD IV1.S4, BE.S4, BE.S4

// PAD_2 compresses the padding block into AA, AE, BA, BE, adding the
// state it started from. The table pointer R3 stands at padWK.
#define PAD_2 \
	VMOV AA.B16, AS0.B16; \
	VMOV AE.B16, AS1.B16; \
	VMOV BA.B16, BS0.B16; \
	VMOV BE.B16, BS1.B16; \
	LOADK; \
	SHA256H K0.S4, AE, AA; \
	SHA256H K0.S4, BE, BA; \
	SHA256H2 K0.S4, AS0, AE; \
	SHA256H2 K0.S4, BS0, BE; \
	RND_2(K1, K1); \
	RND_2(K2, K2); \
	RND_2(K3, K3); \
	LOADK; \
	RND_2(K0, K0); \
	RND_2(K1, K1); \
	RND_2(K2, K2); \
	RND_2(K3, K3); \
	LOADK; \
	RND_2(K0, K0); \
	RND_2(K1, K1); \
	RND_2(K2, K2); \
	RND_2(K3, K3); \
	LOADK; \
	RND_2(K0, K0); \
	RND_2(K1, K1); \
	RND_2(K2, K2); \
	RND_2(K3, K3); \
	VADD AS0.S4, AA.S4, AA.S4; \
	VADD AS1.S4, AE.S4, AE.S4; \
	VADD BS0.S4, BA.S4, BA.S4; \
	VADD BS1.S4, BE.S4, BE.S4

// The one-message forms, for the last pair of an odd count.
#define SCHED0_1(a0, a1) SHA256SU0 a1.S4, a0.S4
#define SCHED1_1(a0, a2, a3) SHA256SU1 a3.S4, a2.S4, a0.S4
#define WK_1(k, a0) VADD k.S4, a0.S4, AW.S4
#define RND_1(aw) \
	VMOV AA.B16, AT.B16; \
	SHA256H aw.S4, AE, AA; \
	SHA256H2 aw.S4, AT, AE
#define GROUP_1(k, a0, a1, a2, a3) \
	WK_1(k, a0); \
	SCHED0_1(a0, a1); \
	RND_1(AW); \
	SCHED1_1(a3, a1, a2)

#define BLOCK1_1 \
	MOVD R4, R3; \
	VLD1 (R5), [IV0.S4, IV1.S4]; \
	LOADK; \
	WK_1(K0, AM0); \
	SCHED0_1(AM0, AM1); \
	VMOV IV0.B16, AA.B16; \
	VMOV IV1.B16, AE.B16; \
	SHA256H AW.S4, IV1, AA; \
	SHA256H2 AW.S4, IV0, AE; \
	GROUP_1(K1, AM1, AM2, AM3, AM0); \
	GROUP_1(K2, AM2, AM3, AM0, AM1); \
	GROUP_1(K3, AM3, AM0, AM1, AM2); \
	LOADK; \
	GROUP_1(K0, AM0, AM1, AM2, AM3); \
	GROUP_1(K1, AM1, AM2, AM3, AM0); \
	GROUP_1(K2, AM2, AM3, AM0, AM1); \
	GROUP_1(K3, AM3, AM0, AM1, AM2); \
	LOADK; \
	GROUP_1(K0, AM0, AM1, AM2, AM3); \
	GROUP_1(K1, AM1, AM2, AM3, AM0); \
	GROUP_1(K2, AM2, AM3, AM0, AM1); \
	GROUP_1(K3, AM3, AM0, AM1, AM2); \
	LOADK; \
	WK_1(K0, AM0); \
	RND_1(AW); \
	SCHED1_1(AM3, AM1, AM2); \
	WK_1(K1, AM1); \
	RND_1(AW); \
	WK_1(K2, AM2); \
	RND_1(AW); \
	WK_1(K3, AM3); \
	RND_1(AW); \
	VADD IV0.S4, AA.S4, AA.S4; \
	VADD IV1.S4, AE.S4, AE.S4

#define PAD_1 \
	VMOV AA.B16, AS0.B16; \
	VMOV AE.B16, AS1.B16; \
	LOADK; \
	SHA256H K0.S4, AE, AA; \
	SHA256H2 K0.S4, AS0, AE; \
	RND_1(K1); \
	RND_1(K2); \
	RND_1(K3); \
	LOADK; \
	RND_1(K0); \
	RND_1(K1); \
	RND_1(K2); \
	RND_1(K3); \
	LOADK; \
	RND_1(K0); \
	RND_1(K1); \
	RND_1(K2); \
	RND_1(K3); \
	LOADK; \
	RND_1(K0); \
	RND_1(K1); \
	RND_1(K2); \
	RND_1(K3); \
	VADD AS0.S4, AA.S4, AA.S4; \
	VADD AS1.S4, AE.S4, AE.S4

// Pairs: message A in V0 (abcd), V1 (efgh), V2-V5 (block); message B in
// V10, V11, V12-V15; so each message loads with one VLD1 and each digest
// stores with one VST1.
#define AA V0
#define AE V1
#define AM0 V2
#define AM1 V3
#define AM2 V4
#define AM3 V5
#define BA V10
#define BE V11
#define BM0 V12
#define BM1 V13
#define BM2 V14
#define BM3 V15
#define AT V16
#define BT V17
#define AW V18
#define BW V19
#define K0 V20
#define K1 V21
#define K2 V22
#define K3 V23
#define AS0 V26
#define AS1 V27
#define BS0 V28
#define BS1 V29
// The IV lives in A's save registers until the first block ends.
#define IV0 AS0
#define IV1 AS1

// func sha2PairsAsm(dst, src *byte, n int)
TEXT ·sha2PairsAsm(SB), NOSPLIT, $0-24
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD n+16(FP), R2
	MOVD $·sha2Table(SB), R4
	ADD  $512, R4, R5

pairs2:
	CMP $2, R2
	BLT pairs1
	VLD1.P 64(R1), [AM0.S4, AM1.S4, AM2.S4, AM3.S4]
	VLD1.P 64(R1), [BM0.S4, BM1.S4, BM2.S4, BM3.S4]
	VREV32 AM0.B16, AM0.B16
	VREV32 AM1.B16, AM1.B16
	VREV32 AM2.B16, AM2.B16
	VREV32 AM3.B16, AM3.B16
	VREV32 BM0.B16, BM0.B16
	VREV32 BM1.B16, BM1.B16
	VREV32 BM2.B16, BM2.B16
	VREV32 BM3.B16, BM3.B16
	BLOCK1_2
	PAD_2
	VREV32 AA.B16, AA.B16
	VREV32 AE.B16, AE.B16
	VREV32 BA.B16, BA.B16
	VREV32 BE.B16, BE.B16
	VST1.P [AA.S4, AE.S4], 32(R0)
	VST1.P [BA.S4, BE.S4], 32(R0)
	SUB $2, R2
	B   pairs2

pairs1:
	CBZ R2, done
	VLD1 (R1), [AM0.S4, AM1.S4, AM2.S4, AM3.S4]
	VREV32 AM0.B16, AM0.B16
	VREV32 AM1.B16, AM1.B16
	VREV32 AM2.B16, AM2.B16
	VREV32 AM3.B16, AM3.B16
	BLOCK1_1
	PAD_1
	VREV32 AA.B16, AA.B16
	VREV32 AE.B16, AE.B16
	VST1 [AA.S4, AE.S4], (R0)

done:
	RET

#undef AA
#undef AE
#undef AM0
#undef AM1
#undef AM2
#undef AM3
#undef BA
#undef BE
#undef BM0
#undef BM1
#undef BM2
#undef BM3
#undef AT
#undef BT
#undef AW
#undef BW
#undef K0
#undef K1
#undef K2
#undef K3
#undef AS0
#undef AS1
#undef BS0
#undef BS1

// Lockstep: a node of four lanes is 128 bytes; VLD4 of its first 64
// bytes puts lane p's words 0..3 in the p-th of four consecutive
// registers. The four lanes' blocks load into four such runs with gaps of
// two registers:
//
//	m0: V2-V5    m1: V8-V11    m2: V14-V17    m3: V20-V23   (lanes 0..3)
//
// Pass one hashes lanes 0 and 1 with abcd in V0, V1 and efgh in V6, V7;
// pass two hashes lanes 2 and 3 with abcd in V2, V3 and efgh in V8, V9,
// the registers pass one's blocks no longer need. So V0-V3 end up holding
// abcd and V6-V9 efgh of lanes 0..3, which two VST4 store as the out
// node. Both passes share the temporaries below.
#define AT V12
#define BT V13
#define AW V18
#define BW V19
#define K0 V24
#define K1 V25
#define K2 V26
#define K3 V27
#define AS0 V28
#define AS1 V29
#define BS0 V30
#define BS1 V31

// func sha2LockstepAsm(arena *byte, ops *uint32, n int)
TEXT ·sha2LockstepAsm(SB), NOSPLIT, $0-24
	MOVD arena+0(FP), R0
	MOVD ops+8(FP), R1
	MOVD n+16(FP), R2
	MOVD $·sha2Table(SB), R4
	ADD  $512, R4, R5

op:
	MOVWU (R1), R6
	MOVWU 4(R1), R7
	MOVWU 8(R1), R8
	ADD   $12, R1
	ADD   R6<<7, R0, R6
	ADD   R7<<7, R0, R7
	ADD   R8<<7, R0, R8
	VLD4.P 64(R6), [V2.S4, V3.S4, V4.S4, V5.S4]
	VLD4   (R6), [V8.S4, V9.S4, V10.S4, V11.S4]
	VLD4.P 64(R7), [V14.S4, V15.S4, V16.S4, V17.S4]
	VLD4   (R7), [V20.S4, V21.S4, V22.S4, V23.S4]

#define AA V0
#define AE V6
#define AM0 V2
#define AM1 V8
#define AM2 V14
#define AM3 V20
#define BA V1
#define BE V7
#define BM0 V3
#define BM1 V9
#define BM2 V15
#define BM3 V21
	BLOCK1_2
	PAD_2
#undef AA
#undef AE
#undef AM0
#undef AM1
#undef AM2
#undef AM3
#undef BA
#undef BE
#undef BM0
#undef BM1
#undef BM2
#undef BM3

#define AA V2
#define AE V8
#define AM0 V4
#define AM1 V10
#define AM2 V16
#define AM3 V22
#define BA V3
#define BE V9
#define BM0 V5
#define BM1 V11
#define BM2 V17
#define BM3 V23
	BLOCK1_2
	PAD_2

	VST4.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R8)
	VST4   [V6.S4, V7.S4, V8.S4, V9.S4], (R8)
	SUBS $1, R2
	BNE  op
	RET

#undef AA
#undef AE
#undef AM0
#undef AM1
#undef AM2
#undef AM3
#undef BA
#undef BE
#undef BM0
#undef BM1
#undef BM2
#undef BM3

// Lockstep with two lanes: a node is 64 bytes, and VLD2 of 32 bytes
// splits words 0..3 of lane 0 and lane 1 into two consecutive
// registers, so lane 0 is message A and lane 1 message B, and two VST2
// store the digests straight as the out node. The temporaries are those
// of the four-lane form.
#define AA V0
#define BA V1
#define AE V2
#define BE V3
#define AM0 V4
#define BM0 V5
#define AM1 V6
#define BM1 V7
#define AM2 V8
#define BM2 V9
#define AM3 V10
#define BM3 V11

// func sha2x2LockstepAsm(arena *byte, ops *uint32, n int)
TEXT ·sha2x2LockstepAsm(SB), NOSPLIT, $0-24
	MOVD arena+0(FP), R0
	MOVD ops+8(FP), R1
	MOVD n+16(FP), R2
	MOVD $·sha2Table(SB), R4
	ADD  $512, R4, R5

op2:
	MOVWU (R1), R6
	MOVWU 4(R1), R7
	MOVWU 8(R1), R8
	ADD   $12, R1
	ADD   R6<<6, R0, R6
	ADD   R7<<6, R0, R7
	ADD   R8<<6, R0, R8
	VLD2.P 32(R6), [AM0.S4, BM0.S4]
	VLD2   (R6), [AM1.S4, BM1.S4]
	VLD2.P 32(R7), [AM2.S4, BM2.S4]
	VLD2   (R7), [AM3.S4, BM3.S4]
	BLOCK1_2
	PAD_2
	VST2.P [AA.S4, BA.S4], 32(R8)
	VST2   [AE.S4, BE.S4], (R8)
	SUBS $1, R2
	BNE  op2
	RET

// func pack2Asm(dst, src *byte, m int)
//
// Two chunks per node: the low and high halves of lanes 0 and 1 load
// into V0, V2 and V1, V3, and after the byte swap two VST2 interleave
// them word by word. The node is read before it is written.
TEXT ·pack2Asm(SB), NOSPLIT, $0-24
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD m+16(FP), R2

pack2node:
	VLD1.P 16(R1), [V0.S4]
	VLD1.P 16(R1), [V2.S4]
	VLD1.P 16(R1), [V1.S4]
	VLD1.P 16(R1), [V3.S4]
	VREV32 V0.B16, V0.B16
	VREV32 V1.B16, V1.B16
	VREV32 V2.B16, V2.B16
	VREV32 V3.B16, V3.B16
	VST2.P [V0.S4, V1.S4], 32(R0)
	VST2.P [V2.S4, V3.S4], 32(R0)
	SUBS $1, R2
	BNE  pack2node
	RET

// func unpack2Asm(dst, src *byte, m int)
TEXT ·unpack2Asm(SB), NOSPLIT, $0-24
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD m+16(FP), R2

unpack2node:
	VLD2.P 32(R1), [V0.S4, V1.S4]
	VLD2.P 32(R1), [V2.S4, V3.S4]
	VREV32 V0.B16, V0.B16
	VREV32 V1.B16, V1.B16
	VREV32 V2.B16, V2.B16
	VREV32 V3.B16, V3.B16
	VST1.P [V0.S4], 16(R0)
	VST1.P [V2.S4], 16(R0)
	VST1.P [V1.S4], 16(R0)
	VST1.P [V3.S4], 16(R0)
	SUBS $1, R2
	BNE  unpack2node
	RET
