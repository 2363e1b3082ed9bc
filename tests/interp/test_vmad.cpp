// Hand-worked vectors for vmad.
//
// Every expected value is worked through the literal pseudocode of
// reference/ptx-video/vmad.md as SEMANTICS.md R13 reads it:
//   signedFinal = s32(atype) || s32(btype) || (neg_a ^ neg_b) || neg_c
//   tmp = ta * tb (exact); lsb = 0
//   if .po: lsb = 1  elif neg_a ^ neg_b: tmp = ~tmp, lsb = 1  elif neg_c: c = ~c (32 bits), lsb = 1
//   tmp += (signedFinal ? sext32(c) : zext(c)) + lsb
//   .shr7/.shr15 shift arithmetically when signedFinal, else logically
//   .sat clamps to S32 or U32 by signedFinal (dtype is never read); d = low 32 bits.
// The register values are passed as written; the negations come from the text.
// Rows with a negative intermediate under both a shift and .sat are deliberately
// absent: the pseudocode's 64-bit mask before the clamp (README issue M7) leaves
// their result open.
#include <cstddef>
#include <cstdint>
#include <ios>

#include <catch2/catch.hpp>

#include "vectors.hpp"


TEST_CASE("vmad: every accepted negation form", "[interp][vmad]") {
    static const Vec rows[] = {
        // No negation, u32 sources (final unsigned): 3*5 + 7 = 22 = 0x16.
        {"vmad.s32.u32.u32 d, a, b, c", 0x00000003, 0x00000005, 0x00000007, 0x00000016},
        // -a: signedFinal; tmp = ~15 = -16, lsb 1; c = sext(7); -16 + 7 + 1 = -8.
        {"vmad.s32.u32.u32 d, -a, b, c", 0x00000003, 0x00000005, 0x00000007, 0xfffffff8},
        // -b: same as -a (one negation negates the product): -8.
        {"vmad.s32.u32.u32 d, a, -b, c", 0x00000003, 0x00000005, 0x00000007, 0xfffffff8},
        // -c: signedFinal; c = ~7 = 0xfffffff8 -> sext -8, lsb 1; 15 - 8 + 1 = 8.
        {"vmad.s32.u32.u32 d, a, b, -c", 0x00000003, 0x00000005, 0x00000007, 0x00000008},
        // -a -b: neg_a ^ neg_b = 0, nothing negated: 22 (R16).
        {"vmad.s32.u32.u32 d, -a, -b, c", 0x00000003, 0x00000005, 0x00000007, 0x00000016},
        // -a -b -c: the product negations cancel, only c is negated: 15 - 7 = 8.
        {"vmad.s32.u32.u32 d, -a, -b, -c", 0x00000003, 0x00000005, 0x00000007, 0x00000008},
        // s32 -a: ta = -3, tmp = -12 -> ~tmp = 11, lsb 1 -> 12; + c (-10) = 2.
        {"vmad.s32.s32.s32 d, -a, b, c", 0xfffffffd, 0x00000004, 0xfffffff6, 0x00000002},
        // -b with a shift: tmp = ~128 = -129, + 0 + 1 = -128; signedFinal, arithmetic
        // >> 7 = -1 -> 0xffffffff.
        {"vmad.s32.u32.u32.shr7 d, a, -b, c", 0x00000001, 0x00000080, 0x00000000, 0xffffffff},
    };
    check_vectors(rows);
}

TEST_CASE("vmad: .sat clamps by signedFinal, never by dtype (R13)", "[interp][vmad]") {
    static const Vec rows[] = {
        // Unsigned final: 0x10000 * 0x10000 = 2^32 > U32_MAX -> 0xffffffff.
        {"vmad.u32.u32.u32.sat d, a, b, c", 0x00010000, 0x00010000, 0x00000000, 0xffffffff},
        // -a makes the final signed even with u32 sources: 2*3 -> ~6 = -7, + 1 + lsb 1 = -5;
        // inside S32 -> 0xfffffffb (an unsigned clamp would give 0).
        {"vmad.u32.u32.u32.sat d, -a, b, c", 0x00000002, 0x00000003, 0x00000001, 0xfffffffb},
        // -a -b cancel: final stays unsigned; 2^32 > U32_MAX -> 0xffffffff (not S32_MAX).
        {"vmad.u32.u32.u32.sat d, -a, -b, c", 0x00010000, 0x00010000, 0x00000000, 0xffffffff},
        // -c: signedFinal; c = ~10 = 0xfffffff5 -> sext -11, lsb 1; 6 - 11 + 1 = -4 -> 0xfffffffc.
        {"vmad.u32.u32.u32.sat d, a, b, -c", 0x00000002, 0x00000003, 0x0000000a, 0xfffffffc},
        // R13: whole words are sign-extended, so 0xffffffff * 0xffffffff is (-1)(-1) = 1; -a
        // negates it to -1, signed final, inside S32 -> 0xffffffff.
        {"vmad.u32.u32.u32.sat d, -a, b, c", 0xffffffff, 0xffffffff, 0x00000000, 0xffffffff},
        // Half-words are zero-extended: 0xffff * 0xffff = 2^32 - 2^17 + 1; -a gives
        // -(2^32 - 2^17 + 1) < S32_MIN -> 0x80000000.
        {"vmad.u32.u32.u32.sat d, -a.h0, b.h0, c", 0x0000ffff, 0x0000ffff, 0x00000000, 0x80000000},
        // s32: (-2^31) * (-2^31) = 2^62 > S32_MAX -> 0x7fffffff.
        {"vmad.s32.s32.s32.sat d, a, b, c", 0x80000000, 0x80000000, 0x00000000, 0x7fffffff},
        // s32: (-2^31) * (2^31 - 1) + (-2^31) = -2^62 < S32_MIN -> 0x80000000.
        {"vmad.s32.s32.s32.sat d, a, b, c", 0x80000000, 0x7fffffff, 0x80000000, 0x80000000},
        // Mixed: a s32 = -1, b u32 = 4294967295: -4294967295; no .sat -> low32 = 1.
        {"vmad.s32.s32.u32 d, a, b, c", 0xffffffff, 0xffffffff, 0x00000000, 0x00000001},
        // Same with .sat: a whole-word b is sign-extended too (R13), (-1)(-1) = 1 -> 1.
        {"vmad.s32.s32.u32.sat d, a, b, c", 0xffffffff, 0xffffffff, 0x00000000, 0x00000001},
        // b's half-word 0xffff is zero-extended: -65535 fits S32 -> 0xffff0001.
        {"vmad.s32.s32.u32.sat d, a, b.h0, c", 0xffffffff, 0x0000ffff, 0x00000000, 0xffff0001},
        // dtype u32 is ignored: atype s32 makes the final signed; -1 * 1 = -1 stays -1.
        {"vmad.u32.s32.s32.sat d, a, b, c", 0xffffffff, 0x00000001, 0x00000000, 0xffffffff},
        // dtype s32 is ignored: all-u32 sources, final unsigned; a whole-word a is -1 (R13), so
        // -1 * 1 = -1 clamps to 0 (a signed clamp would keep -1).
        {"vmad.s32.u32.u32.sat d, a, b, c", 0xffffffff, 0x00000001, 0x00000000, 0x00000000},
        // With a.h0: 65535 * 1 fits U32 -> 0x0000ffff.
        {"vmad.s32.u32.u32.sat d, a.h0, b, c", 0xffffffff, 0x00000001, 0x00000000, 0x0000ffff},
        // -a -b -c, s32: product 0x7fffffff * 2 = 2^32 - 2; c = ~0x80000000 = 0x7fffffff
        // -> +2^31 - 1, lsb 1: 2^32 - 2 + 2^31 > S32_MAX -> 0x7fffffff.
        {"vmad.s32.s32.s32.sat d, -a, -b, -c", 0x7fffffff, 0x00000002, 0x80000000, 0x7fffffff},
        // Manual example: a s32 = -1, b u32 = 2, tmp = -2; c = ~3 = 0xfffffffc -> -4, lsb 1;
        // -2 - 4 + 1 = -5 -> 0xfffffffb.
        {"vmad.s32.s32.u32.sat r0, r1, r2, -r3", 0xffffffff, 0x00000002, 0x00000003, 0xfffffffb},
    };
    check_vectors(rows);
}

TEST_CASE("vmad: c negated against an unsigned product (README M4)", "[interp][vmad]") {
    // -c negates the extended c (R13), so for c = 0x80000000 the addend is +2^31, not
    // -2^31, as the literal pseudocode (c = ~c, then sext32, then + 1) has it too. The low
    // 32 bits are the same either way; .sat and the shifts expose the difference. An H100
    // agrees (docs/readings.md).
    static const Vec rows[] = {
        // tmp = 0 + 0x7fffffff + 1 = +2^31 > S32_MAX -> 0x7fffffff.
        {"vmad.u32.u32.u32.sat d, a, b, -c", 0x00000000, 0x00000000, 0x80000000, 0x7fffffff},
        // No .sat: low32 of +2^31 = 0x80000000.
        {"vmad.u32.u32.u32 d, a, b, -c", 0x00000000, 0x00000000, 0x80000000, 0x80000000},
        // +2^31 >> 7 (arithmetic, value positive) = 2^24 = 0x01000000.
        {"vmad.u32.u32.u32.shr7 d, a, b, -c", 0x00000000, 0x00000000, 0x80000000, 0x01000000},
        // +2^31 >> 15 = 2^16 = 0x00010000.
        {"vmad.u32.u32.u32.shr15 d, a, b, -c", 0x00000000, 0x00000000, 0x80000000, 0x00010000},
    };
    check_vectors(rows);
}

TEST_CASE("vmad: .po adds one, and -a -b under .po changes nothing", "[interp][vmad]") {
    static const Vec rows[] = {
        // 3*5 + 7 + 1 = 23 = 0x17.
        {"vmad.u32.u32.u32.po d, a, b, c", 0x00000003, 0x00000005, 0x00000007, 0x00000017},
        // -a -b under .po cancel (R16): still 23.
        {"vmad.u32.u32.u32.po d, -a, -b, c", 0x00000003, 0x00000005, 0x00000007, 0x00000017},
        // 0xffffffff * 1 + 0 + 1 = 2^32; low32 = 0.
        {"vmad.u32.u32.u32.po d, a, b, c", 0xffffffff, 0x00000001, 0x00000000, 0x00000000},
        // Same with .sat: the whole-word a is -1 (R13), -1 + 0 + 1 = 0 -> 0.
        {"vmad.u32.u32.u32.po.sat d, a, b, c", 0xffffffff, 0x00000001, 0x00000000, 0x00000000},
        // -a -b with .po and .sat: unsigned final, still 0.
        {"vmad.u32.u32.u32.po.sat d, -a, -b, c", 0xffffffff, 0x00000001, 0x00000000, 0x00000000},
        // With half-words: 0xffff * 0xffff + 0xffffffff (c sign-extended: -1) + 1 = 2^32 - 2^17 + 1.
        {"vmad.u32.u32.u32.po.sat d, a.h0, b.h0, c", 0x0000ffff, 0x0000ffff, 0xffffffff, 0xfffe0001},
        // s32: -1 * 1 + (-1) + 1 = -1.
        {"vmad.s32.s32.s32.po d, a, b, c", 0xffffffff, 0x00000001, 0xffffffff, 0xffffffff},
        // lsb is added before the shift: (127 + 0 + 1) >> 7 = 1.
        {"vmad.u32.u32.u32.po.shr7 d, a, b, c", 0x0000007f, 0x00000001, 0x00000000, 0x00000001},
    };
    check_vectors(rows);
}

TEST_CASE("vmad: .shr7 and .shr15 scale the sum after c is added", "[interp][vmad]") {
    static const Vec rows[] = {
        // (256*256 + 127) >> 7 = 65663 >> 7 = 512 = 0x200.
        {"vmad.u32.u32.u32.shr7 d, a, b, c", 0x00000100, 0x00000100, 0x0000007f, 0x00000200},
        // Manual example: a.h0 = b.h0 = 0x8000 = 32768 (u32); 2^30 + 0x8000 = 2^30 + 2^15;
        // >> 15 = 2^15 + 1 = 0x8001.
        {"vmad.u32.u32.u32.shr15 r0, r1.h0, r2.h0, r3", 0xdead8000, 0xbeef8000, 0x00008000,
         0x00008001},
        // Whole words are sign-extended (R13): (-1)(-1) = 1; >> 15 = 0.
        {"vmad.u32.u32.u32.shr15 d, a, b, c", 0xffffffff, 0xffffffff, 0x00000000, 0x00000000},
        // Same with .sat: 0.
        {"vmad.u32.u32.u32.shr15.sat d, a, b, c", 0xffffffff, 0xffffffff, 0x00000000, 0x00000000},
        // Half-words: 0xffff^2 = 2^32 - 2^17 + 1; >> 15 = 2^17 - 4 = 0x1fffc.
        {"vmad.u32.u32.u32.shr15 d, a.h0, b.h0, c", 0x0000ffff, 0x0000ffff, 0x00000000, 0x0001fffc},
        // -1 * 1 = -1; the shift is arithmetic on the sum: -1 >> 7 = -1 -> 0xffffffff.
        {"vmad.u32.u32.u32.shr7 d, a, b, c", 0xffffffff, 0x00000001, 0x00000000, 0xffffffff},
        // Unsigned final with .sat after a shift: the 64-bit pattern of -1 is clamped as
        // unsigned -> U32_MAX.
        {"vmad.u32.u32.u32.shr7.sat d, a, b, c", 0xffffffff, 0x00000001, 0x00000000, 0xffffffff},
        // Without the shift the exact -1 clamps to 0.
        {"vmad.u32.u32.u32.sat d, a, b, c", 0xffffffff, 0x00000001, 0x00000000, 0x00000000},
        // Signed, arithmetic: -1 >> 7 = -1 -> 0xffffffff.
        {"vmad.s32.s32.s32.shr7 d, a, b, c", 0xffffffff, 0x00000001, 0x00000000, 0xffffffff},
        // Signed: -200 >> 7 = floor(-1.5625) = -2 -> 0xfffffffe.
        {"vmad.s32.s32.s32.shr7 d, a, b, c", 0xffffff38, 0x00000001, 0x00000000, 0xfffffffe},
        // -c: c = ~1 = 0xfffffffe -> -2, lsb 1: 0 - 2 + 1 = -1; >> 15 = -1.
        {"vmad.s32.s32.s32.shr15 d, a, b, -c", 0x00000000, 0x00000000, 0x00000001, 0xffffffff},
        // btype s32 makes c sign-extend: c = -256; >> 7 = -2 -> 0xfffffffe.
        {"vmad.u32.u32.s32.shr7 d, a, b, c", 0x00000000, 0x00000000, 0xffffff00, 0xfffffffe},
        // All u32: c is still sign-extended (R13): -256 >> 7 = -2 -> 0xfffffffe.
        {"vmad.u32.u32.u32.shr7 d, a, b, c", 0x00000000, 0x00000000, 0xffffff00, 0xfffffffe},
    };
    check_vectors(rows);
}

TEST_CASE("vmad: wrap-around, selectors and the ignored d selector", "[interp][vmad]") {
    static const Vec rows[] = {
        // (2^32 - 1)^2 + (2^32 - 1) = (2^32 - 1) * 2^32; low32 = 0.
        {"vmad.u32.u32.u32 d, a, b, c", 0xffffffff, 0xffffffff, 0xffffffff, 0x00000000},
        // s32: a.b3 = 0x80 -> -128, b.h1 = 2; -256 + 0x101 = 1.
        {"vmad.s32.s32.s32 d, a.b3, b.h1, c", 0x80000000, 0x00020000, 0x00000101, 0x00000001},
        // u32: a.b3 = 128, b.h1 = 2; 256 + 257 = 513 = 0x201.
        {"vmad.u32.u32.u32 d, a.b3, b.h1, c", 0x80000000, 0x00020000, 0x00000101, 0x00000201},
        // R16: d.b01 is accepted on vmad and ignored: 3*5 + 7 = 0x16.
        {"vmad.u32.u32.u32 d.b01, a, b, c", 0x00000003, 0x00000005, 0x00000007, 0x00000016},
    };
    check_vectors(rows);
}
