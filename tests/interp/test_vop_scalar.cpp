// Hand-worked vectors for the scalar vadd, vsub, vabsdiff, vmin and vmax.
//
// Every expected value is derived in the comment above its row from the PTX ISA
// text (reference/ptx-video/) and the house readings R1-R18 of SEMANTICS.md, not
// from running any implementation, so the table is an independent check of the
// interpreter. Notation: "wide" = exact integer before truncation; S32/U32 etc.
// are the clamp ranges; "low32" = the 32 bits written to d.
#include <cstddef>
#include <cstdint>
#include <ios>

#include <catch2/catch.hpp>

#include "vectors.hpp"


TEST_CASE("scalar vop: word operands, no saturation, result wraps to 32 bits", "[interp][vop_scalar]") {
    static const Vec rows[] = {
        // 0xffffffff + 2 = 0x1_00000001 wide; low32 = 1.
        {"vadd.u32.u32.u32 d, a, b", 0xffffffff, 0x00000002, 0x00000000, 0x00000001},
        // s32: 0x7fffffff + 1 = +2^31 wide; no .sat so low32 = 0x80000000.
        {"vadd.s32.s32.s32 d, a, b", 0x7fffffff, 0x00000001, 0x00000000, 0x80000000},
        // 1 - 2 = -1 wide; low32 = 0xffffffff even though every type is u32.
        {"vsub.u32.u32.u32 d, a, b", 0x00000001, 0x00000002, 0x00000000, 0xffffffff},
        // |0 - 4294967295| = 4294967295 = 0xffffffff.
        {"vabsdiff.u32.u32.u32 d, a, b", 0x00000000, 0xffffffff, 0x00000000, 0xffffffff},
        // s32: |-2^31 - (2^31 - 1)| = 2^32 - 1 (needs 33 bits wide); low32 = 0xffffffff.
        {"vabsdiff.s32.s32.s32 d, a, b", 0x80000000, 0x7fffffff, 0x00000000, 0xffffffff},
        // a, b are s32: |-5 - 3| = 8; dtype u32 does not change the operation.
        {"vabsdiff.u32.s32.s32 d, a, b", 0xfffffffb, 0x00000003, 0x00000000, 0x00000008},
        // s32: min(-1, 1) = -1 -> 0xffffffff.
        {"vmin.s32.s32.s32 d, a, b", 0xffffffff, 0x00000001, 0x00000000, 0xffffffff},
        // u32: min(4294967295, 1) = 1.
        {"vmin.u32.u32.u32 d, a, b", 0xffffffff, 0x00000001, 0x00000000, 0x00000001},
        // Mixed signs (R5): a is s32 = -1, b is u32 = 0: max(-1, 0) = 0.
        {"vmax.u32.s32.u32 d, a, b", 0xffffffff, 0x00000000, 0x00000000, 0x00000000},
        // Same bits, a now u32 = 4294967295: max(4294967295, 0) = 0xffffffff.
        {"vmax.u32.u32.u32 d, a, b", 0xffffffff, 0x00000000, 0x00000000, 0xffffffff},
        // Mixed signs: a u32 = 4294967295, b s32 = -1: a - b = 2^32 wide; low32 = 0.
        {"vsub.s32.u32.s32 d, a, b", 0xffffffff, 0xffffffff, 0x00000000, 0x00000000},
    };
    check_vectors(rows);
}

TEST_CASE("scalar vop: .sat on a word: S32 for a signed dtype, only at 0 for an unsigned one (R6)", "[interp][vop_scalar]") {
    static const Vec rows[] = {
        // +2^31 > S32_MAX -> 0x7fffffff.
        {"vadd.s32.s32.s32.sat d, a, b", 0x7fffffff, 0x00000001, 0x00000000, 0x7fffffff},
        // -2^31 + -1 = -2^31 - 1 < S32_MIN -> 0x80000000.
        {"vadd.s32.s32.s32.sat d, a, b", 0x80000000, 0xffffffff, 0x00000000, 0x80000000},
        // R6: a .u32 dtype is not clamped above: 0xffffffff + 1 = 2^32 keeps its low 32 bits, 0.
        {"vadd.u32.u32.u32.sat d, a, b", 0xffffffff, 0x00000001, 0x00000000, 0x00000000},
        // 1 - 2 = -1 < U32_MIN -> 0.
        {"vsub.u32.u32.u32.sat d, a, b", 0x00000001, 0x00000002, 0x00000000, 0x00000000},
        // u32 sources: 4294967295 + 4294967295 = 2^33 - 2 > S32_MAX -> 0x7fffffff.
        {"vadd.s32.u32.u32.sat d, a, b", 0xffffffff, 0xffffffff, 0x00000000, 0x7fffffff},
        // u32 sources: 0 - 4294967295 = -(2^32 - 1) < S32_MIN -> 0x80000000.
        {"vsub.s32.u32.u32.sat d, a, b", 0x00000000, 0xffffffff, 0x00000000, 0x80000000},
        // s32 sources: -2^31 - 1 < U32_MIN -> 0.
        {"vsub.u32.s32.s32.sat d, a, b", 0x80000000, 0x00000001, 0x00000000, 0x00000000},
        // s32 sources: -2 + 1 = -1 < U32_MIN -> 0.
        {"vadd.u32.s32.s32.sat d, a, b", 0xfffffffe, 0x00000001, 0x00000000, 0x00000000},
        // |-2^31 - (2^31 - 1)| = 2^32 - 1 > S32_MAX -> 0x7fffffff.
        {"vabsdiff.s32.s32.s32.sat d, a, b", 0x80000000, 0x7fffffff, 0x00000000, 0x7fffffff},
        // R6 as an H100 computes it: a u32 = 4294967295, b s32 = +2147483647; the sum
        // 6442450942 is not clamped above and keeps its low 32 bits, 0x7ffffffe (as a public
        // report had it).
        {"vadd.u32.u32.s32.sat d, a, b", 0xffffffff, 0x7fffffff, 0x00000000, 0x7ffffffe},
    };
    check_vectors(rows);
}

TEST_CASE("scalar vop: byte and half-word source selectors extend by operand type (R1)",
          "[interp][vop_scalar]") {
    static const Vec rows[] = {
        // u32: a.b0 = 0x80 -> 128, b.b3 = 0x80 -> 128 (zero-extended); 256 = 0x100.
        {"vadd.u32.u32.u32 d, a.b0, b.b3", 0x00000080, 0x80000000, 0x00000000, 0x00000100},
        // s32: both bytes sign-extend to -128; -256 -> 0xffffff00.
        {"vadd.s32.s32.s32 d, a.b0, b.b3", 0x00000080, 0x80000000, 0x00000000, 0xffffff00},
        // a u32 -> +128, b s32 -> -128; sum 0.
        {"vadd.s32.u32.s32 d, a.b0, b.b3", 0x00000080, 0x80000000, 0x00000000, 0x00000000},
        // a.h1 = 0x8000 -> -32768 (s32), b.h0 = 1; -32769 -> 0xffff7fff.
        {"vsub.s32.s32.s32 d, a.h1, b.h0", 0x80001234, 0x00000001, 0x00000000, 0xffff7fff},
        // a.h1 = 0xffff, b.b2 = 0xff (u32); 65535 + 255 = 65790 = 0x100fe.
        {"vadd.u32.u32.u32 d, a.h1, b.b2", 0xffff0000, 0x00ff0000, 0x00000000, 0x000100fe},
        // s32: a.b1 = 0x7f -> 127, b.b2 = 0x80 -> -128; max = 127.
        {"vmax.s32.s32.s32 d, a.b1, b.b2", 0x00007f00, 0x00800000, 0x00000000, 0x0000007f},
        // Same bits: min = -128 -> 0xffffff80.
        {"vmin.s32.s32.s32 d, a.b1, b.b2", 0x00007f00, 0x00800000, 0x00000000, 0xffffff80},
        // u32: 127 vs 128 -> min = 127.
        {"vmin.u32.u32.u32 d, a.b1, b.b2", 0x00007f00, 0x00800000, 0x00000000, 0x0000007f},
        // Manual example. a.b0 = 0xff (u32) = 255, b.h0 = 0x8000 (s32) = -32768;
        // 255 - 32768 = -32513 is inside S32 -> 0xffff80ff.
        {"vadd.s32.u32.s32.sat r1, r2.b0, r3.h0", 0x123456ff, 0xabcd8000, 0x00000000, 0xffff80ff},
        // Manual example. a.h1 = 0x8000 (s32) = -32768, b.h1 = 0xffff (u32) = 65535;
        // -98303 fits S32 -> 0xfffe8001.
        {"vsub.s32.s32.u32.sat r1, r2.h1, r3.h1", 0x80000000, 0xffff0000, 0x00000000, 0xfffe8001},
    };
    check_vectors(rows);
}

TEST_CASE("scalar vop: secondary operation .add/.min/.max (R6, R8)", "[interp][vop_scalar]") {
    static const Vec rows[] = {
        // R8's example: tmp = 1 - 2 = -1 wide; it enters .max as its low 32 bits read
        // as .u32 (dtype): 0xffffffff = 4294967295; c = 0 (u32); max = 4294967295.
        {"vsub.u32.u32.u32.max d, a, b, c", 0x00000001, 0x00000002, 0x00000000, 0xffffffff},
        // tmp = -1 wide, read as .u32: 4294967295; min(4294967295, 5) = 5.
        {"vsub.u32.u32.u32.min d, a, b, c", 0x00000001, 0x00000002, 0x00000005, 0x00000005},
        // tmp = 2^32 wide, read as .u32: its low 32 bits, 0; min(0, 5) = 0.
        {"vadd.u32.u32.u32.min d, a, b, c", 0xffffffff, 0x00000001, 0x00000005, 0x00000000},
        // tmp = +2^31 wide (no .sat), read as .s32: -2^31; c = 0 (s32);
        // max(-2^31, 0) = 0.
        {"vadd.s32.s32.s32.max d, a, b, c", 0x7fffffff, 0x00000001, 0x00000000, 0x00000000},
        // 3 * 0xffffffff = 0x2_fffffffd wide; low32 = 0xfffffffd.
        {"vadd.u32.u32.u32.add d, a, b, c", 0xffffffff, 0xffffffff, 0xffffffff, 0xfffffffd},
        // .sat before the secondary op: 2^31 -> 0x7fffffff, then + 1 = 2^31, not clamped
        // again -> 0x80000000.
        {"vadd.s32.s32.s32.sat.add d, a, b, c", 0x7fffffff, 0x00000001, 0x00000001, 0x80000000},
        // tmp = 2^33 - 2 is not clamped above (R6); .max gets its low word sign-extended, -2,
        // whose 64-bit pattern is above 7 (R8) -> 0xfffffffe.
        {"vadd.u32.u32.u32.sat.max d, a, b, c", 0xffffffff, 0xffffffff, 0x00000007, 0xfffffffe},
        // 0 - 5 = -5; + c 3 = -2 -> 0xfffffffe.
        {"vsub.s32.s32.s32.add d, a, b, c", 0x00000000, 0x00000005, 0x00000003, 0xfffffffe},
        // c takes dtype's sign (R8): tmp = max(3, -2) = 3; c s32 = -1; min(3, -1) = -1.
        {"vmax.s32.s32.s32.min d, a, b, c", 0x00000003, 0xfffffffe, 0xffffffff, 0xffffffff},
        // Same bits, dtype u32: c = 4294967295; min(3, 4294967295) = 3.
        {"vmax.u32.s32.s32.min d, a, b, c", 0x00000003, 0xfffffffe, 0xffffffff, 0x00000003},
        // |10 - 3| = 7; + 0x100 = 0x107.
        {"vabsdiff.u32.u32.u32.add d, a, b, c", 0x0000000a, 0x00000003, 0x00000100, 0x00000107},
        // Manual example (c is a register name). min(-10, 5) = -10, inside S32;
        // + c 100 = 90 = 0x5a.
        {"vmin.s32.s32.s32.sat.add r1, r2, r3, c", 0xfffffff6, 0x00000005, 0x00000064, 0x0000005a},
        // Saturated result is negative and c is u32: tmp = -1 -> sat U32 -> 0; 0 + 0xffffffff.
        {"vsub.u32.u32.u32.sat.add d, a, b, c", 0x00000001, 0x00000002, 0xffffffff, 0xffffffff},
    };
    check_vectors(rows);
}

// R8 across every signedness of dtype, atype and btype, on the operands of the
// published Maxwell tests (tests/golden/maxwell-sm_53-nxgpucatch.tsv):
//   a = 0x12345688 = 305419912 either way;
//   b = 0x8a24c993 = 2317666707 as .u32, -1977300589 as .s32;
//   c = 0x9123064a = 2434992714 as .u32, -1860974006 as .s32.
// The primary result enters .min/.max as its low 32 bits read with dtype's
// signedness, c is extended by dtype; the last column says which operand wins.
TEST_CASE("scalar vop: .min/.max compare with dtype's signedness, vadd/vsub on their low word (R8)", "[interp][vop_scalar]") {
    static const Vec rows[] = {
        // u32 dtype.
        // min(a, b u) = a; max(a, c u 2434992714) = c.
        {"vmin.u32.u32.u32.max d, a, b, c", 0x12345688, 0x8a24c993, 0x9123064a, 0x9123064a},
        // min(a, b u) = a; min(a, c u) = a.
        {"vmin.u32.u32.u32.min d, a, b, c", 0x12345688, 0x8a24c993, 0x9123064a, 0x12345688},
        // max(a, b u) = b 2317666707, read as .u32 the same; min(b, c u 2434992714) = b.
        {"vmax.u32.u32.u32.min d, a, b, c", 0x12345688, 0x8a24c993, 0x9123064a, 0x8a24c993},
        // a s32 positive, b u32: min = a; max(a, c u) = c.
        {"vmin.u32.s32.u32.max d, a, b, c", 0x12345688, 0x8a24c993, 0x9123064a, 0x9123064a},
        // b s32 = -1977300589: min = b, exact and negative (R8); its 64-bit pattern, read as
        // .u32, is above every c: min = c.
        {"vmin.u32.s32.s32.min d, a, b, c", 0x12345688, 0x8a24c993, 0x9123064a, 0x9123064a},
        // a u32, b s32 negative: max = a; min(a, c u) = a.
        {"vmax.u32.u32.s32.min d, a, b, c", 0x12345688, 0x8a24c993, 0x9123064a, 0x12345688},
        // s32 dtype: c = -1860974006.
        // min(a, b u) = a, positive as .s32; max(a, c s) = a.
        {"vmin.s32.u32.u32.max d, a, b, c", 0x12345688, 0x8a24c993, 0x9123064a, 0x12345688},
        // min(a, b u) = a; min(a, c s) = c.
        {"vmin.s32.u32.u32.min d, a, b, c", 0x12345688, 0x8a24c993, 0x9123064a, 0x9123064a},
        // The case that tells the readings apart: max(a, b u) = b = 2317666707 enters .min
        // exact (R8), above c s = -1860974006: min = c. An H100 gives c; Maxwell SASS gave b
        // (the value read as .s32, -1977300589).
        {"vmax.s32.u32.u32.min d, a, b, c", 0x12345688, 0x8a24c993, 0x9123064a, 0x9123064a},
        // a s32, b u32: min = a; max(a, c s) = a.
        {"vmin.s32.s32.u32.max d, a, b, c", 0x12345688, 0x8a24c993, 0x9123064a, 0x12345688},
        // b s32 = -1977300589: min = b; min(b, c s -1860974006) = b.
        {"vmin.s32.s32.s32.min d, a, b, c", 0x12345688, 0x8a24c993, 0x9123064a, 0x8a24c993},
        // a u32, b s32 negative: max = a; min(a, c s) = c.
        {"vmax.s32.u32.s32.min d, a, b, c", 0x12345688, 0x8a24c993, 0x9123064a, 0x9123064a},
        // Half-word b: b.h0 u = 0xdead = 57005; min(a, 57005) = 57005; min(57005, c u) = 57005.
        {"vmin.u32.u32.u32.min d, a, b.h0, c", 0x12345688, 0x0000dead, 0x9123064a, 0x0000dead},
        // b.h0 s = -8531: min = -8531; read as .s32 the same; min(-8531, c 0) = -8531 = 0xffffdead.
        {"vmin.s32.u32.s32.min d, a, b.h0, c", 0x12345688, 0x0000dead, 0x00000000, 0xffffdead},
    };
    check_vectors(rows);
}

TEST_CASE("scalar vop: d.dsel merge, .sat as one unsigned min against the part's maximum (R6, R9)",
          "[interp][vop_scalar]") {
    static const Vec rows[] = {
        // 127 + 1 = 128 > S8_MAX -> 127 = 0x7f; into byte 1 of c.
        {"vadd.s32.s32.s32.sat d.b1, a, b, c", 0x0000007f, 0x00000001, 0xaabbccdd, 0xaabb7fdd},
        // -128 + -1 = -129: under a byte selector one unsigned min against S8_MAX (R6), so a
        // negative value gives 0x7f; into byte 1 of c.
        {"vadd.s32.s32.s32.sat d.b1, a, b, c", 0xffffff80, 0xffffffff, 0xaabbccdd, 0xaabb7fdd},
        // 255 + 1 = 256 > U8_MAX -> 0xff into byte 0.
        {"vadd.u32.u32.u32.sat d.b0, a, b, c", 0x000000ff, 0x00000001, 0x12345678, 0x123456ff},
        // 1 - 2 = -1 -> U16_MAX 0xffff (R6); .h1 takes its bits [31:16], 0, in place (R9).
        {"vsub.u32.u32.u32.sat d.h1, a, b, c", 0x00000001, 0x00000002, 0x12345678, 0x00005678},
        // 65536 > U16_MAX -> 0xffff into half 0.
        {"vadd.u32.u32.u32.sat d.h0, a, b, c", 0x00010000, 0x00000000, 0x12345678, 0x1234ffff},
        // 32767 + 32767 = 65534 > S16_MAX -> 0x7fff into half 0.
        {"vadd.s32.s32.s32.sat d.h0, a, b, c", 0x00007fff, 0x00007fff, 0xdeadbeef, 0xdead7fff},
        // u32 sources, s32 dtype: 0 - 4096 is negative -> S8_MAX 0x7f (R6) into byte 3.
        {"vsub.s32.u32.u32.sat d.b3, a, b, c", 0x00000000, 0x00001000, 0x00112233, 0x7f112233},
        // No .sat: 0x1ff + 1 = 0x200; low byte 0x00 goes to byte 2.
        {"vadd.u32.u32.u32 d.b2, a, b, c", 0x000001ff, 0x00000001, 0x11223344, 0x11003344},
        // No .sat: 0 - 1 = -1; low half 0xffff goes to half 1, the rest of c is kept.
        {"vsub.s32.s32.s32 d.h1, a, b, c", 0x00000000, 0x00000001, 0x12345678, 0xffff5678},
        // max(0x12, 0x34) = 0x34 into byte 3.
        {"vmax.u32.u32.u32 d.b3, a, b, c", 0x00000012, 0x00000034, 0x00aabbcc, 0x34aabbcc},
        // Manual example. a.b0 = 0x80 -> -128, b.b2 = 0x7f -> 127; |-255| = 255, inside
        // S16 (merge is .h0) -> 0x00ff into half 0 of c.
        {"vabsdiff.s32.s32.s32.sat r1.h0, r2.b0, r3.b2, c", 0x00000080, 0x007f0000, 0xcafef00d,
         0xcafe00ff},
        // Same with a byte merge: 255 > S8_MAX -> 0x7f into byte 2.
        {"vabsdiff.s32.s32.s32.sat r1.b2, r2.b0, r3.b2, c", 0x00000080, 0x007f0000, 0xcafef00d,
         0xca7ff00d},
    };
    check_vectors(rows);
}

TEST_CASE("scalar vop: forms accepted beyond the manual are read as ptxas reads them (R16)",
          "[interp][vop_scalar]") {
    static const Vec rows[] = {
        // 4-operand form without .op2 or d.dsel: c is ignored; 1 + 2 = 3.
        {"vadd.u32.u32.u32 d, a, b, c", 0x00000001, 0x00000002, 0x12345678, 0x00000003},
        // c ignored; -2^31 - 1 -> sat S32 -> 0x80000000.
        {"vsub.s32.s32.s32.sat d, a, b, c", 0x80000000, 0x00000001, 0xffffffff, 0x80000000},
        // d.b01 is ignored: the whole 32-bit sum is written.
        {"vadd.u32.u32.u32 d.b01, a, b", 0x11111111, 0x22222222, 0x00000000, 0x33333333},
        // d.b12 is ignored, so .sat uses the word range, not a byte range: 0x1000 stays.
        {"vmax.s32.s32.s32.sat d.b12, a, b", 0x00001000, 0x00000010, 0x00000000, 0x00001000},
        // d.b23 is ignored with .op2: (5 - 3) + 0x10 = 0x12.
        {"vsub.u32.u32.u32.add d.b23, a, b, c", 0x00000005, 0x00000003, 0x00000010, 0x00000012},
    };
    check_vectors(rows);
}

TEST_CASE("scalar vop: immediate sources use operand_value", "[interp][vop_scalar]") {
    // b is the immediate 7; the register value passed for it is ignored. 0x10 + 7 = 0x17.
    {
        const ptxv::Instr in = ptxv::parse("vadd.u32.u32.u32 d, a, 7");
        CHECK(ptxv::interpret(in, 0x10, ptxv::operand_value(in.b, 0xdeadbeef), 0) == 0x00000017u);
    }
    // a is the immediate 0x80, a whole word (no selector): 128 - 0x81 = -1.
    {
        const ptxv::Instr in = ptxv::parse("vsub.s32.s32.s32 d, 0x80, b");
        CHECK(ptxv::interpret(in, ptxv::operand_value(in.a, 0), 0x81, 0) == 0xffffffffu);
    }
}
