// Hand-worked vectors for the scalar compare vset.
//
// Every expected value is derived in the comment above its row from
// reference/ptx-video/vset.md and SEMANTICS.md: operands are extended by their
// own type (R1) and compared exactly, so mixed signs compare as integers (R5);
// the result is 0 or 1, and c and d are unsigned for .op2 and merge (R8, R9, R14).
#include <cstddef>
#include <cstdint>
#include <ios>

#include <catch2/catch.hpp>

#include "vectors.hpp"


TEST_CASE("vset: comparisons on the extended values, mixed signs included (R5)", "[interp][vset]") {
    static const Vec rows[] = {
        // a s32 = -1, b u32 = 0: -1 < 0 -> 1.
        {"vset.s32.u32.lt d, a, b", 0xffffffff, 0x00000000, 0x00000000, 0x00000001},
        // a u32 = 4294967295, b s32 = 0: not less -> 0.
        {"vset.u32.s32.lt d, a, b", 0xffffffff, 0x00000000, 0x00000000, 0x00000000},
        // Both u32: 4294967295 < 0 is false -> 0.
        {"vset.u32.u32.lt d, a, b", 0xffffffff, 0x00000000, 0x00000000, 0x00000000},
        // Both s32: -1 < 0 -> 1.
        {"vset.s32.s32.lt d, a, b", 0xffffffff, 0x00000000, 0x00000000, 0x00000001},
        // a u32 = 0, b s32 = -1: 0 > -1 -> 1.
        {"vset.u32.s32.gt d, a, b", 0x00000000, 0xffffffff, 0x00000000, 0x00000001},
        // Same bits, not the same value: a s32 = -1, b u32 = 4294967295 -> not equal -> 0.
        {"vset.s32.u32.eq d, a, b", 0xffffffff, 0xffffffff, 0x00000000, 0x00000000},
        // Both u32: equal -> 1.
        {"vset.u32.u32.eq d, a, b", 0xffffffff, 0xffffffff, 0x00000000, 0x00000001},
        // Mixed signs, different bits: -1 != 4294967295 -> ne is 1.
        {"vset.s32.u32.ne d, a, b", 0xffffffff, 0xffffffff, 0x00000000, 0x00000001},
        // 5 != 5 is false -> 0.
        {"vset.s32.s32.ne d, a, b", 0x00000005, 0x00000005, 0x00000000, 0x00000000},
        // s32: -2^31 <= 2^31 - 1 -> 1.
        {"vset.s32.s32.le d, a, b", 0x80000000, 0x7fffffff, 0x00000000, 0x00000001},
        // s32: -2^31 >= 2^31 - 1 is false -> 0.
        {"vset.s32.s32.ge d, a, b", 0x80000000, 0x7fffffff, 0x00000000, 0x00000000},
        // u32: 2^31 >= 2^31 - 1 -> 1.
        {"vset.u32.u32.ge d, a, b", 0x80000000, 0x7fffffff, 0x00000000, 0x00000001},
        // Equal values: le -> 1.
        {"vset.u32.u32.le d, a, b", 0x00001234, 0x00001234, 0x00000000, 0x00000001},
        // Equal values: gt -> 0.
        {"vset.s32.s32.gt d, a, b", 0x00001234, 0x00001234, 0x00000000, 0x00000000},
        // Manual example: a s32 = -2^31, b u32 = +2^31: lt -> 1.
        {"vset.s32.u32.lt r1, r2, r3", 0x80000000, 0x80000000, 0x00000000, 0x00000001},
    };
    check_vectors(rows);
}

TEST_CASE("vset: source selectors extend by operand type (R1)", "[interp][vset]") {
    static const Vec rows[] = {
        // s32: a.b0 = 0x80 -> -128, b.b1 = 0x01 -> 1; -128 < 1 -> 1.
        {"vset.s32.s32.lt d, a.b0, b.b1", 0x00000080, 0x00000100, 0x00000000, 0x00000001},
        // u32: a.b0 = 128, b.b1 = 1; 128 < 1 is false -> 0.
        {"vset.u32.u32.lt d, a.b0, b.b1", 0x00000080, 0x00000100, 0x00000000, 0x00000000},
        // a.h1 = 0x8000 s32 -> -32768; b.h0 = 0x8000 u32 -> 32768; ge -> 0.
        {"vset.s32.u32.ge d, a.h1, b.h0", 0x80000000, 0x00008000, 0x00000000, 0x00000000},
        // a.h1 u32 -> 32768; b.h0 s32 -> -32768; ge -> 1.
        {"vset.u32.s32.ge d, a.h1, b.h0", 0x80000000, 0x00008000, 0x00000000, 0x00000001},
        // Manual example: b.h1 = 0x1234 equals a = 0x1234 -> ne is 0.
        {"vset.u32.u32.ne r1, r2, r3.h1", 0x00001234, 0x12340000, 0x00000000, 0x00000000},
        // Manual example: b.h1 = 0 differs from a = 0x1234 -> 1.
        {"vset.u32.u32.ne r1, r2, r3.h1", 0x00001234, 0x00001234, 0x00000000, 0x00000001},
    };
    check_vectors(rows);
}

TEST_CASE("vset: secondary .add/.min/.max with c read by atype's signedness (R8, R14)", "[interp][vset]") {
    static const Vec rows[] = {
        // 1 + 0xffffffff = 2^32; low32 = 0.
        {"vset.u32.u32.eq.add d, a, b, c", 0x00000001, 0x00000001, 0xffffffff, 0x00000000},
        // -1 < 0 -> 1; + 0x41 = 0x42.
        {"vset.s32.s32.lt.add d, a, b, c", 0xffffffff, 0x00000000, 0x00000041, 0x00000042},
        // 0 < 1 -> 1; c unsigned = 4294967295; min(1, 4294967295) = 1 (a signed c
        // would be -1 and give 0xffffffff).
        {"vset.u32.u32.lt.min d, a, b, c", 0x00000000, 0x00000001, 0xffffffff, 0x00000001},
        // 1 < 0 -> 0; atype .s32 reads c as signed (R14): -2^31; max(0, -2^31) = 0.
        {"vset.s32.s32.lt.max d, a, b, c", 0x00000001, 0x00000000, 0x80000000, 0x00000000},
        // atype .u32 reads c as unsigned even when btype is .s32: max(0, 2^31) = 0x80000000.
        {"vset.u32.s32.lt.max d, a, b, c", 0x00000001, 0x00000000, 0x80000000, 0x80000000},
        // 0 >= 0 -> 1; max(1, 0) = 1.
        {"vset.s32.s32.ge.max d, a, b, c", 0x00000000, 0x00000000, 0x00000000, 0x00000001},
        // 3 == 4 false -> 0; min(0, 9) = 0.
        {"vset.u32.u32.eq.min d, a, b, c", 0x00000003, 0x00000004, 0x00000009, 0x00000000},
    };
    check_vectors(rows);
}

TEST_CASE("vset: d.dsel merge, and forms ignored as ptxas ignores them (R9, R16)", "[interp][vset]") {
    static const Vec rows[] = {
        // -1 < 0 -> 1 into byte 2 of c.
        {"vset.s32.s32.lt d.b2, a, b, c", 0xffffffff, 0x00000000, 0xaabbccdd, 0xaa01ccdd},
        // u32: 4294967295 < 0 false -> 0 into half 1 of c.
        {"vset.u32.u32.lt d.h1, a, b, c", 0xffffffff, 0x00000000, 0xaabbccdd, 0x0000ccdd},
        // 7 == 7 -> 1 into byte 0 of c.
        {"vset.u32.u32.eq d.b0, a, b, c", 0x00000007, 0x00000007, 0xffffffff, 0xffffff01},
        // 1 != 0 -> 1 into half 0 of c.
        {"vset.u32.u32.ne d.h0, a, b, c", 0x00000001, 0x00000000, 0x12345678, 0x12340001},
        // R16: c without .op2/dsel is ignored: 1 != 2 -> 1.
        {"vset.u32.u32.ne d, a, b, c", 0x00000001, 0x00000002, 0xffffff00, 0x00000001},
        // R16: d.b23 ignored: 2 > 1 -> 1 written as a whole word.
        {"vset.u32.u32.gt d.b23, a, b", 0x00000002, 0x00000001, 0x00000000, 0x00000001},
    };
    check_vectors(rows);
}
