//go:build !purego

#include "textflag.h"

// func prefetchLines(p, n uintptr)
TEXT ·prefetchLines(SB), NOSPLIT|NOFRAME, $0-16
	MOVQ p+0(FP), AX
	MOVQ n+8(FP), CX
	TESTQ CX, CX
	JZ   done
	ADDQ AX, CX
	ANDQ $-64, AX

lines:
	PREFETCHT0 (AX)
	ADDQ $64, AX
	CMPQ AX, CX
	JB   lines

done:
	RET

// func prefetchField(p, stride uintptr, n int, off uintptr)
TEXT ·prefetchField(SB), NOSPLIT|NOFRAME, $0-32
	MOVQ p+0(FP), AX
	MOVQ stride+8(FP), BX
	MOVQ n+16(FP), CX
	MOVQ off+24(FP), DX
	ADDQ DX, AX
	TESTQ CX, CX
	JLE  none

fields:
	MOVQ (AX), DX
	PREFETCHT0 (DX)
	ADDQ BX, AX
	DECQ CX
	JNZ  fields

none:
	RET
