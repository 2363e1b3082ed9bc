// The statement shapes `ptxv translate` handles, each in a function over the
// registers a, b, c and d, written the way CUDA code writes them. The
// semantic check (check.cpp) runs the translation of this file against the
// reference interpreter on the same instructions.
#include <cstdint>

#if !defined(__CUDACC__)
#define __device__
#define __forceinline__ inline
#endif

typedef unsigned int u32;

// Scalar ops with half-word and byte selectors (nvdiffrast's helpers).
__device__ __forceinline__ void scalar_selectors(u32& a, u32& b, u32&, u32& d) {
    asm("vadd.s32.s32.s32 %0, %1.h1, %2.b2;" : "=r"(d) : "r"(a), "r"(b));
}

// A d.b0 merge with .sat, and .sat with a secondary min.
__device__ __forceinline__ void merge_sat(u32& a, u32& b, u32& c, u32& d) {
    asm("vadd.u32.u32.u32.sat %0.b0, %1.b0, %2.b0, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
}
__device__ __forceinline__ void sat_min(u32& a, u32& b, u32& c, u32& d) {
    asm("vmax.s32.s32.s32.sat.min %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
}

// vmad on bytes, and with negation, a scale and .sat.
__device__ __forceinline__ void mad_bytes(u32& a, u32& b, u32& c, u32& d) {
    asm("vmad.u32.u32.u32 %0, %1.b0, %2.b1, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
}
__device__ __forceinline__ void mad_negated(u32& a, u32& b, u32& c, u32& d) {
    asm("vmad.s32.u32.u32 %0, -%1.h0, %2.h0, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
}
__device__ __forceinline__ void mad_scaled(u32& a, u32& b, u32& c, u32& d) {
    asm("vmad.s32.s32.s32.sat.shr15 %0, %1.h0, %2.h1, -%3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
}

// OpenCV's older path: four byte merges into one result, across statements.
__device__ __forceinline__ void merge_across_statements(u32& a, u32& b, u32&, u32& d) {
    asm("vadd.u32.u32.u32.sat %0.b0, %1.b0, %2.b0, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(d));
    asm("vadd.u32.u32.u32.sat %0.b1, %1.b1, %2.b1, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(d));
    asm("vadd.u32.u32.u32.sat %0.b2, %1.b2, %2.b2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(d));
    asm("vadd.u32.u32.u32.sat %0.b3, %1.b3, %2.b3, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(d));
}

// SIMD compares and arithmetic (OpenCV, NCCL, Smith-Waterman codes).
__device__ __forceinline__ void simd_compares(u32& a, u32& b, u32& c, u32& d) {
    asm("vset4.u32.u32.ne %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    asm("vset2.s32.s32.lt %0, %1, %2, %3;" : "=r"(c) : "r"(a), "r"(b), "r"(d));
}
__device__ __forceinline__ void simd_saturating(u32& a, u32& b, u32& c, u32& d) {
    asm("vadd4.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    asm("vsub4.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(c) : "r"(d), "r"(b), "r"(a));
    asm("vmax4.s32.s32.s32 %0, %1, %2, %0;" : "+r"(d) : "r"(c), "r"(a));
}
__device__ __forceinline__ void simd_half_masks(u32& a, u32& b, u32& c, u32& d) {
    asm("vset2.u32.s32.lt %0.h1, %1.h10, %2.h32, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
}

// Byte-lane permutations and sums (BIDMat).
__device__ __forceinline__ void simd_selectors_add(u32& a, u32& b, u32& c, u32& d) {
    asm("vmin4.s32.s32.s32.add %0, %1.b4321, %2.b0000, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
}

// Shifts with clamp and a sum (CUB), the amount a constant operand.
__device__ __forceinline__ void shifts(u32& a, u32& b, u32& c, u32& d) {
    asm("vshr.s32.s32.u32.clamp.add %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    __asm__ __volatile__("vshl.u32.u32.u32.clamp.add %[out], %[x], %[amount], %[acc];"
                         : [out] "=r"(b)
                         : [x] "r"(a), [amount] "n"(9), [acc] "r"(c));
}

// A half-word merge and a min with a secondary max (blocksparse, ray tracers).
__device__ __forceinline__ void half_merge_and_clamp(u32& a, u32& b, u32& c, u32& d) {
    asm("vmax.s32.s32.s32 %0.h0, %1.h0, %2.h0, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    asm("vmin.s32.s32.s32.max %0, %1, %2, %3;" : "=r"(c) : "r"(a), "r"(b), "r"(d));
}

// Immediates written in the template.
__device__ __forceinline__ void immediates(u32& a, u32& b, u32&, u32& d) {
    asm("vadd.u32.u32.u32.sat %0, %1, 255;" : "=r"(d) : "r"(a));
    asm("vset.u32.u32.ge %0, %1, 100;" : "=r"(b) : "r"(d));
}

// "+r" read and written; an input tied to the output.
__device__ __forceinline__ void read_write(u32& a, u32& b, u32& c, u32& d) {
    asm volatile("vmin.u32.u32.u32 %0, %0, %1;" : "+r"(d) : "r"(a));
    asm("vabsdiff.u32.u32.u32.add %0, %1, %2, %0;" : "=r"(c) : "r"(a), "r"(b), "0"(c));
}

// A multi-statement block with temporaries (motion-estimation encoders),
// split over adjacent literals with \n\t separators.
__device__ __forceinline__ void block_with_temporaries(u32& a, u32& b, u32& c, u32& d) {
    asm("{\n\t"
        ".reg .u32 t1, t2;\n\t"
        "vabsdiff4.u32.u32.u32.add t1, %1, %2, %4;\n\t"
        "vabsdiff4.u32.u32.u32.add t2, %2, %3, t1;\n\t"
        "mov.b32 %0, t2;\n\t"
        "}"
        : "=r"(d)
        : "r"(a), "r"(b), "r"(c), "r"(d));
}

// Two outputs and a temporary set by mov.
__device__ __forceinline__ void two_outputs(u32& a, u32& b, u32& c, u32& d) {
    asm("{ .reg .b32 t; mov.b32 t, 0; vmax2.u32.u32.u32 t, %2, %3, t; mov.b32 %0, t;"
        " vmin2.u32.u32.u32 %1, %2, %3, t; }"
        : "=r"(d), "=r"(c)
        : "r"(a), "r"(b));
}

// The immediate 0 as a SIMD instruction's c, which only older ptxas took.
__device__ __forceinline__ void old_zero_c(u32& a, u32& b, u32&, u32& d) {
    asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, 0;" : "=r"(d) : "r"(a), "r"(b));
}

// A macro whose body is one complete statement, used with the caller's ';'
// in an if/else (both branches mean the same: |a - b| = |b - a|).
#define VABSDIFF2(d, a, b, c) asm("vabsdiff2.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c))
__device__ __forceinline__ void macro_statement(u32& a, u32& b, u32& c, u32& d) {
    if (a != 0)
        VABSDIFF2(d, a, b, c);
    else
        VABSDIFF2(d, b, a, c);
}

// Signed operands.
__device__ __forceinline__ void signed_operands(u32& a, u32& b, u32& c, u32& d) {
    int x = static_cast<int>(a), y = static_cast<int>(b), z = static_cast<int>(c), r;
    asm("vsub.s32.s32.s32.sat.add %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));
    d = static_cast<u32>(r);
}

// A "+r" operand whose expression has a side effect: GNU asm evaluates it
// once, so r[0] is read and written and i ends at 1 (else c is spoiled).
__device__ __forceinline__ void read_write_once(u32& a, u32& b, u32& c, u32& d) {
    u32 r[2] = {c, d};
    int i = 0;
    asm("vadd.u32.u32.u32.add %0, %1, %2, %0;" : "+r"(r[i++]) : "r"(a), "r"(b));
    c = i == 1 && r[1] == d ? r[0] : ~r[0];
}

// The mnemonic and the first operand in adjacent literals with no space
// between them, which ptxas reads (BIDMat).
__device__ __forceinline__ void glued_literals(u32& a, u32& b, u32& c, u32& d) {
    asm("vmin4.s32.s32.s32.add" "%0, %1.b3210, %2.b4321, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
}

// Plain integer instructions between video ones (as NCCL's product of int8
// lanes shifts, masks and ors vmad's byte products), shift amounts of 32 and
// more included.
__device__ __forceinline__ void mixed_integer(u32& a, u32& b, u32& c, u32& d) {
    asm("{ .reg .u32 t0, t1;\n\t"
        "vmad.u32.u32.u32 t0, %1.b1, %2.b2, %3;\n\t"
        "shl.b32 t1, t0, 8;\n\t"
        "and.b32 t1, t1, 0xff00ff00;\n\t"
        "shr.s32 t0, %1, %2;\n\t"
        "xor.b32 t0, t0, t1;\n\t"
        "shr.u32 t1, %3, %2;\n\t"
        "mul.lo.u32 t1, t1, %1;\n\t"
        "sub.s32 t0, t0, t1;\n\t"
        "or.b32 t0, t0, 1;\n\t"
        "shl.b32 t1, t0, %2;\n\t"
        "add.u32 t1, t1, %1;\n\t"
        "not.b32 t1, t1;\n\t"
        "vadd4.u32.u32.u32.sat %0, t0, t1, %3;\n\t"
        "}" : "=r"(d) : "r"(a), "r"(b), "r"(c));
}

// A statement only a CUDA device pass compiles, with plain C++ for the host
// in its #else. translate_semantic_guard_edited takes the README's recipe for
// running the translation on the host: --guard, then this condition edited to
// `#if !defined(__CUDACC__) || __CUDA_ARCH__ >= 300` (edit_condition.cmake),
// after which a host build must compile the translation, not the PTX.
__device__ __forceinline__ void device_only_sad(u32& a, u32& b, u32& c, u32& d) {
#if __CUDA_ARCH__ >= 300
    asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
#else
    d = c;
    for (int i = 0; i < 32; i += 8) {
        const u32 x = (a >> i) & 0xffu, y = (b >> i) & 0xffu;
        d += x > y ? x - y : y - x;
    }
#endif
}

// Plain integer asm with no video instruction (OpenCV's not.b32, BIDMat's
// shifts and masks): translated, so that a file of such helpers builds for the
// host.
__device__ __forceinline__ void integer_only(u32& a, u32& b, u32& c, u32& d) {
    asm("not.b32 %0, %1;" : "=r"(c) : "r"(a));
    asm("{ .reg .u32 t;\n\tshr.b32 t, %1, %2;\n\tand.b32 %0, t, 0xff00ff;\n\t}" : "=r"(d) : "r"(b), "r"(c));
}

// The other integer instructions video code mixes in (NCCL, CUB, moderngpu,
// nvdiffrast): min and max, prmt, bfe, bfi, lop3 and the funnel shifts, with
// selectors, positions and lengths from the registers (any byte values).
__device__ __forceinline__ void integer_more(u32& a, u32& b, u32& c, u32& d) {
    asm("{ .reg .u32 t0, t1, t2;\n\t"
        "min.s32 t0, %1, %2;\n\t"
        "max.u32 t1, %1, %3;\n\t"
        "prmt.b32 t2, t0, t1, %3;\n\t"
        "bfe.s32 t0, t2, %2, %3;\n\t"
        "bfi.b32 t1, %1, t0, %2, %3;\n\t"
        "lop3.b32 t2, t0, t1, %1, 0x96;\n\t"
        "shf.l.wrap.b32 t0, t2, t1, %2;\n\t"
        "shf.r.clamp.b32 t1, t0, t2, %3;\n\t"
        "min.u32 t2, t1, %2;\n\t"
        "max.s32 t0, t2, t0;\n\t"
        "bfe.u32 t1, t0, %3, %2;\n\t"
        "shf.l.clamp.b32 t2, t1, t0, %1;\n\t"
        "shf.r.wrap.b32 t1, t2, %1, %3;\n\t"
        "lop3.b32 t0, t0, t1, t2, 0xe8;\n\t"
        "vadd4.u32.u32.u32.sat %0, t0, t1, t2;\n\t"
        "}" : "=r"(d) : "r"(a), "r"(b), "r"(c));
}

// Predicates set by setp and read by selp, and cvt between words, bytes and
// half-words (the pattern of CUB's and moderngpu's integer helpers).
__device__ __forceinline__ void integer_predicates(u32& a, u32& b, u32& c, u32& d) {
    asm("{ .reg .pred p, q;\n\t"
        ".reg .u32 t, w;\n\t"
        "setp.lt.s32 p, %1, %2;\n\t"
        "setp.hs.u32 q, %2, %3;\n\t"
        "cvt.s32.s8 t, %1;\n\t"
        "selp.b32 %0, t, %2, p;\n\t"
        "cvt.u32.u16 t, %3;\n\t"
        "selp.s32 %0, %0, t, q;\n\t"
        "setp.ne.b32 p, %0, %1;\n\t"
        "cvt.s32.s16 t, %2;\n\t"
        "selp.u32 %0, %0, t, p;\n\t"
        "setp.le.u32 q, %0, %3;\n\t"
        "cvt.u32.s8 t, %3;\n\t"
        "selp.b32 %0, t, %0, q;\n\t"
        "cvt.s8.u32 t, %0;\n\t"
        "cvt.u16.s8 w, t;\n\t"
        "cvt.s16.u16 t, %1;\n\t"
        "add.u32 %0, %0, t;\n\t"
        "cvt.u8.s16 t, %2;\n\t"
        "xor.b32 %0, %0, t;\n\t"
        "add.u32 %0, %0, w;\n\t"
        "}" : "=r"(d) : "r"(a), "r"(b), "r"(c));
}
