// Hand-worked vectors for the scalar shifts vshl and vshr.
//
// Every expected value is derived in the comment above its row from the PTX ISA
// text (reference/ptx-video/vshl-vshr.md) and the house readings of SEMANTICS.md,
// chiefly R12: tb is b (selected, zero-extended); .clamp: tb = min(tb, 32);
// .wrap: tb = tb & 31; the shift is wide on a extended by atype (vshr arithmetic
// for .s32, logical for .u32); then .sat (R6), .op2 (R8) or d.dsel merge (R9).
#include <cstddef>
#include <cstdint>
#include <ios>

#include <catch2/catch.hpp>

#include "vectors.hpp"


TEST_CASE("vshl/vshr: shift amounts at and beyond 32 under .clamp and .wrap (R12)", "[interp][vshift]") {
    static const Vec rows[] = {
        // tb = 31: 1 << 31 = 0x80000000.
        {"vshl.u32.u32.u32.clamp d, a, b", 0x00000001, 0x0000001f, 0x00000000, 0x80000000},
        // tb = 32 (clamp keeps 32): 1 << 32 = 2^32 wide; low32 = 0.
        {"vshl.u32.u32.u32.clamp d, a, b", 0x00000001, 0x00000020, 0x00000000, 0x00000000},
        // tb = 33 -> clamp 32: low32 of 2^32 = 0.
        {"vshl.u32.u32.u32.clamp d, a, b", 0x00000001, 0x00000021, 0x00000000, 0x00000000},
        // tb = 0xffffffff (zero-extended, huge) -> clamp 32: 0.
        {"vshl.u32.u32.u32.clamp d, a, b", 0x00000001, 0xffffffff, 0x00000000, 0x00000000},
        // tb = 33 & 31 = 1: 1 << 1 = 2.
        {"vshl.u32.u32.u32.wrap d, a, b", 0x00000001, 0x00000021, 0x00000000, 0x00000002},
        // tb = 32 & 31 = 0: unchanged.
        {"vshl.u32.u32.u32.wrap d, a, b", 0x00000001, 0x00000020, 0x00000000, 0x00000001},
        // tb = 0xffffffff & 31 = 31: 1 << 31.
        {"vshl.u32.u32.u32.wrap d, a, b", 0x00000001, 0xffffffff, 0x00000000, 0x80000000},
        // Logical: 0x80000000 >> 31 = 1.
        {"vshr.u32.u32.u32.clamp d, a, b", 0x80000000, 0x0000001f, 0x00000000, 0x00000001},
        // Logical, tb = 32: 0.
        {"vshr.u32.u32.u32.clamp d, a, b", 0x80000000, 0x00000020, 0x00000000, 0x00000000},
        // Arithmetic (atype s32): -2^31 >> 31 = -1.
        {"vshr.s32.s32.u32.clamp d, a, b", 0x80000000, 0x0000001f, 0x00000000, 0xffffffff},
        // Arithmetic, tb = 0xffffffff -> 32: -2^31 >> 32 = -1 (sign fills everything).
        {"vshr.s32.s32.u32.clamp d, a, b", 0x80000000, 0xffffffff, 0x00000000, 0xffffffff},
        // Arithmetic on a positive value, tb = 33 -> 32: 0.
        {"vshr.s32.s32.u32.clamp d, a, b", 0x7fffffff, 0x00000021, 0x00000000, 0x00000000},
        // Arithmetic, tb = 33 & 31 = 1: -2^31 >> 1 = -2^30 = 0xc0000000.
        {"vshr.s32.s32.u32.wrap d, a, b", 0x80000000, 0x00000021, 0x00000000, 0xc0000000},
        // Logical, tb = 1: 0x40000000.
        {"vshr.u32.u32.u32.wrap d, a, b", 0x80000000, 0x00000021, 0x00000000, 0x40000000},
        // tb = 0: unchanged.
        {"vshr.s32.s32.u32.clamp d, a, b", 0x80000000, 0x00000000, 0x00000000, 0x80000000},
        // s32 a = -1, tb 40 -> clamp 32: -1 << 32 = -2^32 wide; low32 = 0.
        {"vshl.s32.s32.u32.clamp d, a, b", 0xffffffff, 0x00000028, 0x00000000, 0x00000000},
    };
    check_vectors(rows);
}

TEST_CASE("vshr: atype, not dtype, decides arithmetic vs logical (R12)", "[interp][vshift]") {
    static const Vec rows[] = {
        // atype s32: -256 >> 4 = -16 = 0xfffffff0 (dtype u32 is irrelevant without .sat).
        {"vshr.u32.s32.u32.clamp d, a, b", 0xffffff00, 0x00000004, 0x00000000, 0xfffffff0},
        // atype u32: 0xffffff00 >> 4 = 0x0ffffff0 (dtype s32 is irrelevant without .sat).
        {"vshr.s32.u32.u32.clamp d, a, b", 0xffffff00, 0x00000004, 0x00000000, 0x0ffffff0},
        // a.h1 = 0x8000 -> -32768 (s32); >> 4 = -2048 = 0xfffff800.
        {"vshr.s32.s32.u32.wrap d, a.h1, b", 0x8000ffff, 0x00000004, 0x00000000, 0xfffff800},
        // a.h1 = 0x8000 -> 32768 (u32); >> 4 = 2048 = 0x800.
        {"vshr.u32.u32.u32.wrap d, a.h1, b", 0x8000ffff, 0x00000004, 0x00000000, 0x00000800},
    };
    check_vectors(rows);
}

TEST_CASE("vshl/vshr: .sat on the low 34 bits of the shifted value (R6, R12)", "[interp][vshift]") {
    static const Vec rows[] = {
        // 1 << 32 = 2^32 > U32_MAX -> 0xffffffff (without .sat it would be 0).
        {"vshl.u32.u32.u32.sat.clamp d, a, b", 0x00000001, 0x00000020, 0x00000000, 0xffffffff},
        // 0xffffffff << 32 (tb = 0xffffffff clamped) = 0xffffffff00000000: .sat reads its low 34
        // bits, 0x300000000, as signed (R6), -2^32, and clamps that to 0.
        {"vshl.u32.u32.u32.sat.clamp d, a, b", 0xffffffff, 0xffffffff, 0x00000000, 0x00000000},
        // u32 a = 1 << 31 = 2^31 > S32_MAX -> 0x7fffffff.
        {"vshl.s32.u32.u32.sat.clamp d, a, b", 0x00000001, 0x0000001f, 0x00000000, 0x7fffffff},
        // s32 a = -1 << 32 = -2^32 < S32_MIN -> 0x80000000.
        {"vshl.s32.s32.u32.sat.clamp d, a, b", 0xffffffff, 0x00000020, 0x00000000, 0x80000000},
        // s32 a = -1073741825 << 1 = -2147483650 < S32_MIN -> 0x80000000.
        {"vshl.s32.s32.u32.sat.wrap d, a, b", 0xbfffffff, 0x00000001, 0x00000000, 0x80000000},
        // s32 a = -1 << 0 = -1 < U32_MIN -> 0.
        {"vshl.u32.s32.u32.sat.clamp d, a, b", 0xffffffff, 0x00000000, 0x00000000, 0x00000000},
        // s32 a = -2^31 >> 4 = -2^27 < U32_MIN -> 0.
        {"vshr.u32.s32.u32.sat.clamp d, a, b", 0x80000000, 0x00000004, 0x00000000, 0x00000000},
        // u32 a = 4294967295 >> 0 > S32_MAX -> 0x7fffffff.
        {"vshr.s32.u32.u32.sat.wrap d, a, b", 0xffffffff, 0x00000000, 0x00000000, 0x7fffffff},
    };
    check_vectors(rows);
}

TEST_CASE("vshl/vshr: selectors, secondary operation and merge", "[interp][vshift]") {
    static const Vec rows[] = {
        // a.b1 = 0xab; b.b0 = 4 (b's upper bytes ignored); 0xab << 4 = 0xab0.
        {"vshl.u32.u32.u32.clamp d, a.b1, b.b0", 0x0000ab00, 0x00000104, 0x00000000, 0x00000ab0},
        // b.b0 = 0x80 = 128 (zero-extended: b is always u32) -> clamp 32: 0.
        {"vshr.u32.u32.u32.clamp d, a, b.b0", 0xffffffff, 0x00000080, 0x00000000, 0x00000000},
        // b.b0 = 0x21 = 33 -> wrap 1: 0xffffffff >> 1 = 0x7fffffff.
        {"vshr.u32.u32.u32.wrap d, a, b.b0", 0xffffffff, 0xffffff21, 0x00000000, 0x7fffffff},
        // 0xffffffff << 4 = 0xf_fffffff0 wide; + 0x10 = 0x10_00000000; low32 = 0.
        {"vshl.u32.u32.u32.clamp.add d, a, b, c", 0xffffffff, 0x00000004, 0x00000010, 0x00000000},
        // 1 << 32 = 2^32 enters .min as its low 64 bits (R8), above 5: min = 5.
        {"vshl.u32.u32.u32.clamp.min d, a, b, c", 0x00000001, 0x00000020, 0x00000005, 0x00000005},
        // 0x40000000 << 1 = 2^31, positive as a 64-bit .s32 value (R8): max(2^31, 7) = 2^31.
        {"vshl.s32.u32.u32.clamp.max d, a, b, c", 0x40000000, 0x00000001, 0x00000007, 0x80000000},
        // 0x80000000 << 32 = 2^63, whose 64-bit pattern read as .s32 is -2^63: max with c = c.
        {"vshl.s32.u32.u32.clamp.max d, a, b, c", 0x80000000, 0x00000020, 0x00000007, 0x00000007},
        // 0xffffffff << 4 = 0xf_fffffff0 wide, read as .u32: 0xfffffff0; max with 0x100 keeps it.
        {"vshl.u32.u32.u32.clamp.max d, a, b, c", 0xffffffff, 0x00000004, 0x00000100, 0xfffffff0},
        // -2^31 >> 4 = -2^27; c s32 (dtype) = -1; max = -1.
        {"vshr.s32.s32.u32.clamp.max d, a, b, c", 0x80000000, 0x00000004, 0xffffffff, 0xffffffff},
        // 3 << 7 = 384: a d selector does not narrow vshl's .sat (R6), so 384 stays; its low
        // byte 0x80 goes to byte 2 of c.
        {"vshl.u32.u32.u32.sat.clamp d.b2, a, b, c", 0x00000003, 0x00000007, 0x11223344, 0x11803344},
        // 0x100 << 8 = 65536 fits S32; its low half, 0, goes to half 0 of c.
        {"vshl.s32.s32.u32.sat.wrap d.h0, a, b, c", 0x00000100, 0x00000008, 0xaaaa5555, 0xaaaa0000},
        // No .sat: -32768 >> 8 = -128; low byte 0x80 into byte 1 of c.
        {"vshr.s32.s32.u32.wrap d.b1, a, b, c", 0xffff8000, 0x00000008, 0x11111111, 0x11118011},
        // Manual example: 0x12345678 << 4 = 0x1_23456780 wide; no .sat -> low32 0x23456780.
        {"vshl.s32.u32.u32.clamp r1, r2, r3", 0x12345678, 0x00000004, 0x00000000, 0x23456780},
        // Manual example: b.h1 = 0x24 = 36 -> wrap 4; 0xf0000000 >> 4 = 0x0f000000.
        {"vshr.u32.u32.u32.wrap r1, r2, r3.h1", 0xf0000000, 0x00240000, 0x00000000, 0x0f000000},
        // R16: 4-operand form without .op2/dsel ignores c; 0x100 >> 4 = 0x10.
        {"vshr.u32.u32.u32.wrap d, a, b, c", 0x00000100, 0x00000004, 0xffffffff, 0x00000010},
        // R16: d.b01 ignored; 1 << 8 = 0x100 written whole.
        {"vshl.u32.u32.u32.clamp d.b01, a, b", 0x00000001, 0x00000008, 0x00000000, 0x00000100},
    };
    check_vectors(rows);
}
