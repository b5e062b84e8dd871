//go:build !purego

#include "textflag.h"

// func triggerScan(p *byte, n int, v *triggerVecs) int
//
// For each j in steps of 16 while p[j+16] exists: X0 = p[j:j+16] and
// X1 = p[j-1:j+15] (the bytes before); when a lane may be taken,
// X2 = p[j+1:j+17] (the bytes after).
// A lane is taken when its byte is
//   ':' and the byte after is above 0x20, or
//   '<' and the byte after is a letter, or
//   '.' and the byte before, OR 0x20, is v.w, or
//   '@' and v.onAt is set,
// as mayTrigger says in Go.
TEXT ·triggerScan(SB), NOSPLIT, $0-32
	MOVQ	p+0(FP), SI
	MOVQ	n+8(FP), BX
	MOVQ	v+16(FP), DI
	MOVOU	0(DI), X6	// ':'
	MOVOU	16(DI), X7	// '<'
	MOVOU	32(DI), X8	// '.'
	MOVOU	48(DI), X9	// '@'
	MOVOU	64(DI), X10	// 0x20
	MOVOU	80(DI), X11	// 'w', or 0 without www
	MOVOU	96(DI), X12	// 0x21
	MOVOU	112(DI), X13	// 'a'
	MOVOU	128(DI), X14	// 'z'
	MOVOU	144(DI), X15	// '@' on: 0xff, or 0
	MOVQ	$1, CX
	SUBQ	$17, BX	// the last j with p[j+16] in p[:n]

loop:
	CMPQ	CX, BX
	JGT	none
	MOVOU	(SI)(CX*1), X0
	MOVOU	-1(SI)(CX*1), X1

	// '.' after 'w' or 'W', exactly: a '.' ends most sentences, so a
	// test of the byte alone would send most steps of prose to filter.
	POR	X10, X1
	PCMPEQB	X11, X1
	MOVO	X0, X4
	PCMPEQB	X8, X4
	PAND	X4, X1

	// Any ':', '<' or '@' at all? Most steps of prose have none.
	MOVO	X0, X3
	PCMPEQB	X6, X3
	MOVO	X0, X4
	PCMPEQB	X7, X4
	POR	X4, X3
	MOVO	X0, X4
	PCMPEQB	X9, X4
	PAND	X15, X4
	POR	X4, X3
	POR	X1, X3
	PMOVMSKB	X3, AX
	TESTL	AX, AX
	JNZ	filter
	ADDQ	$16, CX
	JMP	loop

filter:
	MOVOU	1(SI)(CX*1), X2

	// ':' before a byte above space: max(after, 0x21) == after.
	MOVO	X2, X4
	PMAXUB	X12, X4
	PCMPEQB	X2, X4
	MOVO	X0, X3
	PCMPEQB	X6, X3
	PAND	X4, X3

	// '<' before a letter: 'a' <= after|0x20 <= 'z'.
	POR	X10, X2
	MOVO	X2, X4
	PMAXUB	X13, X4
	PCMPEQB	X2, X4
	MOVO	X2, X5
	PMINUB	X14, X5
	PCMPEQB	X2, X5
	PAND	X5, X4
	MOVO	X0, X5
	PCMPEQB	X7, X5
	PAND	X5, X4
	POR	X4, X3

	// '.' after 'w', as found above.
	POR	X1, X3

	// '@', with the email option.
	PCMPEQB	X9, X0
	PAND	X15, X0
	POR	X0, X3

	PMOVMSKB	X3, AX
	TESTL	AX, AX
	JNZ	found
	ADDQ	$16, CX
	JMP	loop

found:
	BSFL	AX, AX
	ADDQ	CX, AX
	MOVQ	AX, ret+24(FP)
	RET

none:
	NEGQ	CX
	MOVQ	CX, ret+24(FP)
	RET

// func triggerScanAVX2(p *byte, n int, v *triggerVecs) int
//
// triggerScan with AVX2: 32 bytes a step, while p[j+32] exists. Each
// vector of v is broadcast from its first byte.
TEXT ·triggerScanAVX2(SB), NOSPLIT, $0-32
	MOVQ	p+0(FP), SI
	MOVQ	n+8(FP), BX
	MOVQ	v+16(FP), DI
	VPBROADCASTB	0(DI), Y6	// ':'
	VPBROADCASTB	16(DI), Y7	// '<'
	VPBROADCASTB	32(DI), Y8	// '.'
	VPBROADCASTB	48(DI), Y9	// '@'
	VPBROADCASTB	64(DI), Y10	// 0x20
	VPBROADCASTB	80(DI), Y11	// 'w', or 0 without www
	VPBROADCASTB	96(DI), Y12	// 0x21
	VPBROADCASTB	112(DI), Y13	// 'a'
	VPBROADCASTB	128(DI), Y14	// 'z'
	VPBROADCASTB	144(DI), Y15	// '@' on: 0xff, or 0
	MOVQ	$1, CX
	SUBQ	$33, BX	// the last j with p[j+32] in p[:n]

avxloop:
	CMPQ	CX, BX
	JGT	avxnone
	VMOVDQU	(SI)(CX*1), Y0
	VMOVDQU	-1(SI)(CX*1), Y1

	// '.' after 'w' or 'W', exactly.
	VPOR	Y10, Y1, Y1
	VPCMPEQB	Y11, Y1, Y1
	VPCMPEQB	Y8, Y0, Y4
	VPAND	Y4, Y1, Y1

	// Any ':', '<' or '@' at all?
	VPCMPEQB	Y6, Y0, Y3
	VPCMPEQB	Y7, Y0, Y4
	VPOR	Y4, Y3, Y3
	VPCMPEQB	Y9, Y0, Y4
	VPAND	Y15, Y4, Y4
	VPOR	Y4, Y3, Y3
	VPOR	Y1, Y3, Y3
	VPMOVMSKB	Y3, AX
	TESTL	AX, AX
	JNZ	avxfilter
	ADDQ	$32, CX
	JMP	avxloop

avxfilter:
	VMOVDQU	1(SI)(CX*1), Y2

	// ':' before a byte above space: max(after, 0x21) == after.
	VPMAXUB	Y12, Y2, Y4
	VPCMPEQB	Y2, Y4, Y4
	VPCMPEQB	Y6, Y0, Y3
	VPAND	Y4, Y3, Y3

	// '<' before a letter: 'a' <= after|0x20 <= 'z'.
	VPOR	Y10, Y2, Y2
	VPMAXUB	Y13, Y2, Y4
	VPCMPEQB	Y2, Y4, Y4
	VPMINUB	Y14, Y2, Y5
	VPCMPEQB	Y2, Y5, Y5
	VPAND	Y5, Y4, Y4
	VPCMPEQB	Y7, Y0, Y5
	VPAND	Y5, Y4, Y4
	VPOR	Y4, Y3, Y3

	// '.' after 'w', as found above.
	VPOR	Y1, Y3, Y3

	// '@', with the email option.
	VPCMPEQB	Y9, Y0, Y4
	VPAND	Y15, Y4, Y4
	VPOR	Y4, Y3, Y3

	VPMOVMSKB	Y3, AX
	TESTL	AX, AX
	JNZ	avxfound
	ADDQ	$32, CX
	JMP	avxloop

avxfound:
	VZEROUPPER
	BSFL	AX, AX
	ADDQ	CX, AX
	MOVQ	AX, ret+24(FP)
	RET

avxnone:
	VZEROUPPER
	NEGQ	CX
	MOVQ	CX, ret+24(FP)
	RET
