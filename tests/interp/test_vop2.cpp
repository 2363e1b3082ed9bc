// Hand-worked vectors for the dual half-word SIMD vadd2, vsub2, vavrg2,
// vabsdiff2, vmin2 and vmax2.
//
// Every expected value is derived in the comment above its row from
// reference/ptx-video/vop2.md and SEMANTICS.md: lane 0 is bits 15:0, lane 1 bits
// 31:16; selector digits run from lane 1 down to lane 0 and index the half-words
// {b:a} (0-1 are a's, 2-3 are b's), each lane extended by its slot's type (R2,
// R3); vavrg is (s + (s >= 0)) >> 1 (R5); .sat clamps to S16/U16 (R7); merge
// keeps c's unmasked lanes (R10); .add sums the wide lane results into c (R11).
#include <cstddef>
#include <cstdint>
#include <ios>

#include <catch2/catch.hpp>

#include "vectors.hpp"


TEST_CASE("vop2: lanes wrap without .sat and clamp to the half-word range with it (R7)",
          "[interp][vop2]") {
    static const Vec rows[] = {
        // lane0: 1 + 1 = 2; lane1: 0xffff + 2 = 0x10001 -> low 16 bits 0x0001; no carry into
        // anything else.
        {"vadd2.u32.u32.u32 d, a, b, c", 0xffff0001, 0x00020001, 0x00000000, 0x00010002},
        // lane0: 2; lane1: 0x10001 > U16_MAX -> 0xffff.
        {"vadd2.u32.u32.u32.sat d, a, b, c", 0xffff0001, 0x00020001, 0x00000000, 0xffff0002},
        // lane0: -32768 + -32768 = -65536 < S16_MIN -> 0x8000; lane1: 32767 + 1 > S16_MAX -> 0x7fff.
        {"vadd2.s32.s32.s32.sat d, a, b, c", 0x7fff8000, 0x00018000, 0x00000000, 0x7fff8000},
        // Same without .sat: lane0 -65536 -> low 16 = 0x0000; lane1 32768 -> 0x8000.
        {"vadd2.s32.s32.s32 d, a, b, c", 0x7fff8000, 0x00018000, 0x00000000, 0x80000000},
        // lane0: 1 - 2 = -1 < U16_MIN -> 0; lane1: 5 - 3 = 2.
        {"vsub2.u32.u32.u32.sat d, a, b, c", 0x00050001, 0x00030002, 0x00000000, 0x00020000},
        // Same without .sat: lane0 -1 -> 0xffff; lane1 2.
        {"vsub2.u32.u32.u32 d, a, b, c", 0x00050001, 0x00030002, 0x00000000, 0x0002ffff},
        // u32 lanes, s32 dtype: lane0: 0 - 1 = -1 (fits S16) -> 0xffff; lane1: 0 - 65535 <
        // S16_MIN -> 0x8000.
        {"vsub2.s32.u32.u32.sat d, a, b, c", 0x00000000, 0xffff0001, 0x00000000, 0x8000ffff},
        // s32 lanes, u32 dtype: lane0: -32768 + -1 < U16_MIN -> 0; lane1: -1 + 2 = 1.
        {"vadd2.u32.s32.s32.sat d, a, b, c", 0xffff8000, 0x0002ffff, 0x00000000, 0x00010000},
        // Manual example: lane0: 32767 (s32) + 65535 (u32) = 98302 > S16_MAX -> 0x7fff;
        // lane1: -1 (s32) + 1 = 0.
        {"vadd2.s32.s32.u32.sat r1, r2, r3, r1", 0xffff7fff, 0x0001ffff, 0x00000000, 0x00007fff},
    };
    check_vectors(rows);
}

TEST_CASE("vavrg2: rounds half away from zero (R5)", "[interp][vop2]") {
    static const Vec rows[] = {
        // lane0: s = 3 -> (3 + 1) >> 1 = 2; lane1: s = 131070 -> 131071 >> 1 = 65535 = 0xffff.
        {"vavrg2.u32.u32.u32 d, a, b, c", 0xffff0001, 0xffff0002, 0x00000000, 0xffff0002},
        // lane0: s = -2 + -3 = -5 -> -5 >> 1 = -3 = 0xfffd; lane1: s = -2 -> -1 = 0xffff.
        {"vavrg2.s32.s32.s32 d, a, b, c", 0xfffffffe, 0xfffffffd, 0x00000000, 0xfffffffd},
        // lane0: s = -1 -> -1 >> 1 = -1 = 0xffff (-0.5 rounds to -1); lane1: s = 1 -> 2 >> 1 = 1.
        {"vavrg2.s32.s32.s32 d, a, b, c", 0x0001ffff, 0x00000000, 0x00000000, 0x0001ffff},
        // lane0: -32768 + 32767 = -1 -> -1 = 0xffff; lane1: -65536 -> -32768 = 0x8000.
        {"vavrg2.s32.s32.s32 d, a, b, c", 0x80008000, 0x80007fff, 0x00000000, 0x8000ffff},
        // lane0: 65535 + 0 -> 65536 >> 1 = 32768 > S16_MAX -> 0x7fff; lane1: 131070 -> 65535
        // -> 0x7fff.
        {"vavrg2.s32.u32.u32.sat d, a, b, c", 0xffffffff, 0xffff0000, 0x00000000, 0x7fff7fff},
        // lane0: -1 + -3 = -4 -> -2 < U16_MIN -> 0; lane1: 32767 * 2 = 65534 -> 65535 >> 1 = 32767.
        {"vavrg2.u32.s32.s32.sat d, a, b, c", 0x7fffffff, 0x7ffffffd, 0x00000000, 0x7fff0000},
    };
    check_vectors(rows);
}

TEST_CASE("vabsdiff2, vmin2, vmax2: signed and unsigned lanes", "[interp][vop2]") {
    static const Vec rows[] = {
        // s32 lanes: lane0 |32767 - (-32768)| = 65535; lane1 |-32768 - 32767| = 65535.
        {"vabsdiff2.u32.s32.s32 d, a, b, c", 0x80007fff, 0x7fff8000, 0x00000000, 0xffffffff},
        // Same with s32 .sat: 65535 > S16_MAX -> 0x7fff in both lanes.
        {"vabsdiff2.s32.s32.s32.sat d, a, b, c", 0x80007fff, 0x7fff8000, 0x00000000, 0x7fff7fff},
        // u32 lanes: |32767 - 32768| = 1; |32768 - 32767| = 1.
        {"vabsdiff2.u32.u32.u32 d, a, b, c", 0x80007fff, 0x7fff8000, 0x00000000, 0x00010001},
        // s32: lane0 min(1, -32768) = 0x8000; lane1 min(-32768, 1) = 0x8000.
        {"vmin2.s32.s32.s32 d, a, b, c", 0x80000001, 0x00018000, 0x00000000, 0x80008000},
        // u32: lane0 min(1, 32768) = 1; lane1 min(32768, 1) = 1.
        {"vmin2.u32.u32.u32 d, a, b, c", 0x80000001, 0x00018000, 0x00000000, 0x00010001},
        // a u32, b s32: lane0 max(1, 2) = 2; lane1 max(65535, -1) = 65535 = 0xffff.
        {"vmax2.s32.u32.s32 d, a, b, c", 0xffff0001, 0xffff0002, 0x00000000, 0xffff0002},
        // a s32, b u32: lane0 2; lane1 max(-1, 65535) = 65535 > S16_MAX -> 0x7fff.
        {"vmax2.s32.s32.u32.sat d, a, b, c", 0xffff0001, 0xffff0002, 0x00000000, 0x7fff0002},
    };
    check_vectors(rows);
}

TEST_CASE("vop2: .hxy selectors pick half-words of {b:a} (R2, R3)", "[interp][vop2]") {
    static const Vec rows[] = {
        // a.h32 reads b's half-words (lane1 = 3, lane0 = 4), as does the default b.h32:
        // 3 + 3 = 6, 4 + 4 = 8; a's own bits are unused.
        {"vadd2.u32.u32.u32 d, a.h32, b.h32, c", 0x11112222, 0x00030004, 0x00000000, 0x00060008},
        // a.h01: lane1 = a.lo = 16, lane0 = a.hi = 5; b.h23: lane1 = b.lo = 3, lane0 = b.hi = 1.
        // lane1 16 - 3 = 13; lane0 5 - 1 = 4.
        {"vsub2.s32.s32.s32 d, a.h01, b.h23, c", 0x00050010, 0x00010003, 0x00000000, 0x000d0004},
        // Va from b's half-words, extended by atype s32: lane1 0xffff -> -1, lane0 0x8000 ->
        // -32768; Vb from a's, btype u32: lane1 1, lane0 2. min: lane1 -1 = 0xffff,
        // lane0 -32768 = 0x8000.
        {"vmin2.s32.s32.u32 d, a.h32, b.h10, c", 0x00010002, 0xffff8000, 0x00000000, 0xffff8000},
        // Broadcast: a.h00 = (7, 7); b.h33 = (0x20, 0x20); sums 0x27 each.
        {"vadd2.u32.u32.u32 d, a.h00, b.h33, c", 0x99990007, 0x00208888, 0x00000000, 0x00270027},
        // Half-words 0..3 = 2, 1, 4, 3. a.h13: lane1 = 1, lane0 = 3; b.h20: lane1 = 4,
        // lane0 = 2. max: lane1 4, lane0 3.
        {"vmax2.u32.u32.u32 d, a.h13, b.h20, c", 0x00010002, 0x00030004, 0x00000000, 0x00040003},
    };
    check_vectors(rows);
}

TEST_CASE("vop2: masked merge keeps c's other lane (R4, R10)", "[interp][vop2]") {
    static const Vec rows[] = {
        // Mask .h0: lane0 = 1 + 1 = 2; lane1 = c's 0xabcd.
        {"vadd2.u32.u32.u32 d.h0, a, b, c", 0x00010001, 0x00010001, 0xabcd1234, 0xabcd0002},
        // Mask .h1: lane1 = 2; lane0 = c's 0x1234.
        {"vadd2.u32.u32.u32 d.h1, a, b, c", 0x00010001, 0x00010001, 0xabcd1234, 0x00021234},
        // Manual example: lane0 -32768 - 1 < S16_MIN -> 0x8000; lane1 = c's 0xdead.
        {"vsub2.s32.s32.s32.sat r1.h0, r2.h10, r3.h32, r1", 0x00008000, 0x00000001, 0xdeadbeef,
         0xdead8000},
        // A negative lane stays in its 16 bits: lane1 0 - 1 = -1 -> 0xffff; lane0 = c's 0x1234.
        {"vsub2.s32.s32.s32 d.h1, a, b, c", 0x00000000, 0x00010000, 0x00001234, 0xffff1234},
        // Explicit full mask: 32767 + 1 > S16_MAX in both lanes -> 0x7fff; c unused.
        {"vadd2.s32.s32.s32.sat d.h10, a, b, c", 0x7fff7fff, 0x00010001, 0x12345678, 0x7fff7fff},
    };
    check_vectors(rows);
}

TEST_CASE("vop2: .add accumulates the wide lane results into c (R11)", "[interp][vop2]") {
    static const Vec rows[] = {
        // Each lane 65535 + 65535 = 131070, not truncated to 16 bits: 2 * 131070 = 0x3fffc.
        {"vadd2.u32.u32.u32.add d, a, b, c", 0xffffffff, 0xffffffff, 0x00000000, 0x0003fffc},
        // lane0 0 - 2 = -2; lane1 0 - 1 = -1; 0x100 - 3 = 0xfd.
        {"vsub2.s32.s32.s32.add d, a, b, c", 0x00000000, 0x00010002, 0x00000100, 0x000000fd},
        // Same lanes, c = 0: -3 mod 2^32 = 0xfffffffd.
        {"vsub2.s32.s32.s32.add d, a, b, c", 0x00000000, 0x00010002, 0x00000000, 0xfffffffd},
        // u32 dtype does not make the wide lanes non-negative: -2 + -1 = -3 -> 0xfffffffd.
        {"vsub2.u32.u32.u32.add d, a, b, c", 0x00000000, 0x00010002, 0x00000000, 0xfffffffd},
        // Mask .h1 only: |1 - 5| = 4 (lane0's 15 is left out); 0x1000 + 4 = 0x1004.
        {"vabsdiff2.u32.u32.u32.add d.h1, a, b, c", 0x00010010, 0x00050001, 0x00001000, 0x00001004},
        // Manual example: a.h00 = (5, 5); b.h22 = b.lo twice = (3, 3); min 3 per lane;
        // 0x10 + 3 + 3 = 0x16.
        {"vmin2.s32.u32.u32.add r1.h10, r2.h00, r3.h22, r1", 0x00000005, 0x00000003, 0x00000010,
         0x00000016},
        // vavrg2 lanes: lane0 -5 -> -3; lane1 -1 -> -1; 0 - 4 = 0xfffffffc.
        {"vavrg2.s32.s32.s32.add d, a, b, c", 0xfffffffb, 0x00000000, 0x00000000, 0xfffffffc},
        // Mask .h0: lane0 32767 + 32767 = 65534; 0xffffffff + 65534 = 2^32 + 65533 -> 0xfffd.
        {"vadd2.s32.s32.s32.add d.h0, a, b, c", 0x7fff7fff, 0x7fff7fff, 0xffffffff, 0x0000fffd},
        // Each lane max(-32768, -32768) = -32768; sum -65536 = 0xffff0000.
        {"vmax2.s32.s32.s32.add d, a, b, c", 0x80008000, 0x80008000, 0x00000000, 0xffff0000},
    };
    check_vectors(rows);
}
